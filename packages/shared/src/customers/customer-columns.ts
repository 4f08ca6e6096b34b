/**
 * The columns of a customer spreadsheet, in the order the export writes them. An export is
 * headed with these labels and the import suggests a column for a target from its header, so
 * an exported file can be edited and imported back. `hints` (header words without case or
 * diacritics) mark the columns the import reads; the others are written for people only.
 */
export const CUSTOMER_COLUMNS = [
  /** The id an export writes: the row updates that customer, even one without phone or email. */
  { key: 'id', label: 'Mã khách hàng (ID)', hints: ['ma khach hang id', 'ma khach hang', 'id'] },
  {
    key: 'name',
    label: 'Tên khách hàng',
    hints: ['ho ten', 'ho va ten', 'ten khach hang', 'ten', 'name', 'full name'],
  },
  {
    key: 'phone',
    label: 'Số điện thoại',
    hints: ['so dien thoai', 'dien thoai', 'sdt', 'phone', 'mobile'],
  },
  { key: 'email', label: 'Email', hints: ['email', 'e-mail', 'thu dien tu'] },
  { key: 'gender', label: 'Giới tính', hints: ['gioi tinh', 'gender'] },
  { key: 'birthday', label: 'Ngày sinh', hints: ['ngay sinh', 'birthday', 'dob'] },
  { key: 'address', label: 'Địa chỉ', hints: ['dia chi', 'address'] },
  { key: 'city', label: 'Tỉnh/Thành phố' },
  { key: 'district', label: 'Quận/Huyện' },
  { key: 'tier', label: 'Hạng', hints: ['hang', 'hang khach hang', 'tier'] },
  { key: 'source', label: 'Nguồn' },
  {
    key: 'groups',
    label: 'Nhóm khách hàng',
    hints: ['nhom khach hang', 'nhom', 'group', 'groups'],
  },
  { key: 'tags', label: 'Tags', hints: ['tags', 'tag', 'nhan'] },
  { key: 'owner', label: 'Người phụ trách' },
  { key: 'organization', label: 'Tổ chức' },
  { key: 'created_at', label: 'Ngày tạo' },
  { key: 'notes', label: 'Ghi chú', hints: ['ghi chu', 'notes', 'note'] },
] as const;

type Column = (typeof CUSTOMER_COLUMNS)[number];
export type CustomerColumnKey = Column['key'];
/** A customer field an import column can fill. */
export type ImportTargetKey = Extract<Column, { hints: readonly string[] }>['key'];

const hasHints = (column: Column): column is Extract<Column, { hints: readonly string[] }> =>
  'hints' in column;

/** The columns the import reads, in sheet order. */
export const IMPORT_COLUMNS = CUSTOMER_COLUMNS.filter(hasHints);

const IMPORT_TARGET_KEYS = new Set<string>(IMPORT_COLUMNS.map((column) => column.key));
export const isImportTarget = (key: string): key is ImportTargetKey => IMPORT_TARGET_KEYS.has(key);

/** A column may also fill an active custom field: target `custom.<key>`. */
export const CUSTOM_TARGET_PREFIX = 'custom.';
export const customTarget = (fieldKey: string) => `${CUSTOM_TARGET_PREFIX}${fieldKey}`;
