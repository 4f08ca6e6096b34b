/** Strings of the automation screens that packages/shared does not hold (labels, titles). */
export const AUTOMATION_TEXT = {
  add: 'Tạo kịch bản',
  searchLabel: 'Tìm kịch bản theo tên',
  searchPlaceholder: 'Tìm theo tên kịch bản',
  tableLabel: 'Danh sách kịch bản tự động hóa',
  name: 'Tên kịch bản',
  creator: 'Người tạo',
  status: 'Trạng thái',
  target: 'Đối tượng',
  createdAt: 'Ngày tạo',
  updatedAt: 'Ngày cập nhật',
  actions: 'Thao tác',
  history: 'Lịch sử',
  publish: 'Kích hoạt',
  unpublish: 'Ngừng hoạt động',
  copy: 'Sao chép',
  delete: 'Xóa',
  draftNoCopy: 'Bản nháp không thể sao chép',
  deleteHint: 'Các lượt chạy đang chờ của kịch bản sẽ bị hủy.',
  // history
  historyTitle: 'Lịch sử hành động',
  edit: 'Chỉnh sửa kịch bản',
  summary: 'Thông tin kịch bản',
  description: 'Mô tả',
  eventTarget: 'Đối tượng sự kiện',
  trigger: 'Sự kiện kích hoạt',
  updater: 'Người cập nhật',
  runSearchLabel: 'Tìm lượt chạy',
  runSearchPlaceholder: 'Mã ticket, tiêu đề, tên khách hàng',
  runStatusLabel: 'Lọc theo trạng thái',
  allStatuses: 'Tất cả trạng thái',
  runTableLabel: 'Lịch sử hành động của kịch bản',
  startTime: 'Thời gian kích hoạt',
  ticketCode: 'Mã ticket',
  ticketSubject: 'Tiêu đề ticket',
  customer: 'Tên khách hàng',
  lastStep: 'Bước cuối',
  note: 'Ghi chú',
  expand: 'Xem chi tiết các bước',
  collapse: 'Thu gọn các bước',
  trace: 'Các bước đã chạy',
  noSteps: 'Lượt chạy chưa có bước nào.',
  step: 'Bước',
  stepType: 'Loại khối',
  attempt: (n: number) => `Lần thử ${n}`,
  input: 'Đầu vào',
  output: 'Kết quả',
  error: 'Lỗi',
  startedAt: 'Bắt đầu',
  finishedAt: 'Kết thúc',
  duration: 'Thời gian chạy',
  notFinished: 'Chưa kết thúc',
} as const;

export const STEP_STATUS_LABEL: Readonly<Record<string, string>> = {
  running: 'Đang chạy',
  waiting: 'Đang chờ',
  completed: 'Hoàn thành',
  failed: 'Thất bại',
  cancel: 'Hủy',
  skipped: 'Bỏ qua',
};

/** 850 ms, 3,2 s, 2 phút 5 giây. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} phút ${seconds} giây` : `${minutes} phút`;
}
