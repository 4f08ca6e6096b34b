import { z } from 'zod';
/**
 * Facebook Messenger (a Page, `/settings/multi-channels/facebook`): the Graph API's defaults and
 * the Vietnamese words of the channel's refusals. The channel's settings and secrets are
 * `CHANNEL_CONFIG.facebook` (channels.schemas.ts); the wire formats are the shared channels notes'
 * section 4.
 */

/** Meta's Graph API host and the version a channel uses when it names none. */
export const FACEBOOK_GRAPH_BASE_URL = 'https://graph.facebook.com';
export const FACEBOOK_API_VERSION = 'v20.0';

/**
 * Messenger's standard messaging window: a Page may answer (messaging_type RESPONSE) for 24 hours
 * after the person's last message. Later, only message tags may be sent (not offered here).
 */
export const FACEBOOK_REPLY_WINDOW_HOURS = 24;

/** The webhook's address for a channel (what the administrator pastes into the Meta app). */
export const facebookWebhookPath = (channelId: string) => `/v2/webhooks/facebook/${channelId}`;

export const FACEBOOK_MESSAGES = {
  notConnected: 'Kênh Facebook chưa có Page access token, vui lòng cập nhật trong Cài đặt',
  outsideWindow: `Khách hàng không nhắn tin cho Trang trong ${FACEBOOK_REPLY_WINDOW_HOURS} giờ qua: Facebook không cho phép Trang trả lời ngoài khoảng thời gian này`,
  noRecipient: 'Không tìm thấy tài khoản Messenger của khách hàng này',
  unreachable: 'Không kết nối được tới Facebook',
  badSignature: 'Chữ ký webhook Facebook không hợp lệ',
  verifyRefused: 'Verify token không khớp',
  versionInvalid: 'Phiên bản Graph API không hợp lệ (ví dụ v20.0)',
  pageIdInvalid: 'Page ID chỉ gồm chữ số',
  postback: 'Nút bấm',
  pageNotManaged:
    'Tài khoản của User access token không quản lý Trang này (hoặc không có quyền nhắn tin của Trang)',
  pagesFailed: (reason: string) => `Facebook không trả danh sách Trang: ${reason}`,
} as const;

/** One Page a User access token manages (`facebookPagesBody`, in channels.schemas.ts). */
export const facebookPageView = z.object({ id: z.string(), name: z.string() });
export type FacebookPageView = z.infer<typeof facebookPageView>;
