import { TICKET_MESSAGES } from '@omnicare/shared/tickets/tickets.schemas';

/** Strings of the ticket screens that packages/shared does not hold. */
export const TICKET_TEXT = {
  ...TICKET_MESSAGES,
  listTitle: 'Danh sách ticket',
  /** A 404 is both: the server never says which (it reveals nothing of tickets out of scope). */
  notFoundOrHidden: 'Không tìm thấy ticket hoặc bạn không có quyền xem',
  // Beside the conversation: the ticket's properties and the requester's panel.
  sideTabs: 'Thông tin bên cạnh',
  propertiesTab: 'Thông tin ticket',
  customerTab: 'Khách hàng',
  customerPanel: 'Thông tin khách hàng',
  noRequester: 'Ticket chưa có khách hàng.',
  /** In a customer's tickets: the ticket on screen. */
  currentTicket: 'Đang xem',
  add: 'Thêm ticket',
  saveAsView: 'Lưu thành view',
  updateView: 'Cập nhật view',
  searchPlaceholder: 'Tìm theo mã, tiêu đề hoặc khách hàng',
  code: 'Mã',
  subject: 'Tiêu đề',
  status: 'Trạng thái',
  priority: 'Mức độ ưu tiên',
  type: 'Loại ticket',
  service: 'Dịch vụ',
  group: 'Bộ phận',
  requester: 'Khách hàng',
  callRequester: 'Gọi cho khách hàng',
  assignee: 'Người xử lý',
  source: 'Nguồn',
  tags: 'Tags',
  dueAt: 'Hạn xử lý',
  followers: 'Người theo dõi',
  addFollower: 'Thêm người theo dõi',
  cc: 'CC',
  customFields: 'Thông tin thêm',
  sla: 'SLA',
  createdAt: 'Ngày tạo',
  updatedAt: 'Cập nhật',
  columns: 'Cột hiển thị',
  filters: 'Bộ lọc',
  /** After a saved view's name when its filters were changed. */
  changed: '(đã thay đổi)',
  clearFilters: 'Xóa bộ lọc',
  all: 'Tất cả',
  unassigned: 'Chưa giao',
  me: 'Tôi',
  selectAll: 'Chọn tất cả ticket trên trang',
  selectRow: (code: string) => `Chọn ticket ${code}`,
  matching: (count: number) => `${count.toLocaleString('vi-VN')} ticket`,
  capped: (count: number) => `Hơn ${count.toLocaleString('vi-VN')} ticket`,
  slaBreached: 'Quá hạn SLA',
  slaDueSoon: 'Sắp đến hạn SLA',
  overdue: 'Quá hạn',
  /** Before the time left of an SLA target: 'còn 45 phút'. */
  timeLeft: 'còn',
  newChanges: (count: number) => `${count} ticket vừa thay đổi ngoài danh sách đang xem`,
  refresh: 'Tải lại',
  /** A field being typed in that someone else changed meanwhile (the typed text is kept). */
  changedWhileTyping: (by: string, value: string) =>
    `${by || 'Người khác'} vừa đổi trường này thành “${value || '—'}”. Rời ô để lưu giá trị của bạn.`,
  takeTheirs: 'Dùng giá trị mới',
  description: 'Mô tả',
  conversation: 'Trao đổi',
} as const;

/** A live change's fields (the API's names) as the ticket's screens name them. */
const CHANGED_FIELD_LABEL: Readonly<Record<string, string>> = {
  subject: TICKET_TEXT.subject,
  description: TICKET_TEXT.description,
  status: TICKET_TEXT.status,
  priority_id: TICKET_TEXT.priority,
  type_id: TICKET_TEXT.type,
  service_id: TICKET_TEXT.service,
  group_id: TICKET_TEXT.group,
  assignee_id: TICKET_TEXT.assignee,
  requester_id: TICKET_TEXT.requester,
  tag_ids: TICKET_TEXT.tags,
  follower_ids: TICKET_TEXT.followers,
  cc: TICKET_TEXT.cc,
  due_at: TICKET_TEXT.dueAt,
  custom: TICKET_TEXT.customFields,
  sla_breached_at: TICKET_TEXT.sla,
  sla_due_at: TICKET_TEXT.sla,
  comment: TICKET_TEXT.conversation,
};

/** 'Mức độ ưu tiên, Người xử lý'; '' when none is one people would recognise. */
export const describeTicketFields = (fields: string[]) =>
  [...new Set(fields.map((field) => CHANGED_FIELD_LABEL[field]).filter(Boolean))].join(', ');
