import { z } from 'zod';
import {
  emailField,
  isCalendarDay,
  optionalWithoutDefaults,
  pageQuery,
  publicFileField,
  refuseReversedDays,
  requiredText,
} from '../platform/validation.js';
import { bulkResult, isoDateTime, listBody } from '../platform/envelope.js';
import { CHANNEL_SOURCE, type ChannelSource } from '../channels/channel-source.js';
import { customFilterParam } from '../fields/custom-filters.js';
import { GENDER, type Gender } from './customer-enums.js';
import { recordNumber, recordRefParam } from '../platform/record-ref.js';
import { isValidPhone, normalizePhone } from './normalize.js';

const nullableUuid = (message: string) => z.uuid(message).nullable().optional();
const isoDate = (message: string) => z.string().refine(isCalendarDay, message);

/** What the customer endpoints answer when they refuse. */
export const CUSTOMER_MESSAGES = {
  notFound: 'Không tìm thấy khách hàng',
  duplicatePhone: 'Số điện thoại đã thuộc về khách hàng',
  duplicateEmail: 'Email đã thuộc về khách hàng',
  /** The holder is outside the caller's data scope: who it is stays unsaid. */
  phoneTaken: 'Số điện thoại đã được dùng cho một khách hàng khác',
  emailTaken: 'Email đã được dùng cho một khách hàng khác',
  groupMissing: 'Nhóm khách hàng không tồn tại',
  tagMissing: 'Tag không tồn tại',
  ownerMissing: 'Người phụ trách không tồn tại',
  organizationMissing: 'Tổ chức không tồn tại',
  cityMissing: 'Tỉnh/thành phố không tồn tại',
  districtMismatch: 'Quận/huyện không thuộc tỉnh/thành phố đã chọn',
  avatarType: 'Ảnh đại diện phải là PNG, JPEG, WEBP hoặc GIF',
  avatarSize: 'Ảnh đại diện tối đa 2 MB',
  /** 404 for a merged-away customer; the body's `merged_into` names the survivor. */
  merged: 'Khách hàng đã được gộp vào khách hàng khác',
} as const;

/** The survivor a merged-away customer's 404 names (`merged_into`). */
export interface MergedInto {
  _id: string;
  number: number;
  name: string;
}

/** Phones and emails of one customer are distinct, with at most one primary of each. */
function checkContacts(
  value: {
    phones?: { phone: string; is_primary: boolean }[];
    emails?: { email: string; is_primary: boolean }[];
  },
  ctx: z.RefinementCtx,
) {
  const seen = new Map<string, number>();
  (value.phones ?? []).forEach((entry, index) => {
    const key = normalizePhone(entry.phone);
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['phones', index, 'phone'],
        message: 'Số điện thoại bị trùng',
      });
    seen.set(key, index);
  });
  const emails = new Set<string>();
  (value.emails ?? []).forEach((entry, index) => {
    if (emails.has(entry.email))
      ctx.addIssue({
        code: 'custom',
        path: ['emails', index, 'email'],
        message: 'Email bị trùng',
      });
    emails.add(entry.email);
  });
  if ((value.phones ?? []).filter((p) => p.is_primary).length > 1) {
    ctx.addIssue({ code: 'custom', path: ['phones'], message: 'Chỉ một số điện thoại chính' });
  }
  if ((value.emails ?? []).filter((e) => e.is_primary).length > 1) {
    ctx.addIssue({ code: 'custom', path: ['emails'], message: 'Chỉ một email chính' });
  }
}

export const customerBody = z
  .object({
    name: requiredText('Tên khách hàng', 150),
    // The web puts it into <img src>: only a file the server stored (its own upload sets it).
    avatar_url: publicFileField('Ảnh đại diện không hợp lệ'),
    gender: z
      .enum(GENDER.values as [Gender, ...Gender[]], { error: 'Giới tính không hợp lệ' })
      .nullable()
      .optional(),
    birthday: isoDate('Ngày sinh không hợp lệ').nullable().optional(),
    phones: z
      .array(
        z.object({
          phone: z.string().trim().refine(isValidPhone, 'Số điện thoại không hợp lệ'),
          is_primary: z.boolean().default(false),
        }),
      )
      .max(10, 'Tối đa 10 số điện thoại')
      .default([]),
    emails: z
      .array(z.object({ email: emailField(), is_primary: z.boolean().default(false) }))
      .max(10, 'Tối đa 10 email')
      .default([]),
    address: z.string().trim().max(500).nullable().optional(),
    city_code: z.string().max(10).nullable().optional(),
    district_code: z.string().max(10).nullable().optional(),
    tier: z
      .number()
      .int()
      .min(0, 'Hạng khách hàng không hợp lệ')
      .max(3, 'Hạng khách hàng không hợp lệ')
      .default(0),
    group_ids: z.array(z.uuid('Nhóm khách hàng không hợp lệ')).max(100).default([]),
    tag_ids: z.array(z.uuid('Tag không hợp lệ')).max(200).default([]),
    organization_id: nullableUuid('Tổ chức không hợp lệ'),
    owner_id: nullableUuid('Người phụ trách không hợp lệ'),
    source: z
      .enum(CHANNEL_SOURCE.values as [ChannelSource, ...ChannelSource[]], {
        error: 'Nguồn không hợp lệ',
      })
      .default('hand'),
    custom: z.record(z.string(), z.unknown()).default({}),
    notes: z.string().max(5000, 'Ghi chú không được vượt quá 5000 ký tự').default(''),
  })
  .superRefine(checkContacts);
export type CustomerBody = z.infer<typeof customerBody>;
/**
 * `PUT /v2/customers/{id}`: the fields sent replace the customer's, those left out keep their
 * value (`null` clears a nullable one). `custom`, when sent, is the whole set of values.
 */
export const customerUpdateBody = z
  .object(optionalWithoutDefaults(customerBody.shape))
  .superRefine(checkContacts);
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;

export const CUSTOMER_SORTS = ['created_at', 'updated_at', 'name', 'tier'] as const;
/** The filters of the customer list (no refinements, so others can pick from it). */
export const customerListFields = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  group_id: z.uuid().optional(),
  tag_id: z.uuid().optional(),
  tier: z.coerce.number().int().min(0).max(3).optional(),
  source: z.enum(CHANNEL_SOURCE.values as [ChannelSource, ...ChannelSource[]]).optional(),
  owner_id: z.uuid().optional(),
  organization_id: z.uuid().optional(),
  created_from: isoDate('Ngày không hợp lệ').optional(),
  created_to: isoDate('Ngày không hợp lệ').optional(),
  /** Custom field filters by field key (JSON in a query string), see `checkCustomFilters`. */
  custom: customFilterParam.optional(),
  sort: z.enum(CUSTOMER_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
const refuseReversedCreated = refuseReversedDays('created_from', 'created_to');
export const customerListQuery = customerListFields.superRefine(refuseReversedCreated);
/** The list's filters in a JSON body (an export, a bulk action over a whole result). */
export const customerFilterBody = customerListFields
  .omit({ page: true, page_size: true })
  .partial()
  .superRefine(refuseReversedCreated);
export type CustomerFilterBody = z.infer<typeof customerFilterBody>;
/** The filter as a client sends it (custom filters as their JSON text or object). */
export type CustomerFilterRequest = z.input<typeof customerFilterBody>;
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** At most this many customers per bulk action, chosen by ids or by a filter. */
export const CUSTOMER_BULK_MAX = 1000;
export const CUSTOMER_BULK_MESSAGES = {
  noneChosen: 'Vui lòng chọn ít nhất một khách hàng',
  tooMany: `Tối đa ${CUSTOMER_BULK_MAX} khách hàng mỗi lần`,
} as const;

export const BULK_CUSTOMER_ACTIONS = [
  'add_group',
  'remove_group',
  'add_tag',
  'remove_tag',
  'assign_owner',
  'delete',
] as const;
export type CustomerBulkAction = (typeof BULK_CUSTOMER_ACTIONS)[number];
export const customerBulkBody = z
  .object({
    action: z.enum(BULK_CUSTOMER_ACTIONS, { error: 'Thao tác không hợp lệ' }),
    ids: z
      .array(z.uuid('Khách hàng không hợp lệ'))
      .min(1, CUSTOMER_BULK_MESSAGES.noneChosen)
      .max(CUSTOMER_BULK_MAX, CUSTOMER_BULK_MESSAGES.tooMany)
      .optional(),
    /** Instead of ids: every customer the list's filter finds in the caller's data scope. */
    filter: customerFilterBody.optional(),
    group_id: z.uuid('Nhóm khách hàng không hợp lệ').optional(),
    tag_id: z.uuid('Tag không hợp lệ').optional(),
    owner_id: z.uuid('Người phụ trách không hợp lệ').nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.ids === undefined) === (value.filter === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: CUSTOMER_BULK_MESSAGES.noneChosen });
    if ((value.action === 'add_group' || value.action === 'remove_group') && !value.group_id)
      ctx.addIssue({
        code: 'custom',
        path: ['group_id'],
        message: 'Vui lòng chọn nhóm khách hàng',
      });
    if ((value.action === 'add_tag' || value.action === 'remove_tag') && !value.tag_id)
      ctx.addIssue({ code: 'custom', path: ['tag_id'], message: 'Vui lòng chọn tag' });
    if (value.action === 'assign_owner' && value.owner_id === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['owner_id'],
        message: 'Vui lòng chọn người phụ trách',
      });
  });
export type CustomerBulkBody = z.infer<typeof customerBulkBody>;
/** A bulk action as a client sends it: ids, or the list's filter. */
export type CustomerBulkRequest = z.input<typeof customerBulkBody>;

/** `GET /v2/customers/{id}`: the customer's id or its short number. */
export const customerRefParams = z.object({
  id: recordRefParam('Mã khách hàng không hợp lệ'),
});

export const customerMergeBody = z
  .object({
    survivor_id: z.uuid('Khách hàng không hợp lệ'),
    merged_id: z.uuid('Khách hàng không hợp lệ'),
  })
  .refine((value) => value.survivor_id !== value.merged_id, {
    path: ['merged_id'],
    message: 'Không thể gộp một khách hàng với chính nó',
  });

/** A record named by another: an owner, an organization, a group, a tag, an actor. */
const namedRef = z.object({ _id: z.string(), name: z.string() });

export const customerListItemView = z.object({
  _id: z.string(),
  /** The short number of the customer in its tenant: its address and tab title on the web. */
  number: recordNumber,
  name: z.string(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  tier: z.number().int(),
  source: z.string(),
  owner: namedRef.nullable(),
  organization: namedRef.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type CustomerListItem = z.infer<typeof customerListItemView>;

/** GET /v2/customers: past the count cap, `total` is the cap and `total_capped` says so. */
export const customerListAnswer = listBody(customerListItemView).extend({
  total_capped: z.boolean(),
});
export type CustomerListAnswer = z.infer<typeof customerListAnswer>;

export const customerDetailView = customerListItemView.extend({
  gender: z.enum(GENDER.values as [Gender, ...Gender[]]).nullable(),
  birthday: z.string().nullable(),
  phones: z.array(z.object({ phone: z.string(), is_primary: z.boolean() })),
  emails: z.array(z.object({ email: z.string(), is_primary: z.boolean() })),
  address: z.string().nullable(),
  city_code: z.string().nullable(),
  district_code: z.string().nullable(),
  groups: z.array(namedRef),
  tags: z.array(namedRef),
  custom: z.record(z.string(), z.unknown()),
  notes: z.string(),
});
export type CustomerDetail = z.infer<typeof customerDetailView>;

/** One item of a bulk action's answer: the customer's id, and why it failed when it did. */
export const customerBulkItem = z.object({
  id: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type CustomerBulkItem = z.infer<typeof customerBulkItem>;
export const customerBulkAnswer = bulkResult(customerBulkItem);
export type CustomerBulkAnswer = z.infer<typeof customerBulkAnswer>;

/** A 422 for a phone or email another customer already has, with where to find them. */
/** Why a customer is suggested as a duplicate of another. */
export const DUPLICATE_REASON = ['phone', 'email', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASON)[number];
export const DUPLICATE_REASON_LABEL: Record<DuplicateReason, string> = {
  phone: 'Trùng số điện thoại',
  email: 'Trùng email',
  name: 'Trùng tên',
};

/** GET /v2/customers/{id}/duplicates: likely duplicates within the caller's scope. */
export const customerDuplicateView = customerListItemView.extend({
  reasons: z.array(z.enum(DUPLICATE_REASON)),
});
export type CustomerDuplicate = z.infer<typeof customerDuplicateView>;

export interface DuplicateCustomer {
  _id: string;
  name: string;
  link: string;
}

export const TAG_GROUP_MESSAGES = {
  nameRequired: 'Tên nhóm tags không được bỏ trống',
  tagRequired: 'Tên tag không được bỏ trống',
  duplicate: 'Tên tag bị trùng',
  nameTaken: 'Tên nhóm tags đã tồn tại',
  created: 'Tạo mới nhóm tags thành công',
  updated: 'Cập nhật nhóm tags thành công',
  deleted: 'Xóa nhóm tags thành công',
  notFound: 'Không tìm thấy nhóm tags',
  invalidId: 'Mã nhóm tags không hợp lệ',
  subject: 'Nhóm tags',
} as const;

/** Values are trimmed before they are checked, on both sides. */
export const tagGroupBody = z
  .object({
    name: z
      .string({ error: TAG_GROUP_MESSAGES.nameRequired })
      .trim()
      .min(1, TAG_GROUP_MESSAGES.nameRequired)
      .max(100),
    tags: z
      .array(
        z
          .string({ error: TAG_GROUP_MESSAGES.tagRequired })
          .trim()
          .min(1, TAG_GROUP_MESSAGES.tagRequired)
          .max(100),
      )
      .max(200),
    /**
     * Optional, beside `tags`: the id each tag had when the form opened (null for a new one),
     * so a renamed tag keeps its customers. Without it tags are matched by their name.
     */
    tag_ids: z.array(z.uuid('Mã tag không hợp lệ').nullable()).max(200).optional(),
  })
  .refine((body) => !body.tag_ids || body.tag_ids.length === body.tags.length, {
    path: ['tag_ids'],
    message: 'Danh sách mã tag không khớp danh sách tag',
  });
export type TagGroupBody = z.infer<typeof tagGroupBody>;

export const tagGroupView = z.object({
  _id: z.string(),
  name: z.string(),
  tags: z.array(z.object({ _id: z.string(), name: z.string() })),
  raw_tags: z.array(z.string()),
  /** Customers carrying at least one tag of the group. */
  customer_count: z.number().int(),
});
export type TagGroup = z.infer<typeof tagGroupView>;

/** `GET /v2/group-tag-customer?tag_name=`: groups whose name or a tag's contains the text. */
export const tagGroupQuery = z.object({ tag_name: z.string().trim().max(100).optional() });

/** The body of a duplicate-tag refusal: the indices of the offending tags in the request. */
export interface DuplicateTagError {
  statusCode: 422;
  message: string;
  code: 'duplicate_tag';
  invalid: number[];
}
