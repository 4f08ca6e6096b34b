import { z } from 'zod';
import { toSearchKey } from '../customers/normalize.js';
import { CONDITION_LOGIC, CONDITION_OPERATOR } from './workflow-enums.js';

/**
 * The conditions of a workflow's trigger and of its if/else blocks: one schema, one catalogue of
 * what may be asked, and one evaluator, shared by the editor (which operators a field offers),
 * the API (publish validation) and the engine (does this run start, does this delay still hold).
 *
 * A condition asks about one *fact* of the event, named by a path:
 * - `ticket.<field>` for the ticket's own fields (TICKET_CONDITION_FIELDS);
 * - `ticket.custom.<key>` for a ticket custom field, `requester.custom.<key>` for a customer one
 *   (their kind follows the custom field's type: `customFieldKind`);
 * - `requester.<field>` for the requester's fields;
 * - `changed_fields` (ticket_updated only): the names of the fields the change touched.
 */

export type ConditionOperator = (typeof CONDITION_OPERATOR.values)[number];
export type ConditionLogic = (typeof CONDITION_LOGIC.values)[number];

/** What kind of value a fact holds; it decides which operators apply and what `value` is. */
export const CONDITION_VALUE_KINDS = [
  'text',
  'number',
  'date',
  'choice',
  'list',
  'boolean',
] as const;
export type ConditionValueKind = (typeof CONDITION_VALUE_KINDS)[number];

export const OPERATORS_BY_KIND: Readonly<Record<ConditionValueKind, readonly ConditionOperator[]>> =
  {
    /** On text, `some` / `not_some` read "contains one of" / "contains none of". */
    text: ['eq', 'neq', 'some', 'not_some', 'exist', 'not_exist'],
    number: ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'between', 'exist', 'not_exist'],
    date: ['before', 'after', 'between', 'exist', 'not_exist'],
    /** One value out of a known set (status, priority, a select field...); `some` = one of. */
    choice: ['eq', 'neq', 'some', 'not_some', 'exist', 'not_exist'],
    /** A set of values (tags, CC, a multi-select field, changed_fields). */
    list: ['some', 'every', 'not_some', 'not_every', 'exist', 'not_exist'],
    boolean: ['eq', 'neq'],
  };

/** Where the editor finds the choices of a `choice` or `list` fact (the API it lists them from). */
export type ConditionOptionSource =
  | 'ticket_status'
  | 'channel_source'
  | 'gender'
  | 'customer_tier'
  | 'priorities'
  | 'types'
  | 'services'
  | 'departments'
  | 'staff'
  | 'tags'
  | 'ticket_fields'
  | 'custom_field_options';

export interface ConditionFieldSpec {
  label: string;
  kind: ConditionValueKind;
  options?: ConditionOptionSource;
  /** Only asked on this trigger event. */
  event?: 'ticket_updated';
}

/** The facts of an event a condition may ask about (custom fields are added per tenant). */
export const CONDITION_FIELDS = {
  'ticket.subject': { label: 'Tiêu đề ticket', kind: 'text' },
  'ticket.status': { label: 'Trạng thái', kind: 'choice', options: 'ticket_status' },
  'ticket.priority_id': { label: 'Mức độ ưu tiên', kind: 'choice', options: 'priorities' },
  'ticket.type_id': { label: 'Loại ticket', kind: 'choice', options: 'types' },
  'ticket.service_id': { label: 'Dịch vụ', kind: 'choice', options: 'services' },
  'ticket.group_id': { label: 'Bộ phận', kind: 'choice', options: 'departments' },
  'ticket.assignee_id': { label: 'Người xử lý', kind: 'choice', options: 'staff' },
  'ticket.source': { label: 'Nguồn', kind: 'choice', options: 'channel_source' },
  'ticket.tag_ids': { label: 'Tags của ticket', kind: 'list', options: 'tags' },
  'ticket.cc': { label: 'CC', kind: 'list' },
  'ticket.due_at': { label: 'Hạn xử lý', kind: 'date' },
  'ticket.created_at': { label: 'Thời điểm tạo', kind: 'date' },
  'ticket.reopen_count': { label: 'Số lần mở lại', kind: 'number' },
  'ticket.reply_count': { label: 'Số lần phản hồi', kind: 'number' },
  'requester.name': { label: 'Tên khách hàng', kind: 'text' },
  'requester.phones': { label: 'Số điện thoại khách hàng', kind: 'list' },
  'requester.emails': { label: 'Email khách hàng', kind: 'list' },
  'requester.gender': { label: 'Giới tính khách hàng', kind: 'choice', options: 'gender' },
  'requester.tier': { label: 'Hạng khách hàng', kind: 'choice', options: 'customer_tier' },
  'requester.tag_ids': { label: 'Tags của khách hàng', kind: 'list', options: 'tags' },
  changed_fields: {
    label: 'Trường thay đổi',
    kind: 'list',
    options: 'ticket_fields',
    event: 'ticket_updated',
  },
} as const satisfies Record<string, ConditionFieldSpec>;
export type BuiltInConditionField = keyof typeof CONDITION_FIELDS;

export const CUSTOM_CONDITION_PREFIXES = ['ticket.custom.', 'requester.custom.'] as const;

/** The kind of a custom field's fact, by the custom field's type (FIELD_TYPE). */
export const customFieldKind = (fieldType: string): ConditionValueKind =>
  (
    ({
      text: 'text',
      number: 'number',
      date: 'date',
      select: 'choice',
      multiselect: 'list',
      checkbox: 'boolean',
    }) as Record<string, ConditionValueKind>
  )[fieldType] ?? 'text';

export const CONDITION_MESSAGES = {
  fieldRequired: 'Vui lòng chọn trường điều kiện',
  fieldUnknown: 'Trường điều kiện không hợp lệ',
  fieldOnlyOnUpdate: 'Trường thay đổi chỉ dùng cho sự kiện ticket được cập nhật',
  operatorInvalid: 'Toán tử không áp dụng cho trường này',
  valueRequired: 'Vui lòng nhập giá trị so sánh',
  valueNumber: 'Giá trị phải là số',
  valueDate: 'Giá trị phải là ngày giờ hợp lệ',
  valueList: 'Vui lòng chọn ít nhất một giá trị',
  valueRange: 'Khoảng giá trị cần đủ hai đầu, đầu trước không lớn hơn đầu sau',
  tooMany: 'Tối đa 50 điều kiện',
} as const;

export const CONDITION_MAX = 50;

const scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);
/**
 * One condition. `value` is left out for exist/not_exist, a pair for between, a list for
 * some/every/not_some/not_every, else one value; `conditionProblems` checks it against the field.
 */
export const workflowCondition = z.object({
  field: z.string().max(120).default(''),
  operator: z.enum(CONDITION_OPERATOR.values as [ConditionOperator, ...ConditionOperator[]], {
    error: CONDITION_MESSAGES.operatorInvalid,
  }),
  value: z.union([scalar, z.array(scalar).max(200)]).nullish(),
});
export type WorkflowCondition = z.infer<typeof workflowCondition>;

/** Conditions joined by one logic; no conditions = always true. */
export const workflowConditions = z.object({
  logic: z.enum(CONDITION_LOGIC.values as [ConditionLogic, ...ConditionLogic[]]).default('and'),
  items: z.array(workflowCondition).max(CONDITION_MAX, CONDITION_MESSAGES.tooMany).default([]),
});
export type WorkflowConditions = z.infer<typeof workflowConditions>;

/** The kinds of the tenant's custom fields by fact path (`ticket.custom.vip` → 'boolean'). */
export type CustomFieldKinds = Readonly<Record<string, ConditionValueKind>>;

export function conditionFieldKind(
  field: string,
  customKinds: CustomFieldKinds = {},
): ConditionValueKind | undefined {
  if (field in CONDITION_FIELDS) return CONDITION_FIELDS[field as BuiltInConditionField].kind;
  return customKinds[field];
}

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isNumber = (value: unknown) =>
  typeof value === 'number'
    ? Number.isFinite(value)
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));

/**
 * What is wrong with one condition, as `{param, message}` with `param` relative to the condition
 * ('field', 'operator', 'value'); empty when it is whole.
 */
export function conditionProblems(
  condition: WorkflowCondition,
  options: { event?: string; customKinds?: CustomFieldKinds } = {},
): { param: string; message: string }[] {
  if (!condition.field) return [{ param: 'field', message: CONDITION_MESSAGES.fieldRequired }];
  const kind = conditionFieldKind(condition.field, options.customKinds);
  if (!kind) return [{ param: 'field', message: CONDITION_MESSAGES.fieldUnknown }];
  const spec = CONDITION_FIELDS[condition.field as BuiltInConditionField] as
    ConditionFieldSpec | undefined;
  if (spec?.event && options.event && spec.event !== options.event) {
    return [{ param: 'field', message: CONDITION_MESSAGES.fieldOnlyOnUpdate }];
  }
  const { operator, value } = condition;
  if (!OPERATORS_BY_KIND[kind].includes(operator)) {
    return [{ param: 'operator', message: CONDITION_MESSAGES.operatorInvalid }];
  }
  const problem = (message: string) => [{ param: 'value', message }];
  if (operator === 'exist' || operator === 'not_exist') return [];
  if (operator === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return problem(CONDITION_MESSAGES.valueRange);
    const [from, to] = value;
    if (kind === 'date') {
      if (!isDate(from) || !isDate(to)) return problem(CONDITION_MESSAGES.valueDate);
      return Date.parse(String(from)) <= Date.parse(String(to))
        ? []
        : problem(CONDITION_MESSAGES.valueRange);
    }
    if (!isNumber(from) || !isNumber(to)) return problem(CONDITION_MESSAGES.valueNumber);
    return Number(from) <= Number(to) ? [] : problem(CONDITION_MESSAGES.valueRange);
  }
  if (['some', 'every', 'not_some', 'not_every'].includes(operator)) {
    return Array.isArray(value) && value.length > 0 ? [] : problem(CONDITION_MESSAGES.valueList);
  }
  if (value === null || value === undefined || value === '' || Array.isArray(value)) {
    return problem(CONDITION_MESSAGES.valueRequired);
  }
  if (kind === 'date' && !isDate(value)) return problem(CONDITION_MESSAGES.valueDate);
  if (
    kind === 'number' &&
    ['gt', 'lt', 'gte', 'lte', 'eq', 'neq'].includes(operator) &&
    !isNumber(value)
  ) {
    return problem(CONDITION_MESSAGES.valueNumber);
  }
  return [];
}

/** The facts of one event by path, as the engine gathers them: `{'ticket.status': 'open', ...}`. */
export type ConditionFacts = Readonly<Record<string, unknown>>;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Text compares without case; everything else as its text (ids, enums) or number. */
const same = (left: unknown, right: unknown): boolean => {
  if (typeof left === 'number' || typeof right === 'number') {
    return isNumber(left) && isNumber(right) && Number(left) === Number(right);
  }
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    return String(left) === String(right);
  }
  return (
    String(left ?? '')
      .trim()
      .toLowerCase() ===
    String(right ?? '')
      .trim()
      .toLowerCase()
  );
};

/** Text holds a word or phrase, without case or diacritics ('Chứa một trong' on text). */
const contains = (text: unknown, part: unknown): boolean => {
  const needle = toSearchKey(String(part ?? ''));
  return needle !== '' && toSearchKey(String(text ?? '')).includes(needle);
};

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isEmpty(value) ? [] : [value];

const compare = (left: unknown, right: unknown, kind: 'number' | 'date'): number | undefined => {
  const toNumber = (value: unknown) =>
    kind === 'date' ? Date.parse(String(value)) : Number(value);
  if (isEmpty(left) || isEmpty(right)) return undefined;
  const a = toNumber(left);
  const b = toNumber(right);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  return a - b;
};

/**
 * Does one condition hold for these facts? A missing fact is empty: only `not_exist`, `neq`,
 * `not_some` and `not_every` hold for it. Dates compare as instants (ISO text).
 */
export function conditionHolds(
  condition: WorkflowCondition,
  facts: ConditionFacts,
  customKinds: CustomFieldKinds = {},
): boolean {
  const kind = conditionFieldKind(condition.field, customKinds) ?? 'text';
  const fact = facts[condition.field];
  const { value } = condition;
  const wanted = asList(value);
  const have = asList(fact);
  const ordered = kind === 'date' ? 'date' : 'number';
  switch (condition.operator) {
    case 'exist':
      return !isEmpty(fact);
    case 'not_exist':
      return isEmpty(fact);
    case 'eq':
      return kind === 'list' ? have.some((item) => same(item, value)) : same(fact, value);
    case 'neq':
      return kind === 'list' ? !have.some((item) => same(item, value)) : !same(fact, value);
    case 'gt':
    case 'after':
    case 'lt':
    case 'before':
    case 'gte':
    case 'lte': {
      const order = compare(fact, value, ordered);
      if (order === undefined) return false;
      if (condition.operator === 'gt' || condition.operator === 'after') return order > 0;
      if (condition.operator === 'lt' || condition.operator === 'before') return order < 0;
      return condition.operator === 'gte' ? order >= 0 : order <= 0;
    }
    case 'between': {
      const [from, to] = wanted;
      const low = compare(fact, from, ordered);
      const high = compare(fact, to, ordered);
      return low !== undefined && high !== undefined && low >= 0 && high <= 0;
    }
    case 'some':
      if (kind === 'text') return wanted.some((item) => contains(fact, item));
      return wanted.some((item) => have.some((own) => same(own, item)));
    case 'every':
      return wanted.length > 0 && wanted.every((item) => have.some((own) => same(own, item)));
    case 'not_some':
      if (kind === 'text') return !wanted.some((item) => contains(fact, item));
      return !wanted.some((item) => have.some((own) => same(own, item)));
    case 'not_every':
      return !(wanted.length > 0 && wanted.every((item) => have.some((own) => same(own, item))));
  }
}

/** Do the conditions hold, joined by their logic? No conditions hold always. */
export function conditionsHold(
  conditions: WorkflowConditions | undefined,
  facts: ConditionFacts,
  customKinds: CustomFieldKinds = {},
): boolean {
  const items = conditions?.items ?? [];
  if (items.length === 0) return true;
  const results = items.map((item) => conditionHolds(item, facts, customKinds));
  return conditions?.logic === 'or' ? results.some(Boolean) : results.every(Boolean);
}
