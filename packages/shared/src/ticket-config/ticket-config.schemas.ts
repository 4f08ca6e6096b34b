import { z } from 'zod';
import { TICKET_LIMITS, TICKET_SLA_FILTER, TICKET_SORTS } from '../tickets/tickets.schemas.js';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';
import { TICKET_STATUS } from '../tickets/ticket-enums.js';
import { CHANNEL_SOURCE } from '../channels/channel-source.js';
import { customFilterValue } from '../fields/custom-filters.js';

/**
 * Ticket configuration: priorities, types, services, ticket templates and smart views. Names
 * are unique in a tenant without regard to case; a value in use is never deleted (the refusal
 * says where it is used).
 */

export const TICKET_CONFIG_NAME_MAX = 100;
const name = (label: string) => requiredText(label, TICKET_CONFIG_NAME_MAX);
const optionalId = (message: string) =>
  z
    .uuid(message)
    .nullish()
    .transform((value) => value ?? null);
const position = z
  .number({ error: 'Thứ tự phải là số nguyên từ 0 đến 999' })
  .int('Thứ tự phải là số nguyên từ 0 đến 999')
  .min(0, 'Thứ tự phải là số nguyên từ 0 đến 999')
  .max(999, 'Thứ tự phải là số nguyên từ 0 đến 999');

/** What a refusal to delete names: '12 ticket, 2 mẫu ticket'. */
export const USAGE_LABELS = {
  tickets: 'ticket',
  templates: 'mẫu ticket',
  services: 'dịch vụ',
  sla_policies: 'chính sách SLA',
} as const;
export type Usage = Partial<Record<keyof typeof USAGE_LABELS, number>>;

/** 'Mức độ ưu tiên đang được dùng bởi 12 ticket, 1 mẫu ticket'; null when nothing uses it. */
export function inUseMessage(subject: string, usage: Usage): string | null {
  const parts = (Object.keys(USAGE_LABELS) as (keyof typeof USAGE_LABELS)[])
    .filter((key) => (usage[key] ?? 0) > 0)
    .map((key) => `${usage[key]} ${USAGE_LABELS[key]}`);
  return parts.length ? `${subject} đang được dùng bởi ${parts.join(', ')}` : null;
}

const messages = (subject: string, lower: string) => ({
  created: `Tạo mới ${lower} thành công`,
  updated: `Cập nhật ${lower} thành công`,
  deleted: `Xóa ${lower} thành công`,
  notFound: `Không tìm thấy ${lower}`,
  nameTaken: `Tên ${lower} đã tồn tại`,
  subject,
});

/* ---------------------------------------------------------------------------- priorities */

export const PRIORITY_MESSAGES = {
  ...messages('Mức độ ưu tiên', 'mức độ ưu tiên'),
  colorInvalid: 'Màu phải có dạng #RRGGBB',
} as const;

export const priorityBody = z.object({
  name: name('Tên mức độ ưu tiên'),
  color: z
    .string({ error: PRIORITY_MESSAGES.colorInvalid })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, PRIORITY_MESSAGES.colorInvalid)
    .transform((value) => value.toLowerCase()),
  order: position.optional().default(0),
});
export type PriorityBody = z.input<typeof priorityBody>;

export const priorityView = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.string(),
  order: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Priority = z.infer<typeof priorityView>;

/* --------------------------------------------------------------------------------- types */

export const TYPE_MESSAGES = messages('Loại ticket', 'loại ticket');

export const ticketTypeBody = z.object({
  name: name('Tên loại ticket'),
  order: position.optional().default(0),
});
export type TicketTypeBody = z.input<typeof ticketTypeBody>;

export const ticketTypeView = z.object({
  _id: z.string(),
  name: z.string(),
  order: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type TicketType = z.infer<typeof ticketTypeView>;

/* ------------------------------------------------------------------------------ services */

export const SERVICE_MESSAGES = {
  ...messages('Dịch vụ', 'dịch vụ'),
  typeMissing: 'Loại ticket không tồn tại',
} as const;

export const serviceBody = z.object({
  name: name('Tên dịch vụ'),
  /** Null: offered for every type. */
  type_id: optionalId(SERVICE_MESSAGES.typeMissing),
  order: position.optional().default(0),
});
export type ServiceBody = z.input<typeof serviceBody>;

export const serviceQuery = z.object({
  /** The services of this type and those offered for every type. */
  type_id: z.uuid(SERVICE_MESSAGES.typeMissing).optional(),
});

export const serviceView = z.object({
  _id: z.string(),
  name: z.string(),
  type_id: z.string().nullable(),
  type_name: z.string().nullable(),
  order: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Service = z.infer<typeof serviceView>;

/* ----------------------------------------------------------------------- ticket templates */

export const TICKET_TEMPLATE_MESSAGES = {
  ...messages('Mẫu ticket', 'mẫu ticket'),
  typeMissing: 'Loại ticket không tồn tại',
  priorityMissing: 'Mức độ ưu tiên không tồn tại',
  serviceMissing: 'Dịch vụ không tồn tại',
  serviceOtherType: 'Dịch vụ không thuộc loại ticket đã chọn',
  tagMissing: 'Có tag không tồn tại',
  customUnknown: 'Có trường tùy chỉnh không tồn tại',
  customInvalid: 'Giá trị trường tùy chỉnh không hợp lệ',
} as const;

export const TICKET_SUBJECT_MAX = TICKET_LIMITS.subject;
export const TICKET_TEMPLATE_DESCRIPTION_MAX = 20_000;
export const TICKET_TEMPLATE_TAGS_MAX = 50;
const customValue = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(500)).max(100),
  z.null(),
]);

export const ticketTemplateBody = z.object({
  name: name('Tên mẫu ticket'),
  subject: z
    .string({ error: 'Tiêu đề không hợp lệ' })
    .trim()
    .max(TICKET_SUBJECT_MAX, `Tiêu đề không được vượt quá ${TICKET_SUBJECT_MAX} ký tự`)
    .nullish()
    .transform((value) => value ?? ''),
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .max(
      TICKET_TEMPLATE_DESCRIPTION_MAX,
      `Mô tả không được vượt quá ${TICKET_TEMPLATE_DESCRIPTION_MAX} ký tự`,
    )
    .nullish()
    .transform((value) => value ?? ''),
  type_id: optionalId(TICKET_TEMPLATE_MESSAGES.typeMissing),
  priority_id: optionalId(TICKET_TEMPLATE_MESSAGES.priorityMissing),
  service_id: optionalId(TICKET_TEMPLATE_MESSAGES.serviceMissing),
  tag_ids: z
    .array(z.uuid(TICKET_TEMPLATE_MESSAGES.tagMissing))
    .max(TICKET_TEMPLATE_TAGS_MAX, `Tối đa ${TICKET_TEMPLATE_TAGS_MAX} tag`)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /** Ticket custom field values by field key. */
  custom: z
    .record(z.string().max(100), customValue, { error: TICKET_TEMPLATE_MESSAGES.customInvalid })
    .optional()
    .default({})
    .refine((value) => Object.keys(value).length <= 100, TICKET_TEMPLATE_MESSAGES.customInvalid),
});
export type TicketTemplateBody = z.input<typeof ticketTemplateBody>;

const named = z.object({ _id: z.string(), name: z.string() }).nullable();

export const ticketTemplateView = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  description: z.string(),
  type_id: z.string().nullable(),
  priority_id: z.string().nullable(),
  service_id: z.string().nullable(),
  type: named,
  priority: named,
  service: named,
  tag_ids: z.array(z.string()),
  tags: z.array(z.object({ _id: z.string(), name: z.string() })),
  custom: z.record(z.string(), customValue),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type TicketTemplate = z.infer<typeof ticketTemplateView>;

/* ----------------------------------------------------------------------------- smart views */

export const SMART_VIEW_MESSAGES = {
  ...messages('View', 'view'),
  sharedForbidden: 'Chỉ quản trị viên và trưởng nhóm được tạo view dùng chung',
  notOwner: 'Bạn không có quyền sửa view này',
  columnsRequired: 'Vui lòng chọn ít nhất một cột',
} as const;

/** The columns of the ticket list a view may show, in the list's order. */
export const TICKET_LIST_COLUMN = {
  values: [
    'code',
    'subject',
    'status',
    'priority',
    'type',
    'service',
    'requester',
    'assignee',
    'group',
    'source',
    'sla',
    'due_at',
    'created_at',
    'updated_at',
  ] as const,
  labels: {
    code: 'Mã',
    subject: 'Tiêu đề',
    status: 'Trạng thái',
    priority: 'Mức độ ưu tiên',
    type: 'Loại',
    service: 'Dịch vụ',
    requester: 'Người yêu cầu',
    assignee: 'Người xử lý',
    group: 'Phòng ban',
    source: 'Kênh',
    sla: 'SLA',
    due_at: 'Hạn xử lý',
    created_at: 'Ngày tạo',
    updated_at: 'Cập nhật',
  },
};
export type TicketListColumn = (typeof TICKET_LIST_COLUMN.values)[number];

/** The sorts a view may keep: the ticket list's. */
export const TICKET_SORT_FIELDS = TICKET_SORTS;

const day = z.iso.date('Ngày không hợp lệ');
const ids = (message: string) => z.array(z.uuid(message)).max(100).optional();

/** A view's filters: the keys of the ticket list query (`GET /v2/tickets`). */
export const smartViewFilters = z
  .object({
    search: z.string().trim().max(200).optional(),
    status: z.array(z.enum(TICKET_STATUS.values, 'Trạng thái không hợp lệ')).max(5).optional(),
    priority_id: ids('Mức độ ưu tiên không hợp lệ'),
    type_id: ids('Loại ticket không hợp lệ'),
    service_id: ids('Dịch vụ không hợp lệ'),
    group_id: ids('Phòng ban không hợp lệ'),
    /** 'me' stands for whoever opens the view, 'none' for unassigned tickets. */
    assignee_id: z
      .array(
        z.union([z.uuid('Người xử lý không hợp lệ'), z.literal('me'), z.literal('none')], {
          error: 'Người xử lý không hợp lệ',
        }),
      )
      .max(100)
      .optional(),
    requester_id: z.uuid('Người yêu cầu không hợp lệ').optional(),
    source: z.array(z.enum(CHANNEL_SOURCE.values, 'Kênh không hợp lệ')).max(50).optional(),
    tag: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    sla: z.enum(TICKET_SLA_FILTER, 'Bộ lọc SLA không hợp lệ').optional(),
    created_from: day.optional(),
    created_to: day.optional(),
    updated_from: day.optional(),
    updated_to: day.optional(),
    /** Ticket custom field filters by key, as the list's `custom` (see `checkCustomFilters`). */
    custom: z.record(z.string().max(100), customFilterValue).optional(),
  })
  .strict();
export type SmartViewFilters = z.infer<typeof smartViewFilters>;

export const smartViewBody = z.object({
  name: name('Tên view'),
  filters: smartViewFilters.optional().default({}),
  columns: z
    .array(z.enum(TICKET_LIST_COLUMN.values, 'Cột không hợp lệ'))
    .min(1, SMART_VIEW_MESSAGES.columnsRequired)
    .max(TICKET_LIST_COLUMN.values.length)
    .transform((columns) => [...new Set(columns)]),
  sort: z
    .object({
      field: z.enum(TICKET_SORT_FIELDS, 'Cột sắp xếp không hợp lệ'),
      direction: z.enum(['asc', 'desc'], 'Chiều sắp xếp không hợp lệ'),
    })
    .optional()
    .default({ field: 'updated_at', direction: 'desc' }),
  shared: z.boolean('Giá trị dùng chung không hợp lệ').optional().default(false),
});
export type SmartViewBody = z.input<typeof smartViewBody>;

export const smartViewView = z.object({
  _id: z.string(),
  name: z.string(),
  filters: smartViewFilters,
  columns: z.array(z.enum(TICKET_LIST_COLUMN.values)),
  sort: z.object({ field: z.enum(TICKET_SORT_FIELDS), direction: z.enum(['asc', 'desc']) }),
  shared: z.boolean(),
  owner: named,
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type SmartView = z.infer<typeof smartViewView>;
