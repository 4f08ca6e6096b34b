import { z } from 'zod';
import {
  emailField,
  isCalendarDay,
  optionalWithoutDefaults,
  pageQuery,
  refuseReversedDays,
  requiredText,
} from '../platform/validation.js';
import { bulkResult, isoDateTime, listBody } from '../platform/envelope.js';
import { CHANNEL_SOURCE, type ChannelSource } from '../channels/channel-source.js';
import { customFilterParam } from '../fields/custom-filters.js';
import { recordNumber, recordRefParam } from '../platform/record-ref.js';
import { TICKET_STATUS, type TicketStatus } from './ticket-enums.js';

/** What the ticket endpoints answer when they refuse. */
export const TICKET_MESSAGES = {
  notFound: 'Không tìm thấy ticket',
  requesterMissing: 'Khách hàng không tồn tại',
  organizationMissing: 'Tổ chức không tồn tại',
  priorityMissing: 'Mức độ ưu tiên không tồn tại',
  typeMissing: 'Loại ticket không tồn tại',
  serviceMissing: 'Dịch vụ không tồn tại',
  serviceOfOtherType: 'Dịch vụ không áp dụng cho loại ticket đã chọn',
  groupMissing: 'Bộ phận không tồn tại',
  assigneeMissing: 'Người xử lý phải là nhân viên đang hoạt động',
  assigneeOutsideGroup: 'Người xử lý không thuộc bộ phận đã chọn',
  tagMissing: 'Tag không tồn tại',
  followerMissing: 'Người theo dõi phải là nhân viên',
  /** Closed is final: only an administrator may change a closed ticket (422 on `status`). */
  closed: 'Ticket đã đóng, chỉ quản trị viên được thay đổi',
  /** A customer who is the requester of tickets is not deleted (their history would go). */
  customerHasTickets: 'Khách hàng đang có ticket, không thể xóa',
  created: 'Tạo ticket thành công',
  updated: 'Cập nhật ticket thành công',
  deleted: 'Xóa ticket thành công',
} as const;

/** Limits of a ticket's fields. */
export const TICKET_LIMITS = {
  subject: 255,
  /** Characters of sanitised HTML. */
  description: 100_000,
  cc: 50,
  tags: 50,
  followers: 50,
  search: 200,
} as const;

const uuidOrNull = (message: string) => z.uuid(message).nullable().optional();
const isoDate = (message: string) => z.string().refine(isCalendarDay, message);
const statusField = z.enum(TICKET_STATUS.values as [TicketStatus, ...TicketStatus[]], {
  error: 'Trạng thái không hợp lệ',
});
const sourceField = z.enum(CHANNEL_SOURCE.values as [ChannelSource, ...ChannelSource[]], {
  error: 'Nguồn không hợp lệ',
});

/** `POST /v2/tickets`. `description` is rich HTML, sanitised by the server before it is stored. */
export const ticketBody = z.object({
  subject: requiredText('Tiêu đề', TICKET_LIMITS.subject),
  description: z
    .string({ error: 'Mô tả không hợp lệ' })
    .max(TICKET_LIMITS.description, `Mô tả không được vượt quá ${TICKET_LIMITS.description} ký tự`)
    .default(''),
  requester_id: uuidOrNull('Khách hàng không hợp lệ'),
  organization_id: uuidOrNull('Tổ chức không hợp lệ'),
  status: statusField.default('new'),
  priority_id: uuidOrNull('Mức độ ưu tiên không hợp lệ'),
  type_id: uuidOrNull('Loại ticket không hợp lệ'),
  service_id: uuidOrNull('Dịch vụ không hợp lệ'),
  /** A department: a group with target 'user'. */
  group_id: uuidOrNull('Bộ phận không hợp lệ'),
  assignee_id: uuidOrNull('Người xử lý không hợp lệ'),
  source: sourceField.default('hand'),
  cc: z
    .array(emailField())
    .max(TICKET_LIMITS.cc, `Tối đa ${TICKET_LIMITS.cc} email CC`)
    .default([]),
  /** Ids of the tenant's tags (the catalogue customers use too). */
  tag_ids: z
    .array(z.uuid('Tag không hợp lệ'))
    .max(TICKET_LIMITS.tags, `Tối đa ${TICKET_LIMITS.tags} tag`)
    .default([]),
  /** Ids of staff following the ticket. */
  follower_ids: z
    .array(z.uuid('Người theo dõi không hợp lệ'))
    .max(TICKET_LIMITS.followers, `Tối đa ${TICKET_LIMITS.followers} người theo dõi`)
    .default([]),
  /** Values of the tenant's ticket custom fields by key (`validateCustomValues`). */
  custom: z.record(z.string(), z.unknown()).default({}),
  due_at: isoDateTime.nullable().optional(),
});
export type TicketBody = z.infer<typeof ticketBody>;
export type TicketRequest = z.input<typeof ticketBody>;

/**
 * `PUT /v2/tickets/{id}`: fields left out keep their value, `null` clears a nullable one;
 * `tag_ids`, `follower_ids`, `cc` and `custom`, when sent, are the whole new set.
 */
export const ticketUpdateBody = z.object(optionalWithoutDefaults(ticketBody.shape));
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;

/** The sort keys of the ticket list, as `sort=<key>` or `sort=<key>:asc|desc`. */
export const TICKET_SORTS = [
  'updated_at',
  'created_at',
  'code',
  'priority',
  'status',
  'subject',
  'due_at',
] as const;
export type TicketSortKey = (typeof TICKET_SORTS)[number];
export interface TicketSort {
  key: TicketSortKey;
  order: 'asc' | 'desc';
}
const SORT_MESSAGE = 'Sắp xếp không hợp lệ';
const sortParam = z
  .string()
  .max(40, SORT_MESSAGE)
  .transform((raw, ctx): TicketSort => {
    const [key, order, extra] = raw.trim().split(':');
    const known = (TICKET_SORTS as readonly string[]).includes(key ?? '');
    if (
      !known ||
      extra !== undefined ||
      (order !== undefined && !['asc', 'desc'].includes(order))
    ) {
      ctx.addIssue({ code: 'custom', message: SORT_MESSAGE });
      return z.NEVER;
    }
    // A name reads A to Z; everything else newest, highest or latest first.
    const fallback = key === 'subject' ? 'asc' : 'desc';
    return { key: key as TicketSortKey, order: (order ?? fallback) as 'asc' | 'desc' };
  });

/** `status=open` or `status=new,open,pending`. */
/**
 * A list filter of the ticket list: one value, a comma list or the parameter repeated; any of
 * them matches. Each item is checked by `valid`; repeats are dropped.
 */
function listParam<T extends string>(valid: (item: string) => boolean, message: string) {
  return z
    .union([z.string().max(4000), z.array(z.string().max(100)).max(100)])
    .transform((raw, ctx): T[] => {
      const items = (Array.isArray(raw) ? raw.join(',') : raw)
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length > 100 || items.some((item) => !valid(item))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(items)] as T[];
    });
}
const isUuid = (value: string) => z.uuid().safeParse(value).success;
const statusListParam = listParam<TicketStatus>(TICKET_STATUS.is, 'Trạng thái không hợp lệ');
const idListParam = (message: string) => listParam<string>(isUuid, message);

/** The SLA filter: tickets past an SLA target, or whose next target is within the hour. */
export const TICKET_SLA_FILTER = ['breached', 'due_soon'] as const;
/** How close an SLA target is when `sla=due_soon` finds it. */
export const SLA_DUE_SOON_MINUTES = 60;

/** The filters of the ticket list (no refinements, so the bulk filter can reuse them). */
export const ticketListFields = pageQuery.extend({
  /** Diacritics-free over the code ('#123', '123'), the subject and the requester's name. */
  search: z
    .string()
    .trim()
    .max(TICKET_LIMITS.search, `Từ khóa tối đa ${TICKET_LIMITS.search} ký tự`)
    .optional(),
  status: statusListParam.optional(),
  /** Each of these: one id or a comma list, any of which matches. */
  priority_id: idListParam('Mức độ ưu tiên không hợp lệ').optional(),
  type_id: idListParam('Loại ticket không hợp lệ').optional(),
  service_id: idListParam('Dịch vụ không hợp lệ').optional(),
  group_id: idListParam('Bộ phận không hợp lệ').optional(),
  /** Staff ids, 'me' (the caller) and 'none' (unassigned). */
  assignee_id: listParam<string>(
    (value) => value === 'me' || value === 'none' || isUuid(value),
    'Người xử lý không hợp lệ',
  ).optional(),
  requester_id: z.uuid('Khách hàng không hợp lệ').optional(),
  source: listParam<ChannelSource>(CHANNEL_SOURCE.is, 'Nguồn không hợp lệ').optional(),
  /** Tag ids. */
  tag: idListParam('Tag không hợp lệ').optional(),
  sla: z.enum(TICKET_SLA_FILTER, { error: 'Bộ lọc SLA không hợp lệ' }).optional(),
  created_from: isoDate('Ngày không hợp lệ').optional(),
  created_to: isoDate('Ngày không hợp lệ').optional(),
  updated_from: isoDate('Ngày không hợp lệ').optional(),
  updated_to: isoDate('Ngày không hợp lệ').optional(),
  /** Ticket custom field filters by key (JSON in a query string), see `checkCustomFilters`. */
  custom: customFilterParam.optional(),
  /** A smart view (the caller's own or a shared one): its filters apply with these. */
  smart_view_id: z.uuid('Bộ lọc đã lưu không hợp lệ').optional(),
  sort: sortParam.default({ key: 'updated_at', order: 'desc' }),
});
const refuseReversed = (
  value: Partial<Record<'created_from' | 'created_to' | 'updated_from' | 'updated_to', unknown>>,
  ctx: z.RefinementCtx,
) => {
  refuseReversedDays('created_from', 'created_to')(value, ctx);
  refuseReversedDays('updated_from', 'updated_to')(value, ctx);
};
export const ticketListQuery = ticketListFields.superRefine(refuseReversed);
export type TicketListQuery = z.infer<typeof ticketListQuery>;
/** The list's filters in a JSON body (a bulk action over a whole result). */
export const ticketFilterBody = ticketListFields
  .omit({ page: true, page_size: true })
  .partial()
  .superRefine(refuseReversed);
export type TicketFilterBody = z.infer<typeof ticketFilterBody>;

/** The views pane counts each view's tickets up to this many ('99+' past it). */
export const TICKET_VIEW_COUNT_CAP = 99;
/** At most this many views counted per request. */
export const TICKET_VIEW_COUNTS_MAX = 50;
/**
 * POST /v2/tickets/view-counts: how many tickets each view lists for the caller (their data
 * scope applies), each view by the list's own filters or a saved view's id.
 */
export const ticketViewCountsBody = z.strictObject({
  views: z
    .array(
      z.strictObject({
        id: z.string().trim().min(1, 'Thiếu mã chế độ xem').max(64, 'Mã chế độ xem quá dài'),
        filter: ticketFilterBody,
      }),
    )
    .max(TICKET_VIEW_COUNTS_MAX, `Tối đa ${TICKET_VIEW_COUNTS_MAX} chế độ xem mỗi lần`),
});
export type TicketViewCountsBody = z.infer<typeof ticketViewCountsBody>;
/** What a client sends: the list's filters as its address spells them. */
export type TicketViewCountsRequest = z.input<typeof ticketViewCountsBody>;
/** A view's count, stopped at TICKET_VIEW_COUNT_CAP (`capped`: there are more). */
export const ticketViewCountView = z.object({
  id: z.string(),
  count: z.number().int(),
  capped: z.boolean(),
});
export type TicketViewCount = z.infer<typeof ticketViewCountView>;

/** `/v2/tickets/{id}`: the ticket's id or its number (the digits of its code). */
export const ticketRefParams = z.object({ id: recordRefParam('Mã ticket không hợp lệ') });

/** At most this many tickets per bulk action, chosen by ids or by a filter. */
export const TICKET_BULK_MAX = 1000;
/**
 * A bulk action over at most this many tickets answers their results at once (200); over more,
 * it runs as a background job (202 with the job: progress and each ticket's result at
 * `GET /v2/jobs/{id}`, readable after a reconnect or another instance's crash).
 */
export const TICKET_BULK_SYNC_MAX = 50;
/** The kind of the background job of a bulk action over many tickets. */
export const TICKET_BULK_JOB_KIND = 'tickets.bulk';
export const TICKET_BULK_MESSAGES = {
  noneChosen: 'Vui lòng chọn ít nhất một ticket',
  tooMany: `Tối đa ${TICKET_BULK_MAX} ticket mỗi lần`,
  statusRequired: 'Vui lòng chọn trạng thái',
  priorityRequired: 'Vui lòng chọn mức độ ưu tiên',
  assigneeRequired: 'Vui lòng chọn người xử lý hoặc bộ phận',
  tagsRequired: 'Vui lòng chọn tag',
  /** Merge: the ticket the others go into. */
  targetRequired: 'Vui lòng chọn ticket đích',
  /** Merge: the target picked among the selection is not merged into itself (it fails alone). */
  mergeTarget: 'Đây là ticket đích, không gộp vào chính nó',
  /** 202: the action goes on in the background. */
  started: 'Đang xử lý hàng loạt ticket trong nền',
} as const;
export const BULK_TICKET_ACTIONS = [
  'assign',
  'status',
  'priority',
  'tags',
  'delete',
  'merge',
] as const;
export type TicketBulkAction = (typeof BULK_TICKET_ACTIONS)[number];

/**
 * `POST /v2/tickets/bulk`: `ids` or `filter` (the list's filters, within the caller's scope),
 * then per action: assign `{assignee_id?, group_id?}` (null unassigns), status `{status}`,
 * priority `{priority_id}` (null clears), tags `{add_tag_ids?, remove_tag_ids?}`, delete,
 * merge `{target_id}` (each ticket merged into the target as `POST /v2/tickets/{id}/merge`).
 */
export const ticketBulkBody = z
  .object({
    action: z.enum(BULK_TICKET_ACTIONS, { error: 'Thao tác không hợp lệ' }),
    ids: z
      .array(z.uuid('Ticket không hợp lệ'))
      .min(1, TICKET_BULK_MESSAGES.noneChosen)
      .max(TICKET_BULK_MAX, TICKET_BULK_MESSAGES.tooMany)
      .optional(),
    filter: ticketFilterBody.optional(),
    assignee_id: uuidOrNull('Người xử lý không hợp lệ'),
    group_id: uuidOrNull('Bộ phận không hợp lệ'),
    status: statusField.optional(),
    priority_id: uuidOrNull('Mức độ ưu tiên không hợp lệ'),
    add_tag_ids: z.array(z.uuid('Tag không hợp lệ')).max(TICKET_LIMITS.tags).optional(),
    remove_tag_ids: z.array(z.uuid('Tag không hợp lệ')).max(TICKET_LIMITS.tags).optional(),
    target_id: z.uuid(TICKET_BULK_MESSAGES.targetRequired).optional(),
  })
  .superRefine((value, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if ((value.ids === undefined) === (value.filter === undefined))
      need('ids', TICKET_BULK_MESSAGES.noneChosen);
    if (
      value.action === 'assign' &&
      value.assignee_id === undefined &&
      value.group_id === undefined
    )
      need('assignee_id', TICKET_BULK_MESSAGES.assigneeRequired);
    if (value.action === 'status' && !value.status)
      need('status', TICKET_BULK_MESSAGES.statusRequired);
    if (value.action === 'priority' && value.priority_id === undefined)
      need('priority_id', TICKET_BULK_MESSAGES.priorityRequired);
    if (value.action === 'tags' && !value.add_tag_ids?.length && !value.remove_tag_ids?.length)
      need('add_tag_ids', TICKET_BULK_MESSAGES.tagsRequired);
    if (value.action === 'merge' && !value.target_id)
      need('target_id', TICKET_BULK_MESSAGES.targetRequired);
  });
export type TicketBulkBody = z.infer<typeof ticketBulkBody>;
export type TicketBulkRequest = z.input<typeof ticketBulkBody>;

export const ticketBulkItem = z.object({
  _id: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type TicketBulkItem = z.infer<typeof ticketBulkItem>;
export const ticketBulkAnswer = bulkResult(ticketBulkItem);

const namedRef = z.object({ _id: z.string(), name: z.string() });

export const ticketListItemView = z.object({
  _id: z.string(),
  /** '#000123': `formatTicketCode(number)`. */
  code: z.string(),
  number: recordNumber,
  subject: z.string(),
  status: statusField,
  priority: z.object({ _id: z.string(), name: z.string(), color: z.string() }).nullable(),
  type: namedRef.nullable(),
  service: namedRef.nullable(),
  group: namedRef.nullable(),
  requester: namedRef.nullable(),
  assignee: namedRef.nullable(),
  source: z.string(),
  tags: z.array(namedRef),
  due_at: isoDateTime.nullable(),
  sla_due_at: isoDateTime.nullable(),
  sla_breached_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type TicketListItem = z.infer<typeof ticketListItemView>;

/** GET /v2/tickets: past the count cap, `total` is the cap and `total_capped` says so. */
export const ticketListAnswer = listBody(ticketListItemView).extend({
  total_capped: z.boolean(),
});
export type TicketListAnswer = z.infer<typeof ticketListAnswer>;

export const ticketDetailView = ticketListItemView.extend({
  description: z.string(),
  organization: namedRef.nullable(),
  followers: z.array(namedRef),
  cc: z.array(z.string()),
  custom: z.record(z.string(), z.unknown()),
  created_by: namedRef.nullable(),
  updated_by: namedRef.nullable(),
  first_response_at: isoDateTime.nullable(),
  solved_at: isoDateTime.nullable(),
  closed_at: isoDateTime.nullable(),
  reopen_count: z.number().int(),
  reply_count: z.number().int(),
  /** The ticket this one was merged into. */
  merged_into: z.object({ _id: z.string(), code: z.string(), number: recordNumber }).nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailView>;

/** GET /v2/status: the statuses with their labels, in their order. */
export const ticketStatusOptionsView = z.array(z.object({ value: statusField, label: z.string() }));

/** The labels a ticket's activity log shows for each field it records. */
export const TICKET_FIELD_LABELS = {
  subject: 'Tiêu đề',
  description: 'Mô tả',
  requester: 'Khách hàng',
  organization: 'Tổ chức',
  status: 'Trạng thái',
  priority: 'Mức độ ưu tiên',
  type: 'Loại ticket',
  service: 'Dịch vụ',
  group: 'Bộ phận',
  assignee: 'Người xử lý',
  source: 'Nguồn',
  cc: 'CC',
  tags: 'Tags',
  followers: 'Người theo dõi',
  due_at: 'Hạn xử lý',
} as const;
export type TicketField = keyof typeof TICKET_FIELD_LABELS;
