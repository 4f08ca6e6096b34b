/** The Zalo OA channels' words (`/settings/multi-channels/zalo`, `/zalo-redirect`). */
export const ZALO_TEXT = {
  add: 'Thêm Zalo OA',
  edit: 'Cập nhật kênh Zalo OA',
  table: 'Các kênh Zalo OA',
  hint: 'Tạo kênh với App ID, App secret key và OA secret key của ứng dụng trên developers.zalo.me, rồi bấm "Kết nối" để cấp quyền cho OA. Tin nhắn của người quan tâm OA vào mục Chat; câu trả lời gửi lại qua Zalo. Khóa và token được mã hóa, không bao giờ hiển thị lại.',
  description:
    'Các khóa lấy ở trang quản lý ứng dụng Zalo (developers.zalo.me): App ID và App secret key ở "Thông tin ứng dụng", OA secret key ở mục "Webhook".',
  appId: 'App ID',
  appSecret: 'App secret key',
  oaSecret: 'OA secret key',
  oauthBase: 'Địa chỉ OAuth của Zalo',
  oauthBaseHint: 'Để trống để dùng https://oauth.zaloapp.com.',
  apiBase: 'Địa chỉ OpenAPI của Zalo',
  apiBaseHint: 'Để trống để dùng https://openapi.zalo.me.',
  oa: 'Official Account',
  connection: 'Kết nối',
  connected: 'Đã kết nối',
  notConnected: 'Chưa kết nối',
  error: 'Lỗi kết nối',
  paused: 'Tạm dừng',
  connect: 'Kết nối',
  reconnect: 'Kết nối lại',
  disconnect: 'Ngắt kết nối',
  disconnectTitle: 'Ngắt kết nối Zalo OA?',
  disconnectQuestion: (name: string) =>
    `Token của OA trên kênh "${name}" sẽ bị xóa: OmniCare ngừng nhận và gửi tin Zalo qua kênh này cho tới khi kết nối lại. Các hội thoại cũ vẫn được giữ.`,
  tokenUntil: (at: string) => `Token hết hạn lúc ${at}`,
  webhookUrl: 'Webhook URL',
  callbackUrl: 'Callback URL',
  urlsHint:
    'Khai báo trên developers.zalo.me: Callback URL ở "Official Account > Thiết lập chung", Webhook URL ở "Webhook" (bật các sự kiện người dùng gửi tin nhắn văn bản, hình ảnh, tệp, sticker, vị trí; người dùng đã nhận và đã xem tin).',
  redirecting: 'Đang chuyển sang Zalo…',
  // /zalo-redirect
  completing: 'Đang hoàn tất kết nối Zalo OA…',
  completedTitle: 'Kết nối Zalo OA thành công',
  completed: (oa: string) => `OA "${oa}" đã được kết nối. Tin nhắn mới sẽ vào mục Chat.`,
  failedTitle: 'Không kết nối được Zalo OA',
  missingState:
    'Đường dẫn không có thông tin kết nối từ Zalo. Vui lòng bấm "Kết nối" lại trong Cài đặt.',
  signIn: 'Vui lòng đăng nhập bằng tài khoản quản trị rồi bấm "Kết nối" lại trong Cài đặt.',
  backToSettings: 'Về trang Zalo OA',
  login: 'Đăng nhập',
} as const;
