/** Words of the tenant screens that packages/shared does not catalogue. */
export const TENANT_TEXT = {
  name: 'Tên tenant',
  slug: 'Mã tenant',
  logo: 'Logo (URL)',
  logoHint: 'Đường dẫn http(s) tới ảnh logo, hiển thị trên giao diện của tenant.',
  logoBroken: 'Không tải được ảnh từ đường dẫn này.',
  logoNone: 'Chưa có logo',
  timeZone: 'Múi giờ',
  timeZoneSearch: 'Tìm múi giờ',
  dataScopes: 'Phạm vi dữ liệu theo vai trò',
  dataScopesHint:
    'Quyết định mỗi vai trò thấy khách hàng, ticket và cuộc gọi nào: tất cả, của tổ chức, của phòng ban hay chỉ của mình.',
  dataScopesRule:
    'Nên chọn sao cho vai trò cao hơn thấy ít nhất những gì vai trò thấp hơn thấy (Quản trị viên ≥ Giám sát viên ≥ Trưởng bộ phận ≥ Chuyên viên). Phòng ban có thể gồm người của nhiều tổ chức, nên mặc định Giám sát viên thấy tất cả.',
  defaultScope: (label: string) => `Mặc định: ${label}`,
  importExport: 'Nhập và xuất khách hàng',
  importExportHint:
    'Vai trò được nhập khách hàng từ tệp và xuất danh sách khách hàng ra Excel (trong phạm vi dữ liệu của họ). Mặc định: Quản trị viên và Giám sát viên.',
  features: 'Tính năng',
  workflow: 'Tự động hóa',
  privateWebhooks: 'Cho phép webhook gọi địa chỉ nội bộ',
  privateWebhooksHint:
    'Khối Gọi API/Webhook của kịch bản tự động hóa của tenant này được gọi tới địa chỉ loopback, mạng nội bộ, link-local và chính máy chủ OmniCare. Chỉ bật khi máy chủ nhận nằm trong mạng nội bộ và tenant đáng tin cậy.',
  privateWebhooksPlatformOnly:
    'Khối Gọi API/Webhook chỉ gọi tới địa chỉ công khai. Chỉ quản trị nền tảng có thể cho phép gọi tới địa chỉ nội bộ.',
  callTicketRule: 'Ticket của cuộc gọi',
  callTicketRuleHint:
    'Mỗi cuộc gọi tạo một ticket mới, hoặc nối vào ticket đang mở của khách hàng được tạo trong N giờ gần nhất.',
  callTicketHours: 'Số giờ',
  wrapUpSeconds: 'Thời gian xử lý sau cuộc gọi',
  wrapUpSecondsHint:
    'Sau mỗi cuộc gọi đã trả lời, chuyên viên có tối đa chừng này giây để hoàn tất ghi chú trước khi nhận cuộc gọi mới (bấm Sẵn sàng để kết thúc sớm). 0 để tắt.',
  seconds: 'giây',
  assignOwnTickets: 'Giao ticket cho chuyên viên tạo ra nó',
  assignOwnTicketsHint:
    'Ticket chuyên viên tạo mà không chọn người xử lý được giao cho chính chuyên viên đó (có thể bỏ chọn trên form tạo ticket).',
  hours: 'giờ',
  workflowHint: 'Bật để dùng kịch bản tự động hóa; tắt sẽ ẩn menu và chặn trang /automation.',
  enabled: 'Đang bật',
  disabled: 'Đang tắt',
  general: 'Thông tin chung',
  save: 'Lưu cấu hình',
  reset: 'Hoàn tác',
  configure: 'Cấu hình',
  openConfig: 'Cấu hình tenant',
  tenants: 'Danh sách tenant',
  tenantsHint: 'Quản trị nền tảng: mọi tenant và cấu hình của chúng.',
  users: 'Nhân viên',
  created: 'Ngày tạo',
  ownTenant: 'Tenant của bạn',
  tenantStaff: 'Nhân viên của tenant',
  forbidden: 'Chỉ quản trị nền tảng được xem cấu hình của tenant khác.',
} as const;
