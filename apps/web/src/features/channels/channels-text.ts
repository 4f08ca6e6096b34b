export const CHANNELS_TEXT = {
  name: 'Tên kênh',
  status: 'Trạng thái',
  active: 'Đang hoạt động',
  disabled: 'Tạm dừng',
  keys: 'Khóa kết nối',
  keysSet: 'Đã lưu',
  keysMissing: 'Chưa có',
  secretKept: 'Để trống để giữ khóa đã lưu',
  smsAdd: 'Kết nối SMS',
  smsEdit: 'Cập nhật kênh SMS',
  smsTable: 'Các kênh SMS',
  smsHint:
    'Tự động hóa gửi SMS qua kênh đang hoạt động đầu tiên. Khóa API và Secret key được mã hóa và không bao giờ hiển thị lại.',
  smsDescription: 'SMS thương hiệu qua eSMS.vn: khóa lấy ở trang quản trị eSMS của doanh nghiệp.',
  brandname: 'Brandname',
  baseUrl: 'Địa chỉ API',
  baseUrlHint: 'Để trống để dùng địa chỉ của eSMS (https://rest.esms.vn).',
  defaultProvider: 'Mặc định của eSMS',
  apiKey: 'API key',
  secretKey: 'Secret key',
  deleteHint: 'Kênh đã có tin nhắn không xóa được, chỉ có thể tạm dừng.',
  errorAt: 'Lỗi gần nhất lúc',
  pause: 'Tạm dừng',
  resume: 'Tiếp tục',
  paused: 'Đã tạm dừng kênh',
  resumed: 'Đã bật lại kênh',
} as const;

/** The ZNS channels' words (a section of `/settings/multi-channels/zalo`). */
export const ZNS_TEXT = {
  title: 'Zalo ZNS',
  add: 'Kết nối ZNS',
  edit: 'Cập nhật kênh ZNS',
  table: 'Các kênh ZNS',
  hint: 'Tự động hóa gửi tin ZNS theo mẫu đã duyệt qua kênh đang hoạt động đầu tiên. Access token của OA được mã hóa và không bao giờ hiển thị lại.',
  description:
    'Tin thông báo Zalo (ZNS) gửi tới số điện thoại theo mẫu Zalo đã duyệt, bằng access token của OA.',
  baseUrlHint: 'Để trống để dùng địa chỉ của Zalo (https://business.openapi.zalo.me).',
  defaultProvider: 'Mặc định của Zalo',
  accessToken: 'Access token',
  quota: 'Hạn mức hôm nay',
  quotaLeft: (remaining: number, daily: number) =>
    `Còn ${remaining.toLocaleString('vi-VN')} / ${daily.toLocaleString('vi-VN')} tin`,
  quotaAt: (at: string) => `Theo Zalo lúc ${at}`,
  quotaUnknown: 'Chưa gửi tin nào',
} as const;

/** The email channels' words (`/settings/multi-channels/email`). */
export const EMAIL_TEXT = {
  add: 'Kết nối hộp thư',
  edit: 'Cập nhật hộp thư',
  table: 'Các hộp thư email',
  hint: 'Thư mới trong hộp thư trở thành ticket (nguồn Email), thư trả lời được thêm vào ticket của nó; trả lời công khai trên ticket được gửi qua SMTP của hộp thư. Mật khẩu được mã hóa và không bao giờ hiển thị lại.',
  description:
    'Một hộp thư có sẵn (ví dụ support@công-ty.vn): đọc thư qua IMAP, gửi thư qua SMTP. Gmail, Google Workspace và Microsoft 365: đăng nhập bằng OAuth2; máy chủ khác: tài khoản và mật khẩu.',
  imap: 'IMAP',
  smtp: 'SMTP',
  addressAndServers: 'Địa chỉ email · Máy chủ',
  imapSection: 'Nhận thư (IMAP)',
  smtpSection: 'Gửi thư (SMTP)',
  imapHost: 'Máy chủ IMAP',
  imapPort: 'Cổng IMAP',
  imapTls: 'Dùng SSL/TLS (cổng 993)',
  imapUser: 'Tài khoản IMAP',
  imapFolder: 'Thư mục',
  pollMinutes: 'Kiểm tra thư mới mỗi (phút)',
  smtpHost: 'Máy chủ SMTP',
  smtpPort: 'Cổng SMTP',
  smtpSecurity: 'Mã hóa SMTP',
  smtpUser: 'Tài khoản SMTP',
  smtpUserHint: 'Để trống để dùng tài khoản IMAP.',
  fromAddress: 'Địa chỉ gửi',
  fromName: 'Tên hiển thị',
  imapPassword: 'Mật khẩu IMAP',
  smtpPassword: 'Mật khẩu SMTP',
  test: 'Kiểm tra kết nối',
  testing: 'Đang kiểm tra…',
  fetch: 'Nhận thư ngay',
  fetching: 'Đang nhận thư…',
  pause: 'Tạm dừng',
  resume: 'Tiếp tục',
  paused: 'Đã tạm dừng hộp thư',
  resumed: 'Đã bật lại hộp thư',
  error: 'Lỗi kết nối',
  imapIdle: 'Nhận thư tức thì (IMAP IDLE)',
  imapIdleHint:
    'Giữ kết nối để thư mới thành ticket trong vài giây; kiểm tra định kỳ vẫn chạy dự phòng.',
  forwarding: 'Địa chỉ chuyển tiếp',
  forwardingHint:
    'Hoặc cài chuyển tiếp thư (forward) từ địa chỉ của bạn đến địa chỉ này: thư đến ngay, không cần chờ IMAP.',
  copyForwarding: 'Sao chép địa chỉ chuyển tiếp',
  copiedForwarding: 'Đã sao chép địa chỉ chuyển tiếp',
  copyFailed: 'Không sao chép được, hãy chọn và sao chép thủ công',
  authSection: 'Đăng nhập',
  authMethod: 'Cách đăng nhập',
  authHint:
    'Gmail, Google Workspace và Microsoft 365 đang bỏ đăng nhập bằng mật khẩu: dùng OAuth2 với ứng dụng bạn đăng ký ở Google Cloud hoặc Microsoft Entra.',
  provider: 'Nhà cung cấp OAuth2',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  authorizeUrl: 'Địa chỉ cấp quyền (authorize)',
  tokenUrl: 'Địa chỉ lấy token',
  scope: 'Phạm vi quyền (scope)',
  providerUrlHint: 'Điền sẵn theo nhà cung cấp; đổi khi dùng máy chủ khác.',
  microsoftTenantHint:
    'Ứng dụng một tổ chức: thay common trong hai địa chỉ bằng Directory (tenant) ID.',
  redirectUri: 'Địa chỉ chuyển hướng (redirect URI) cần khai báo với nhà cung cấp',
  copyRedirect: 'Sao chép địa chỉ chuyển hướng',
  copiedRedirect: 'Đã sao chép địa chỉ chuyển hướng',
  connectWith: (provider: string) => `Kết nối bằng ${provider}`,
  reconnectWith: (provider: string) => `Kết nối lại bằng ${provider}`,
  connectHint: 'Hộp thư được lưu, rồi bạn được chuyển sang trang cấp quyền của nhà cung cấp.',
  redirecting: 'Đang chuyển sang trang cấp quyền…',
  oauthConnected: (at: string) => `Đã kết nối OAuth2 lúc ${at}`,
  oauthNotConnected: 'Chưa kết nối OAuth2',
  publicClient: 'Ứng dụng công khai (public client, chỉ dùng PKCE, không có secret)',
  publicClientHint:
    'Chọn khi ứng dụng được đăng ký là public client (ví dụ Microsoft: "Allow public client flows"): OmniCare không gửi secret của ứng dụng.',
  revokeUrl: 'Địa chỉ thu hồi token (revoke)',
  revokeUrlHint:
    'Dùng khi ngắt kết nối (RFC 7009). Để trống nếu nhà cung cấp không có (Microsoft).',
  disconnect: 'Ngắt kết nối',
  disconnectTitle: 'Ngắt kết nối OAuth2 của hộp thư?',
  disconnectQuestion: (name: string) =>
    `Token của «${name}» sẽ bị thu hồi tại nhà cung cấp (nếu có thể) và bị xóa. Hộp thư sẽ không nhận và gửi thư cho đến khi được kết nối lại.`,
  login: 'Đăng nhập',
  loginPassword: 'Mật khẩu',
  loginOauth: (provider: string) => (provider === 'OAuth2' ? provider : `OAuth2 · ${provider}`),
  connected: 'Đã kết nối',
  notConnected: 'Chưa kết nối',
  // /email-redirect
  completing: 'Đang hoàn tất kết nối hộp thư…',
  completedTitle: 'Đã kết nối hộp thư',
  completed: (name: string, address: string) =>
    `«${name}» (${address}) đã được kết nối bằng OAuth2: OmniCare đọc và gửi thư của hộp thư này bằng access token, không cần mật khẩu.`,
  failedTitle: 'Không kết nối được hộp thư',
  missingState: 'Thiếu thông tin phiên kết nối. Hãy bắt đầu lại từ Cài đặt → Kênh → Email.',
  signIn: 'Hãy đăng nhập bằng tài khoản quản trị đã bắt đầu kết nối, rồi kết nối lại.',
  backToSettings: 'Về cài đặt hộp thư email',
  signInLink: 'Đăng nhập',
} as const;

/** The channels' index (`/settings/multi-channels`). */
export const INDEX_TEXT = {
  title: 'Tổng quan kênh',
  today: (day: string) => `Số tin nhắn hôm nay, ${day}`,
  hint: 'Mỗi kênh với các kết nối của nó, trạng thái và số tin nhắn hôm nay (nhận vào / gửi đi).',
  none: 'Chưa kết nối kênh nào.',
  comingSoon: 'Sắp ra mắt',
  comingSoonHint: 'Kênh này chưa kết nối được: tính năng đang được xây dựng.',
  messagesIn: 'Nhận hôm nay',
  messagesOut: 'Gửi hôm nay',
  open: 'Mở cài đặt',
  loadError: 'Không tải được danh sách kênh.',
  retry: 'Thử lại',
} as const;

/** What each kind's card says it is. */
export const KIND_DESCRIPTION = {
  livechat: 'Khung chat trên website của bạn.',
  email: 'Hộp thư hỗ trợ: thư đến thành ticket, trả lời qua SMTP.',
  zalo: 'Zalo Official Account: tin nhắn của người quan tâm vào màn hình chat.',
  zns: 'Tin nhắn thông báo Zalo (ZNS) theo mẫu đã duyệt.',
  facebook: 'Tin nhắn Fanpage qua Messenger.',
  whatsapp: 'WhatsApp Business Cloud API.',
  sms: 'SMS thương hiệu qua eSMS.vn, dùng trong tự động hóa.',
  tiktok: 'Tin nhắn TikTok.',
} as const;

/** The TikTok screens' words (`/settings/multi-channels/tiktok`, `/tiktok-redirect`). */
export const TIKTOK_TEXT = {
  notYet: 'Chưa hỗ trợ',
  explain:
    'OmniCare chưa kết nối được với TikTok: chưa có trình kết nối cho API của TikTok, nên chưa thể đăng nhập, nhận hay gửi tin nhắn TikTok. Khi tính năng sẵn sàng, trang này sẽ cho phép kết nối tài khoản TikTok for Business qua OAuth.',
  settings: 'Cài đặt kết nối',
  clientKey: 'Client key',
  clientSecret: 'Client secret',
  redirectUri: 'Địa chỉ chuyển hướng (Redirect URI)',
  unavailable: 'Chưa dùng được',
  redirectTitle: 'Kết nối TikTok',
  redirectNotYet:
    'TikTok đã chuyển bạn về OmniCare, nhưng OmniCare chưa hỗ trợ kết nối TikTok nên kết nối chưa được hoàn tất. Không có dữ liệu nào được lưu.',
  redirectError: 'TikTok báo lỗi khi kết nối:',
  redirectNothing: 'Trang này chỉ dùng khi TikTok chuyển hướng về sau bước đăng nhập.',
  back: 'Về cài đặt kênh',
} as const;

/** The personal Zalo screens' words (`/settings/multi-channels/zalo-user/…`). */
export const ZALO_USER_TEXT = {
  indexTitle: 'Zalo cá nhân',
  indexHint: 'Các tenant được bật tính năng Zalo cá nhân.',
  yourTenant: 'Tenant của bạn',
  noApi:
    'Zalo cá nhân không có API công khai: OmniCare không tự đăng nhập, đọc hay gửi tin nhắn bằng tài khoản Zalo cá nhân. Trang này chỉ hiển thị cấu hình và trạng thái.',
  config: 'Cấu hình',
  enabled: 'Đã bật cho tenant này',
  disabled: 'Chưa bật cho tenant này',
  tenantId: 'Mã tenant',
  connections: 'Tài khoản đã kết nối',
  noConnections: 'Chưa có tài khoản Zalo cá nhân nào được kết nối.',
  otherTenant:
    'Đây không phải tenant bạn đang đăng nhập: cấu hình và kết nối của tenant này chỉ xem được khi đăng nhập vào chính tenant đó.',
} as const;
