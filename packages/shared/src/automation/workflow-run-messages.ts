/** What the engine writes into a run's trace and its history note (`workflow_runs.error`). */
export const WORKFLOW_RUN_MESSAGES = {
  workflowInactive: 'Kịch bản đã ngừng hoạt động trước khi bước chờ kết thúc',
  automationDisabled: 'Tự động hóa của doanh nghiệp đã tắt',
  conditionsNoLonger: 'Điều kiện kích hoạt không còn đúng khi hết thời gian chờ',
  ticketGone: 'Ticket không còn tồn tại',
  depthLimit: (limit: number) =>
    `Dừng kịch bản: chuỗi kịch bản kích hoạt lẫn nhau vượt quá ${limit} cấp (có thể là vòng lặp)`,
  /** Past the budget of the starting event (AUTOMATION_BUDGET), per kind. */
  budgetRuns: (limit: number) =>
    `Vượt ngân sách tự động hóa: tối đa ${limit} lần chạy cho một sự kiện gốc`,
  budgetTicketActions: (limit: number) =>
    `Vượt ngân sách tự động hóa: tối đa ${limit} thao tác tạo hoặc cập nhật ticket cho một sự kiện gốc`,
  /** A waiting run of a workflow taken off active (unpublished, back to draft, deleted). */
  unpublished: 'Kịch bản đã ngừng hoạt động',
  blockMissing: (id: string) => `Không tìm thấy khối ${id} trong kịch bản`,
  noNext: (id: string) => `Khối ${id} không có đường ra`,
  blockInvalid: (id: string) => `Cấu hình khối ${id} không hợp lệ`,
  blockUnsupported: (type: string) => `Khối ${type} chưa được hỗ trợ`,
  webhookPrivate: (host: string) =>
    `Không được gọi tới địa chỉ nội bộ hoặc riêng tư (${host}). Chỉ quản trị nền tảng có thể cho phép trong cấu hình tenant.`,
  webhookDns: (host: string) => `Không tìm thấy địa chỉ của máy chủ ${host}`,
  webhookTimeout: (ms: number) => `Hết thời gian chờ phản hồi (${ms} ms)`,
  webhookRedirects: 'Chuyển hướng quá 5 lần',
  webhookProtocol: 'Chỉ hỗ trợ URL http:// hoặc https://',
  webhookStatus: (status: number) => `Máy chủ trả về mã lỗi HTTP ${status}`,
  templateMissing: 'Mẫu tin nhắn không tồn tại hoặc đã ngừng sử dụng',
  templateKind: (kind: string) => `Mẫu tin nhắn không phải loại ${kind}`,
  noRecipients: 'Không có người nhận nào',
  noPhone: 'Khách hàng không có số điện thoại',
  providerMissing: (name: string) => `Chưa cấu hình nhà cung cấp ${name}`,
  providerError: (name: string, detail: string) => `${name} báo lỗi: ${detail}`,
  ticketNoRequester: 'Ticket không có khách hàng',
  assigneeMissing: 'Ticket chưa có chuyên viên được giao',
  requesterNotStaff: 'Người tạo ticket không phải chuyên viên',
} as const;
