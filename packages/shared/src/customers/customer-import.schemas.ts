import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { isImportTarget } from './customer-columns.js';
import { isValidPhone } from './normalize.js';
import { emailField } from '../platform/validation.js';
import { requiredFieldMessage } from '../fields/fields.schemas.js';

/** At most this many data rows (the header aside) per imported file. */
export const IMPORT_MAX_ROWS = 50_000;

/** What the import does with a row whose customer exists (by id, phone or email). */
export const DUPLICATE_MODE = labelled({
  skip: 'Bỏ qua dòng trùng',
  update: 'Cập nhật khách hàng đã có',
});
export type DuplicateMode = (typeof DUPLICATE_MODE.values)[number];

/** The import's messages: the upload, the start request and the per-row report. */
export const IMPORT_MESSAGES = {
  missingFile: 'Vui lòng chọn tệp',
  fileType: 'Chỉ nhận tệp CSV hoặc XLSX',
  unreadable: 'Không đọc được tệp, hãy kiểm tra định dạng',
  empty: 'Tệp không có dữ liệu',
  tooManyRows: `Tối đa ${IMPORT_MAX_ROWS.toLocaleString('vi-VN')} dòng mỗi lần nhập`,
  tooLarge: 'Tệp vượt quá dung lượng cho phép (20 MB)',
  badFileId: 'Tệp không hợp lệ',
  expired: 'Tệp đã hết hạn, vui lòng tải lên lại',
  badTarget: 'Trường nhập không hợp lệ',
  badDuplicate: 'Cách xử lý trùng không hợp lệ',
  nameColumn: 'Vui lòng chọn cột tên khách hàng',
  unknownField: 'Trường tùy chỉnh không tồn tại hoặc đã tắt',
  row: {
    invalid: 'Dòng không hợp lệ',
    badId: 'Mã khách hàng không hợp lệ',
    badGender: 'Giới tính không hợp lệ',
    badTier: 'Hạng khách hàng không hợp lệ',
    unknownGroups: (names: string[]) => `Nhóm khách hàng không tồn tại: ${names.join(', ')}`,
    unknownTags: (names: string[]) => `Tag không tồn tại: ${names.join(', ')}`,
    sameAsLine: (line: number) => `Trùng số điện thoại hoặc email với dòng ${line}`,
    noSuchId: (id: string) => `Không tìm thấy khách hàng có mã ${id}`,
    badPhone: 'Số điện thoại không hợp lệ',
    badEmail: 'Email không hợp lệ',
    requiredForNew: (label: string) => `${label} không được bỏ trống (khi tạo khách hàng mới)`,
    skipped: 'Khách hàng đã tồn tại, bỏ qua',
    /** A customer outside the user's scope holds it: only that it is taken may be said. */
    phoneTaken: 'Số điện thoại đã được sử dụng',
    emailTaken: 'Email đã được sử dụng',
  },
} as const;

export const importStartBody = z.object({
  file_id: z.string().regex(/^[0-9a-f-]{36}\.(csv|xlsx)$/, IMPORT_MESSAGES.badFileId),
  /** The name of the file as the user chose it: the imported customers' timelines name it. */
  file_name: z.string().trim().max(255).optional(),
  /** Target (a customer field or `custom.<key>`) to the index of its column in the file. */
  mapping: z.record(
    z
      .string()
      .refine(
        (key) => isImportTarget(key) || /^custom\.[a-z][a-z0-9_]{0,39}$/.test(key),
        IMPORT_MESSAGES.badTarget,
      ),
    z.number().int().min(0).max(200),
  ),
  duplicate: z
    .enum(DUPLICATE_MODE.values as [DuplicateMode, ...DuplicateMode[]], {
      error: IMPORT_MESSAGES.badDuplicate,
    })
    .default('skip'),
});
export type ImportStartBody = z.infer<typeof importStartBody>;
export type ImportMapping = ImportStartBody['mapping'];

/** POST /v2/customers/import/preview: the saved upload, its columns and a suggested mapping. */
export const importPreviewView = z.object({
  file_id: z.string(),
  columns: z.array(z.string()),
  /** The first rows under the header. */
  sample: z.array(z.array(z.string())),
  total_rows: z.number().int(),
  /** Target key ('name', 'phone'... or `custom.<key>`) to column index. */
  suggested_mapping: z.record(z.string(), z.number().int()),
  /** `required`: the name, and required custom fields (a new customer needs them). */
  targets: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
});
export type ImportPreview = z.infer<typeof importPreviewView>;

/** GET /v2/customers/import/sample: a file to fill in, headed as the import reads it. */
export const IMPORT_SAMPLE_FORMATS = ['xlsx', 'csv'] as const;
export const importSampleQuery = z.object({
  format: z.enum(IMPORT_SAMPLE_FORMATS, { error: 'Định dạng không hợp lệ' }).default('xlsx'),
});
export const IMPORT_SAMPLE_NAME = 'mau-nhap-khach-hang';

/** The example row of the sample file, by import column (custom fields get one by type). */
export const IMPORT_SAMPLE_ROW: Record<string, string> = {
  name: 'Nguyễn Văn An',
  phone: '0912 345 678',
  email: 'an.nguyen@example.com',
  gender: 'Nam',
  birthday: '20/05/1990',
  address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
  tier: 'Vàng',
  groups: '',
  tags: '',
  notes: 'Dòng ví dụ: thay bằng khách hàng của bạn',
};

/**
 * What the import would refuse in a row of the preview, under a mapping: a missing name, a phone
 * or email that is not valid, and a required custom field left blank (refused for a new
 * customer; an existing one keeps its value). The import itself checks every row again.
 */
export function previewRowProblems(
  row: string[],
  mapping: ImportMapping,
  targets: ImportPreview['targets'],
): string[] {
  const cell = (key: string) =>
    mapping[key] === undefined ? '' : (row[mapping[key] as number] ?? '').trim();
  const label = (key: string) => targets.find((target) => target.key === key)?.label ?? key;
  const problems: string[] = [];
  if (!cell('name')) problems.push(requiredFieldMessage(label('name')));
  if (cell('phone') && !isValidPhone(cell('phone'))) problems.push(IMPORT_MESSAGES.row.badPhone);
  if (cell('email') && !emailField().safeParse(cell('email')).success)
    problems.push(IMPORT_MESSAGES.row.badEmail);
  for (const target of targets)
    if (target.required && target.key !== 'name' && !cell(target.key))
      problems.push(IMPORT_MESSAGES.row.requiredForNew(target.label));
  return problems;
}
