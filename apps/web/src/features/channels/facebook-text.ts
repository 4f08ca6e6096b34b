/** The Facebook Messenger channels' words (`/settings/multi-channels/facebook`). */
export const FACEBOOK_TEXT = {
  add: 'Thêm Trang Facebook',
  edit: 'Cập nhật kênh Facebook',
  table: 'Các Trang Facebook',
  hint: 'Tạo kênh với Page ID, Page access token và App secret của ứng dụng Meta, rồi khai báo Webhook URL và Verify token ở mục Messenger > Webhooks của ứng dụng (đăng ký các trường messages, messaging_postbacks, messaging_referrals, message_deliveries, message_reads). Tin nhắn vào mục Chat; câu trả lời gửi lại qua Messenger trong 24 giờ sau tin cuối của khách. Khóa và token được mã hóa, không bao giờ hiển thị lại.',
  description:
    'Page access token lấy ở Meta for Developers (Messenger > Cài đặt API > Tạo token cho Trang); App secret ở Cài đặt ứng dụng > Thông tin cơ bản. Verify token do bạn đặt, nhập lại y hệt trên trang Webhooks của Meta.',
  pageId: 'Page ID',
  pageName: 'Tên Trang',
  pageNameHint: 'Để nhận biết kênh; có thể để trống.',
  page: 'Trang',
  pageToken: 'Page access token',
  appSecret: 'App secret',
  verifyToken: 'Verify token',
  verifyTokenHint:
    'Tự đặt hoặc bấm nút tạo ngẫu nhiên; sao chép trước khi lưu, sau đó chỉ hiển thị "đã lưu".',
  generate: 'Tạo Verify token ngẫu nhiên',
  copyVerifyToken: 'Sao chép Verify token',
  copiedVerifyToken: 'Đã sao chép Verify token',
  graphBase: 'Địa chỉ Graph API',
  graphBaseHint: 'Để trống để dùng https://graph.facebook.com.',
  apiVersion: 'Phiên bản Graph API',
  apiVersionHint: 'Để trống để dùng v20.0.',
  secretState: (label: string, set: boolean) => `${label}: ${set ? 'đã lưu' : 'chưa có'}`,
  webhookUrl: 'Webhook URL',
  copyWebhook: 'Sao chép Webhook URL',
  copied: 'Đã sao chép Webhook URL',
  copyFailed: 'Không sao chép được, hãy chọn và sao chép thủ công',
  urlsHint:
    'Khai báo ở Meta for Developers > Messenger > Webhooks: Callback URL là Webhook URL này, Verify token là chuỗi đã lưu trên kênh.',
} as const;
