/** The WhatsApp channels' words (`/settings/multi-channels/whatsapp`). */
export const WHATSAPP_TEXT = {
  add: 'Thêm số WhatsApp',
  edit: 'Cập nhật kênh WhatsApp',
  table: 'Các kênh WhatsApp',
  hint: 'Kết nối một số điện thoại của WhatsApp Business Cloud API: nhập Phone number ID, access token vĩnh viễn, App secret và một Verify token tự chọn, rồi khai báo Webhook URL và Verify token trong ứng dụng Meta (sản phẩm WhatsApp > Configuration, đăng ký trường "messages"). Tin nhắn của khách vào mục Chat; câu trả lời gửi lại qua WhatsApp trong 24 giờ kể từ tin cuối của khách. Khóa và token được mã hóa, không bao giờ hiển thị lại.',
  description:
    'Các thông tin lấy ở developers.facebook.com: Phone number ID và WhatsApp Business Account ID ở "WhatsApp > API Setup", App secret ở "App settings > Basic", access token vĩnh viễn của một System User có quyền whatsapp_business_messaging.',
  phoneNumberId: 'Phone number ID',
  businessAccountId: 'WhatsApp Business Account ID',
  displayPhone: 'Số hiển thị',
  graphBase: 'Địa chỉ Graph API',
  graphBaseHint: 'Để trống để dùng https://graph.facebook.com.',
  apiVersion: 'Phiên bản API',
  apiVersionHint: 'Để trống để dùng v21.0.',
  accessToken: 'Access token',
  appSecret: 'App secret',
  verifyToken: 'Verify token',
  verifyTokenHint:
    'Chuỗi tự chọn, khai báo cùng Webhook URL trong ứng dụng Meta. Hãy sao chép trước khi lưu: sau khi lưu sẽ không hiển thị lại.',
  number: 'Số WhatsApp',
  keys: 'Khóa',
  state: 'Trạng thái',
  webhookUrl: 'Webhook URL',
  copyWebhook: 'Sao chép Webhook URL',
  copyVerifyToken: 'Sao chép Verify token',
  copied: 'Đã sao chép',
  copyFailed: 'Không sao chép được, hãy chọn và sao chép thủ công',
  urlsHint:
    'Khai báo trong ứng dụng Meta: WhatsApp > Configuration > Webhook, Callback URL là địa chỉ này, Verify token là chuỗi đã nhập khi tạo kênh; sau đó đăng ký trường "messages".',
} as const;
