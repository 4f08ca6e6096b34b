import type { FieldEntity } from '@omnicare/shared/fields/fields.schemas';

/** Strings of the custom-field screen that packages/shared does not hold. */
export const FIELD_TEXT = {
  /** The empty choice of a select field in a record's form. */
  choose: 'Chọn',
  entityTabs: 'Đối tượng',
  entities: { customer: 'Khách hàng', ticket: 'Ticket' } satisfies Record<FieldEntity, string>,
  entityHint: {
    customer:
      'Các trường đang dùng hiện trong hồ sơ khách hàng và bộ lọc danh sách khách hàng, theo thứ tự dưới đây.',
    ticket:
      'Các trường đang dùng hiện trong biểu mẫu ticket mới và bảng thuộc tính của ticket, theo thứ tự dưới đây.',
  } satisfies Record<FieldEntity, string>,
  add: 'Thêm trường',
  createTitle: 'Thêm trường tùy chỉnh',
  editTitle: 'Chỉnh sửa trường tùy chỉnh',
  dialogDescription: 'Trường tùy chỉnh lưu thêm thông tin riêng của doanh nghiệp bạn.',
  tableLabel: 'Danh sách trường tùy chỉnh',
  order: 'Thứ tự',
  moveUp: (label: string) => `Đưa ${label} lên trên`,
  moveDown: (label: string) => `Đưa ${label} xuống dưới`,
  label: 'Tên trường',
  labelPlaceholder: 'Ví dụ: Mã khách hàng cũ',
  key: 'Mã trường',
  keyOf: (key: string) => `Mã trường ${key}`,
  keyHint: 'Dùng trong API và bộ lọc; không đổi được sau khi tạo.',
  type: 'Kiểu dữ liệu',
  typeLocked: 'Kiểu dữ liệu không đổi được sau khi tạo.',
  options: 'Lựa chọn',
  optionInput: (index: number) => `Lựa chọn ${index + 1}`,
  optionPlaceholder: 'Nhập lựa chọn',
  removeOption: (index: number) => `Xóa lựa chọn ${index + 1}`,
  addOption: 'Thêm lựa chọn',
  optionsRemovedHint: 'Lựa chọn bị xóa cũng được xóa khỏi các bản ghi đang chọn nó khi bạn lưu.',
  required: 'Bắt buộc nhập',
  requiredColumn: 'Bắt buộc',
  requiredHint: 'Không lưu được hồ sơ khi trường này còn trống.',
  requiredWarningTitle: 'Chuyển trường sang bắt buộc?',
  requiredWarning: (count: number, label: string) =>
    `${count.toLocaleString('vi-VN')} khách hàng hiện chưa có giá trị cho trường "${label}". Khách hàng mới sẽ phải nhập trường này; hồ sơ cũ vẫn lưu được các thay đổi khác và chỉ bị yêu cầu khi sửa trường này.`,
  requiredWarningConfirm: 'Vẫn chuyển sang bắt buộc',
  cancel: 'Hủy',
  checkboxNeverRequired: 'Hộp kiểm không bắt buộc: bỏ trống nghĩa là không chọn.',
  active: 'Đang dùng',
  activeHint: 'Trường tắt không hiện trong biểu mẫu và bộ lọc; giá trị đã nhập vẫn được giữ.',
  status: 'Trạng thái',
  statusSwitch: (label: string) => `Dùng trường ${label}`,
  yes: 'Có',
  actions: 'Thao tác',
  edit: 'Chỉnh sửa',
  delete: 'Xóa',
  deleteDescription:
    'Giá trị của trường này ở mọi bản ghi cũng bị xóa và không khôi phục được. Muốn giữ lại dữ liệu, hãy tắt trường thay vì xóa.',
  moreOptions: (count: number) => `+${count}`,
};

/** The custom-field filters of lists (customers, tickets). */
export const CUSTOM_FILTER_TEXT = {
  title: 'Trường tùy chỉnh',
  from: 'Từ',
  to: 'Đến',
  fromDay: 'từ ngày',
  toDay: 'đến ngày',
  yes: 'Có',
  no: 'Không',
  contains: 'Có chứa...',
  hasAll: 'có tất cả',
  all: 'Tất cả',
} as const;
