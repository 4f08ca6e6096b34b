import { z } from 'zod';
import { pageQuery, requiredText } from '../platform/validation.js';
import { TEMPLATE_KINDS, TEMPLATE_VISIBILITIES, type TemplateKind } from './template-enums.js';
import { isoDateTime } from '../platform/envelope.js';
import {
  TEMPLATE_PLACEHOLDERS,
  placeholderProblem,
  smsProblem,
  type PlaceholderKey,
} from './placeholders.js';

/* ------------------------------------------------------------------------------ catalogs */

export const TEMPLATE_CATALOG_MESSAGES = {
  created: 'Tạo mới danh mục mẫu thành công',
  updated: 'Cập nhật danh mục mẫu thành công',
  deleted: 'Xóa danh mục mẫu thành công',
  notFound: 'Không tìm thấy danh mục mẫu',
  nameTaken: 'Tên danh mục đã tồn tại',
  invalidId: 'Mã danh mục không hợp lệ',
  subject: 'Danh mục mẫu',
  inUse: (count: number) =>
    `Không thể xóa danh mục đang có ${count} mẫu tin nhắn, hãy chuyển hoặc xóa các mẫu trước`,
} as const;

export const TEMPLATE_CATALOG_NAME_MAX = 150;
export const TEMPLATE_DESCRIPTION_MAX = 500;

export const templateCatalogBody = z.object({
  name: requiredText('Tên danh mục', TEMPLATE_CATALOG_NAME_MAX),
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .trim()
    .max(TEMPLATE_DESCRIPTION_MAX, `Mô tả không được vượt quá ${TEMPLATE_DESCRIPTION_MAX} ký tự`)
    .nullish()
    .transform((value) => value ?? ''),
});
export type TemplateCatalogBody = z.input<typeof templateCatalogBody>;

export const templateCatalogQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, 'Từ khóa tối đa 100 ký tự').optional(),
});

export const templateCatalogView = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Templates of every kind and visibility filed under it. */
  template_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type TemplateCatalog = z.infer<typeof templateCatalogView>;

/* ----------------------------------------------------------------------------- templates */

export const TEMPLATE_MESSAGES = {
  created: 'Tạo mới mẫu tin nhắn thành công',
  updated: 'Cập nhật mẫu tin nhắn thành công',
  deleted: 'Xóa mẫu tin nhắn thành công',
  notFound: 'Không tìm thấy mẫu tin nhắn',
  invalidId: 'Mã mẫu tin nhắn không hợp lệ',
  subject: 'Mẫu tin nhắn',
  userNotFound: 'Không tìm thấy người dùng',
  catalogMissing: 'Danh mục không tồn tại',
  departmentMissing: 'Có phòng ban không tồn tại',
  shortcutTaken: 'Phím tắt đã được dùng cho một mẫu khác',
  contentRequired: 'Nội dung không được bỏ trống',
  subjectRequired: 'Tiêu đề email không được bỏ trống',
  znsIdRequired: 'Mã mẫu ZNS không được bỏ trống',
  znsIdInvalid: 'Mã mẫu ZNS chỉ gồm chữ số (tối đa 20)',
  waNameInvalid: 'Tên mẫu WhatsApp chỉ gồm chữ thường không dấu, số và "_" (tối đa 512)',
  waLanguageInvalid: 'Mã ngôn ngữ không hợp lệ (ví dụ: vi, en_US)',
  shortcutInvalid: 'Phím tắt bắt đầu bằng "/", chỉ gồm chữ không dấu, số, "-" hoặc "_" (tối đa 30)',
  shortcutChatOnly: 'Phím tắt chỉ dùng cho mẫu chat',
  departmentsRequired: 'Vui lòng chọn ít nhất một phòng ban',
} as const;

export const TEMPLATE_NAME_MAX = 150;
/** The language of a WhatsApp template when none is given. */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'vi';
export const TEMPLATE_SUBJECT_MAX = 200;
/**
 * Longest content per kind, in characters. SMS is held by its parts (SMS_MAX_SEGMENTS) well
 * before this; WhatsApp follows Meta's 1 024-character body; ZNS bodies are short by Zalo's
 * rules; email content is plain text with line breaks.
 */
export const TEMPLATE_CONTENT_MAX: Readonly<Record<TemplateKind, number>> = {
  sms: 1000,
  zns: 1000,
  chat: 2000,
  whatsapp: 1024,
  email: 20000,
};
export const TEMPLATE_SHORTCUT_PATTERN = /^\/[a-z0-9_-]{1,30}$/;

/** '/chao', 'chao' and ' /Chao ' are one shortcut: trimmed, lower-cased, with its slash. */
export function normalizeShortcut(value: string): string {
  const text = value.trim().toLowerCase();
  if (!text) return '';
  return text.startsWith('/') ? text : `/${text}`;
}

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

export const templateBody = z
  .object({
    kind: z.enum(TEMPLATE_KINDS, { error: 'Loại mẫu không hợp lệ' }),
    name: requiredText('Tên mẫu', TEMPLATE_NAME_MAX),
    catalog_id: z.preprocess(
      blankToNull,
      z
        .uuid('Danh mục không hợp lệ')
        .nullish()
        .transform((value) => value ?? null),
    ),
    content: z
      .string({ error: TEMPLATE_MESSAGES.contentRequired })
      .trim()
      .min(1, TEMPLATE_MESSAGES.contentRequired),
    subject: z.preprocess(
      blankToNull,
      z
        .string({ error: 'Tiêu đề email không hợp lệ' })
        .trim()
        .max(
          TEMPLATE_SUBJECT_MAX,
          `Tiêu đề email không được vượt quá ${TEMPLATE_SUBJECT_MAX} ký tự`,
        )
        .nullish()
        .transform((value) => value ?? null),
    ),
    shortcut: z.preprocess(
      blankToNull,
      z
        .string({ error: TEMPLATE_MESSAGES.shortcutInvalid })
        .transform(normalizeShortcut)
        .pipe(z.string().regex(TEMPLATE_SHORTCUT_PATTERN, TEMPLATE_MESSAGES.shortcutInvalid))
        .nullish()
        .transform((value) => value ?? null),
    ),
    zns_template_id: z.preprocess(
      blankToNull,
      z
        .string({ error: TEMPLATE_MESSAGES.znsIdInvalid })
        .trim()
        .regex(/^\d{1,20}$/, TEMPLATE_MESSAGES.znsIdInvalid)
        .nullish()
        .transform((value) => value ?? null),
    ),
    /**
     * WhatsApp only: the name and language of the template Meta approved (without them the
     * template cannot be sent through WhatsApp). The content mirrors its body: each placeholder,
     * in order, fills Meta's {{1}}, {{2}}…
     */
    wa_template_name: z.preprocess(
      blankToNull,
      z
        .string({ error: TEMPLATE_MESSAGES.waNameInvalid })
        .trim()
        .regex(/^[a-z0-9_]{1,512}$/, TEMPLATE_MESSAGES.waNameInvalid)
        .nullish()
        .transform((value) => value ?? null),
    ),
    wa_language: z.preprocess(
      blankToNull,
      z
        .string({ error: TEMPLATE_MESSAGES.waLanguageInvalid })
        .trim()
        .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, TEMPLATE_MESSAGES.waLanguageInvalid)
        .nullish()
        .transform((value) => value ?? WHATSAPP_TEMPLATE_LANGUAGE),
    ),
    visibility: z
      .enum(TEMPLATE_VISIBILITIES, { error: 'Phạm vi sử dụng không hợp lệ' })
      .default('everyone'),
    department_ids: z
      .array(z.uuid('Phòng ban không hợp lệ'), { error: 'Phòng ban không hợp lệ' })
      .max(100, 'Tối đa 100 phòng ban')
      .nullish()
      .transform((value) => [...new Set(value ?? [])]),
    active: z.boolean({ error: 'Trạng thái không hợp lệ' }).default(true),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const max = TEMPLATE_CONTENT_MAX[value.kind];
    if (value.content.length > max) issue('content', `Nội dung không được vượt quá ${max} ký tự`);
    const contentProblem = placeholderProblem(value.content);
    if (contentProblem) issue('content', contentProblem);
    else if (value.kind === 'sms') {
      const tooLong = smsProblem(value.content);
      if (tooLong) issue('content', tooLong);
    }
    if (value.kind === 'email') {
      if (!value.subject) issue('subject', TEMPLATE_MESSAGES.subjectRequired);
      else {
        const subjectProblem = placeholderProblem(value.subject);
        if (subjectProblem) issue('subject', subjectProblem);
      }
    }
    if (value.kind === 'zns' && !value.zns_template_id)
      issue('zns_template_id', TEMPLATE_MESSAGES.znsIdRequired);
    if (value.shortcut && value.kind !== 'chat')
      issue('shortcut', TEMPLATE_MESSAGES.shortcutChatOnly);
    if (value.visibility === 'departments' && value.department_ids.length === 0)
      issue('department_ids', TEMPLATE_MESSAGES.departmentsRequired);
  })
  // Fields of other kinds and departments of other visibilities are not kept.
  .transform((value) => ({
    ...value,
    subject: value.kind === 'email' ? value.subject : null,
    zns_template_id: value.kind === 'zns' ? value.zns_template_id : null,
    wa_template_name: value.kind === 'whatsapp' ? value.wa_template_name : null,
    wa_language: value.kind === 'whatsapp' ? value.wa_language : null,
    department_ids: value.visibility === 'departments' ? value.department_ids : [],
  }));
export type TemplateBodyInput = z.input<typeof templateBody>;
export type TemplateBody = z.output<typeof templateBody>;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Giá trị phải là true hoặc false' })
  .transform((value) => value === 'true');

export const templateKindParams = z.object({
  kind: z.enum(TEMPLATE_KINDS, { error: 'Loại mẫu không hợp lệ' }),
});

/** GET /v2/core/templates/{kind}. `catalog_id=none` lists templates without a catalog. */
export const templateListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, 'Từ khóa tối đa 100 ký tự').optional(),
  catalog_id: z
    .union([z.uuid('Danh mục không hợp lệ'), z.literal('none')], {
      error: 'Danh mục không hợp lệ',
    })
    .optional(),
  visibility: z.enum(TEMPLATE_VISIBILITIES, { error: 'Phạm vi sử dụng không hợp lệ' }).optional(),
  active: booleanQuery.optional(),
});
export type TemplateListQuery = z.output<typeof templateListQuery>;

/** GET /v2/templates/user/{id}: the active templates the user may use. */
export const userTemplatesQuery = z.object({
  kind: z.enum(TEMPLATE_KINDS, { error: 'Loại mẫu không hợp lệ' }).optional(),
  keyword: z.string().trim().max(100, 'Từ khóa tối đa 100 ký tự').optional(),
});

const namedRef = z.object({ _id: z.string(), name: z.string() });
const PLACEHOLDER_KEYS = TEMPLATE_PLACEHOLDERS.map((placeholder) => placeholder.key) as [
  PlaceholderKey,
  ...PlaceholderKey[],
];

export const messageTemplateView = z.object({
  _id: z.string(),
  kind: z.enum(TEMPLATE_KINDS),
  name: z.string(),
  catalog_id: z.string().nullable(),
  catalog_name: z.string().nullable(),
  content: z.string(),
  /** Email only. */
  subject: z.string().nullable(),
  /** Chat only: typed in the composer, e.g. '/chao'. */
  shortcut: z.string().nullable(),
  /** ZNS only: the template id registered with Zalo. */
  zns_template_id: z.string().nullable(),
  /** WhatsApp only: the approved template's name and language at Meta. */
  wa_template_name: z.string().nullable(),
  wa_language: z.string().nullable(),
  visibility: z.enum(TEMPLATE_VISIBILITIES),
  /** The departments a 'departments' template is for. */
  departments: z.array(namedRef),
  active: z.boolean(),
  /** Who created it; the only user of a personal template. */
  owner: namedRef.nullable(),
  /** The known placeholders the content and subject use. */
  placeholders: z.array(z.enum(PLACEHOLDER_KEYS)),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type MessageTemplate = z.infer<typeof messageTemplateView>;

/**
 * `POST /v2/core/template/{id}/zns-check`: a ZNS template compared with the one registered at
 * Zalo (`template/info/v2` through the tenant's ZNS channel). `ok` when Zalo's template is
 * approved (status ENABLE) and every parameter it has is one OmniCare fills.
 */
export const znsCheckView = z.object({
  ok: z.boolean(),
  /** Zalo's status of the template (ENABLE, PENDING_REVIEW, REJECT, DISABLE…); null: not read. */
  status: z.string().nullable(),
  /** Zalo's parameters, in its order. */
  zalo_params: z.array(z.string()),
  /** Zalo's parameters no OmniCare placeholder fills (a send would be refused). */
  unfillable: z.array(z.string()),
  /** Placeholders of the content Zalo's template does not have (not shown on Zalo). */
  unused: z.array(z.string()),
  message: z.string(),
});
export type ZnsCheckView = z.infer<typeof znsCheckView>;

export const ZNS_CHECK_MESSAGES = {
  notZns: 'Chỉ mẫu Zalo ZNS mới kiểm tra được với Zalo',
  noChannel: 'Chưa kết nối kênh Zalo ZNS (Cài đặt → Kênh → Zalo)',
  ok: 'Mẫu đã được Zalo duyệt và khớp tham số',
  failed: (reason: string) => `Không đọc được mẫu từ Zalo: ${reason}`,
  status: (status: string) => `Mẫu trên Zalo đang ở trạng thái ${status}, chưa gửi được`,
  unfillable: (names: string[]) =>
    `Tham số của mẫu Zalo không có trong OmniCare: ${names.join(', ')}`,
  unused: (names: string[]) => `Biến không có trong mẫu Zalo: ${names.join(', ')}`,
} as const;
