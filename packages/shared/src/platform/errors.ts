/** The error catalogue of spec section 8, plus the server's own messages. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Dữ liệu gửi lên không hợp lệ',
  401: 'Bạn không có quyền truy cập',
  403: 'Bạn không có quyền truy cập',
  404: 'Kiểm tra URL hoặc endpoint có đúng không!',
  408: 'Thời gian kết nối đến server quá lâu, vui lòng kiểm tra kết nối mạng!',
  // The server's own: what the HTTP layer refuses before any route (413, 414, 415, 431).
  413: 'Dữ liệu gửi lên quá lớn',
  414: 'Đường dẫn quá dài',
  415: 'Định dạng dữ liệu gửi lên không được hỗ trợ',
  429: 'Gửi quá nhiều yêu cầu đồng thời, vui lòng thử lại sau ít phút!',
  431: 'Phần tiêu đề của yêu cầu quá lớn',
  500: 'Đã xảy ra lỗi từ server, vui lòng thử lại sau!',
  503: 'Dịch vụ tạm thời không hoạt động, vui lòng thử lại sau!',
  504: 'Server đang bận, vui lòng thử lại sau!',
};
export const DEFAULT_ERROR_MESSAGE = 'Đã xảy ra lỗi trong quá trình thực hiện';

export const httpStatusMessage = (status: number | undefined): string =>
  (status !== undefined && HTTP_STATUS_MESSAGES[status]) || DEFAULT_ERROR_MESSAGE;

/** Network-level failures, keyed by axios error code. */
export const NETWORK_ERROR_MESSAGES = {
  ECONNABORTED: 'Request bị timeout',
  ETIMEDOUT: 'Request bị timeout',
  ERR_NETWORK: 'Lỗi kết nối mạng',
  ERR_BAD_REQUEST: 'Dữ liệu request không hợp lệ',
  ERR_BAD_RESPONSE: 'Response không hợp lệ',
  ERR_FR_TOO_MANY_REDIRECTS: 'Quá nhiều redirect',
  ERR_CANCELED: 'Request bị hủy',
  ERR_INVALID_URL: 'URL không hợp lệ',
} as const;
export const UNKNOWN_NETWORK_ERROR_MESSAGE = 'Lỗi không xác định';

export const networkErrorMessage = (code: string | undefined): string =>
  (code && (NETWORK_ERROR_MESSAGES as Record<string, string>)[code]) ||
  UNKNOWN_NETWORK_ERROR_MESSAGE;

export const MESSAGES = {
  sessionExpired: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại!',
  forbiddenFeature: 'Bạn không có quyền sử dụng tính năng này!',
  warningTitle: 'Cảnh báo',
  notFoundTitle: '404 - Not Found',
  notFoundMessage: 'Đường dẫn không tồn tại, bạn hãy kiểm tra lại đường dẫn có đúng không?',
  backHome: 'Quay lại trang chủ',
  errorToastTitle: 'Đã xảy ra lỗi',
  emptyList: 'Không có dữ liệu.',
  wrongCredentials: 'Email hoặc mật khẩu không đúng',
  accountDisabled: 'Tài khoản đã bị vô hiệu hóa',
  resetCodeSent:
    'Nếu email tồn tại trong hệ thống, mã xác nhận gồm 4 chữ số đã được gửi đến email của bạn',
  resetCodeInvalid: 'Mã xác nhận không đúng hoặc đã hết hạn',
  passwordChanged: 'Đổi mật khẩu thành công, vui lòng đăng nhập lại',
  validationFailed: 'Validation Failed',
  notFound: 'Not Found',
  genericFallback: 'Something went wrong!',
  micPermission: 'Bạn cần cấp quyền truy cập Microphone để sử dụng chức năng thoại!',
  webrtcUnsupported: 'Trình duyệt của bạn không hỗ trợ phương thức nghe gọi!',
  sipLibraryFailed: 'Không thể tải được JsSIP, vui lòng reload lại trang!',
  callInterrupted: 'Kết nối bị gián đoạn, vui lòng thử lại sau vài giây!',
  callConnectError: 'Có lỗi xảy ra khi kết nối cuộc gọi',
  offline: 'Mất kết nối Internet, vui lòng kiểm tra đường truyền',
  uploadBroken: 'Tệp tải lên bị lỗi hoặc không trọn vẹn, vui lòng tải lên lại',
} as const;

/** Default text for a 422 field whose message is missing (spec section 5). */
export const fieldErrorFallback = (param: string): string => `${param} field is not a valid`;

export interface FieldError {
  param: string;
  message: string;
}
