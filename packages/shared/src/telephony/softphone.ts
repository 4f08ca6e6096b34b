import { labelled } from '../platform/labelled.js';

/** The softphone's messages of spec sections 5 and 8, verbatim. */
export const SOFTPHONE_MESSAGES = {
  libraryLoadFailed: 'Không thể tải được JsSIP, vui lòng reload lại trang!',
  webRtcUnsupported: 'Trình duyệt của bạn không hỗ trợ phương thức nghe gọi!',
  microphoneDenied: 'Bạn cần cấp quyền truy cập Microphone để sử dụng chức năng thoại!',
  answerInterrupted: 'Kết nối bị gián đoạn, vui lòng thử lại sau vài giây!',
  answerFailed: 'Có lỗi xảy ra khi kết nối cuộc gọi',
} as const;

/**
 * Where the softphone's link to the SIP gateway stands (spec section 4's SIP connection, plus
 * the states a user needs to tell apart: a gateway nobody can reach is not a wrong password).
 */
export const SIP_CONNECTION_STATE = labelled({
  idle: 'Chưa kết nối tổng đài',
  connecting: 'Đang kết nối tổng đài…',
  connected: 'Đã kết nối, đang đăng ký…',
  registered: 'Sẵn sàng nghe gọi',
  unregistered: 'Chưa đăng ký tổng đài',
  disconnected: 'Mất kết nối tổng đài, đang kết nối lại…',
  registration_failed: 'Sai tài khoản hoặc mật khẩu SIP',
  unreachable: 'Không kết nối được tổng đài',
  unsupported: 'Trình duyệt không hỗ trợ nghe gọi',
  microphone_denied: 'Chưa cấp quyền Microphone',
  load_failed: 'Không tải được thư viện thoại',
});
export type SipConnectionState = (typeof SIP_CONNECTION_STATE.values)[number];

/** Headers the gateway adds to an inbound INVITE. */
export const SIP_HEADERS = {
  queue: 'X-OmniCare-Queue',
  hotline: 'X-OmniCare-Hotline',
} as const;
