/** The macros screen among the ticket settings (shared macros are written there). */
export const MACROS_SETTINGS_PATH = '/settings/tickets/macros';
/** The same list for everyone, outside the settings (an agent's personal macros). */
export const MY_MACROS_PATH = '/macros';

/** Words of the macro screens and of the reply box's '/' list. */
export const MACRO_TEXT = {
  title: 'Macro',
  add: 'Thêm macro',
  createTitle: 'Thêm macro',
  editTitle: 'Cập nhật macro',
  formDescription: 'Một macro viết sẵn câu trả lời và đổi các trường của ticket trong một lần gửi.',
  name: 'Tên macro',
  namePlaceholder: 'Ví dụ: Chờ khách phản hồi',
  body: 'Nội dung trả lời',
  bodyPlaceholder:
    'Câu trả lời công khai, chèn biến bằng các nút bên trên (để trống: chỉ đổi trường)',
  actions: 'Thay đổi trên ticket',
  actionsHint: 'Để trống một trường: macro không đổi trường đó.',
  status: 'Trạng thái',
  priority: 'Mức độ ưu tiên',
  type: 'Loại ticket',
  department: 'Bộ phận',
  assignee: 'Người xử lý',
  addTags: 'Thêm tag',
  removeTags: 'Gỡ tag',
  keep: 'Không đổi',
  clear: 'Bỏ trống',
  assigneeMe: 'Người áp dụng macro',
  assigneeStaff: 'Một nhân viên',
  assigneeNobody: 'Không ai',
  staff: 'Nhân viên',
  staffPlaceholder: 'Chọn nhân viên',
  tagsPlaceholder: 'Chọn tag',
  departmentPlaceholder: 'Chọn bộ phận',
  shared: 'Dùng chung',
  sharedHint: 'Mọi nhân viên đều thấy và dùng được; chỉ quản trị viên và trưởng nhóm sửa được.',
  personal: 'Cá nhân',
  mine: 'Của tôi',
  owner: 'Người tạo',
  usage: 'Lượt dùng',
  changes: 'Thay đổi',
  scope: 'Phạm vi',
  noChanges: 'Chỉ trả lời',
  listHint: 'Gõ "/" trong khung trả lời của ticket để dùng macro.',
  deleteHint: 'Macro bị xóa không còn trong khung trả lời của ai nữa.',
  // The reply box.
  palette: 'Macro và mẫu tin nhắn',
  paletteEmpty: (query: string) => `Không tìm thấy macro hay mẫu tin nhắn nào khớp "${query}".`,
  paletteHint: '↑↓ để chọn · Enter để dùng · Esc để đóng',
  /** The palette's way to the macros screen. */
  manage: 'Quản lý macro',
  preview: 'Xem trước',
  previewEmpty: 'Macro này không có câu trả lời, chỉ đổi các trường.',
  macroKind: 'Macro',
  templateKind: 'Mẫu tin',
  chip: (name: string) => `Macro: ${name}`,
  removeChip: (name: string) => `Bỏ macro ${name}`,
  chipInternal:
    'Ghi chú nội bộ không áp dụng các thay đổi của macro; chuyển sang trả lời công khai.',
} as const;
