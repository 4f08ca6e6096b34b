import { z } from 'zod';
import type { CustomField } from './fields.schemas.js';
import { findInputProblem, isCalendarDay, UNSAFE_TEXT_MESSAGE } from '../platform/validation.js';

/**
 * Filters on custom fields of a list (customers today), keyed by field key. What each value
 * means depends on the field's type:
 * - text: the stored text contains it, without case or diacritics (`"ha noi"`);
 * - number: a range `{min?, max?}`, both ends included;
 * - date: a range `{from?, to?}` of `YYYY-MM-DD` days, both ends included;
 * - select: one option, or a list of options of which the stored one is any;
 * - multiselect: a list of options the stored ones must all include (one option: has it);
 * - checkbox: `true` (ticked) or `false` (not ticked, a value never set included).
 * An empty value (`''`, `[]`, `{}`, `null`) filters nothing.
 */
export type CustomFilterValue =
  string | string[] | boolean | { min?: number; max?: number } | { from?: string; to?: string };
export type CustomFilters = Record<string, CustomFilterValue>;

/** One checked filter, as the server turns it into SQL. */
export type CustomFieldCondition =
  | { key: string; type: 'text'; contains: string }
  | { key: string; type: 'number'; min?: number; max?: number }
  | { key: string; type: 'date'; from?: string; to?: string }
  | { key: string; type: 'select'; anyOf: string[] }
  | { key: string; type: 'multiselect'; allOf: string[] }
  | { key: string; type: 'checkbox'; checked: boolean };

export const CUSTOM_FILTER_TEXT_MAX = 200;

export const CUSTOM_FILTER_MESSAGES = {
  malformed: 'Bộ lọc trường tùy chỉnh không hợp lệ',
  unknownField: 'Trường không tồn tại',
  badValue: (label: string) => `Giá trị lọc của ${label} không hợp lệ`,
  tooLong: (label: string) =>
    `Giá trị lọc của ${label} không được vượt quá ${CUSTOM_FILTER_TEXT_MAX} ký tự`,
  missingOption: (label: string, option: string) => `${label} không có lựa chọn "${option}"`,
  reversed: (label: string) =>
    `Khoảng lọc của ${label} không hợp lệ: giá trị đầu lớn hơn giá trị cuối`,
} as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One filter value of the shapes `CustomFilterValue` names (a saved view keeps them so). */
export const customFilterValue = z.union(
  [
    z.string().max(500),
    z.array(z.string().max(500)).max(100),
    z.boolean(),
    z.object({ min: z.number().optional(), max: z.number().optional() }).strict(),
    z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() }).strict(),
  ],
  { error: CUSTOM_FILTER_MESSAGES.malformed },
);

/**
 * The `custom` parameter of a list: a JSON object in a query string, or the object itself in a
 * JSON body (an export, a saved filter). Only its shape is checked here; the fields are checked
 * against the tenant's definitions by `checkCustomFilters`.
 */
export const customFilterParam = z
  .union([z.string().max(4000), z.record(z.string(), z.unknown())], {
    error: CUSTOM_FILTER_MESSAGES.malformed,
  })
  .transform((raw, ctx): Record<string, unknown> => {
    if (typeof raw !== 'string') return raw;
    if (raw.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      // Parsed here, after the request's own text was checked for unsafe characters.
      const problem = findInputProblem(parsed);
      if (problem?.kind === 'unsafe_text') {
        ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE });
        return z.NEVER;
      }
      if (isPlainObject(parsed) && !problem) return parsed;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: CUSTOM_FILTER_MESSAGES.malformed });
    return z.NEVER;
  });

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) &&
    Object.values(value).every((item) => item === undefined || item === null || item === ''));

type Checked =
  { condition: CustomFieldCondition; value: CustomFilterValue } | { problem: string } | null;

/** A range object with only the two ends it may have, each of the right kind or absent. */
function rangeOf<T>(
  value: unknown,
  ends: [string, string],
  valid: (end: unknown) => end is T,
): { low?: T; high?: T } | undefined {
  if (!isPlainObject(value)) return undefined;
  if (Object.keys(value).some((end) => !ends.includes(end))) return undefined;
  const [lowKey, highKey] = ends;
  const present = (end: unknown) => end !== undefined && end !== null && end !== '';
  const low = value[lowKey];
  const high = value[highKey];
  if ((present(low) && !valid(low)) || (present(high) && !valid(high))) return undefined;
  return {
    low: present(low) ? (low as T) : undefined,
    high: present(high) ? (high as T) : undefined,
  };
}

/** The object without its undefined entries (a range with one end). */
function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function checkOne(field: CustomField, value: unknown): Checked {
  if (isEmpty(value)) return null;
  const key = field.key;
  const bad = { problem: CUSTOM_FILTER_MESSAGES.badValue(field.label) };
  const options = (raw: unknown): string[] | { problem: string } => {
    const list = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) return bad;
    const missing = (list as string[]).find((item) => !field.options.includes(item));
    if (missing !== undefined)
      return { problem: CUSTOM_FILTER_MESSAGES.missingOption(field.label, missing) };
    return [...new Set(list as string[])];
  };
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return bad;
      const text = value.trim();
      if (text.length > CUSTOM_FILTER_TEXT_MAX)
        return { problem: CUSTOM_FILTER_MESSAGES.tooLong(field.label) };
      if (!text) return null;
      return { condition: { key, type: 'text', contains: text }, value: text };
    }
    case 'number':
    case 'date': {
      const range =
        field.type === 'number'
          ? rangeOf(value, ['min', 'max'], isNumber)
          : rangeOf(value, ['from', 'to'], isCalendarDay);
      if (!range) return bad;
      const { low, high } = range;
      if (low === undefined && high === undefined) return null;
      if (low !== undefined && high !== undefined && low > high)
        return { problem: CUSTOM_FILTER_MESSAGES.reversed(field.label) };
      if (field.type === 'number') {
        const numbers = defined({
          min: low as number | undefined,
          max: high as number | undefined,
        });
        return { condition: { key, type: 'number', ...numbers }, value: numbers };
      }
      const days = defined({ from: low as string | undefined, to: high as string | undefined });
      return { condition: { key, type: 'date', ...days }, value: days };
    }
    case 'select': {
      const list = options(value);
      if (!Array.isArray(list)) return list;
      const kept = list.length === 1 ? (list[0] as string) : list;
      return { condition: { key, type: 'select', anyOf: list }, value: kept };
    }
    case 'multiselect': {
      const list = options(value);
      if (!Array.isArray(list)) return list;
      return { condition: { key, type: 'multiselect', allOf: list }, value: list };
    }
    case 'checkbox':
      if (typeof value !== 'boolean') return bad;
      return { condition: { key, type: 'checkbox', checked: value }, value };
  }
}

/**
 * Checks custom filters against the fields they name (the active fields of the entity): an
 * unknown key, a value of the wrong kind, an option the field does not have or a reversed range
 * is a problem `{param: '<param>.<key>', message}`. Empty values are dropped. `values` holds the
 * filters that passed, cleaned (what a saved filter keeps); `conditions` what they ask of SQL.
 */
export function checkCustomFilters(
  fields: readonly CustomField[],
  filters: Record<string, unknown>,
  param = 'custom',
) {
  const known = new Map(fields.filter((f) => f.active).map((f) => [f.key, f]));
  const problems: { param: string; message: string }[] = [];
  const conditions: CustomFieldCondition[] = [];
  const values: CustomFilters = {};
  for (const [key, value] of Object.entries(filters)) {
    const field = known.get(key);
    if (!field) {
      problems.push({ param: `${param}.${key}`, message: CUSTOM_FILTER_MESSAGES.unknownField });
      continue;
    }
    const checked = checkOne(field, value);
    if (!checked) continue;
    if ('problem' in checked) {
      problems.push({ param: `${param}.${key}`, message: checked.problem });
      continue;
    }
    conditions.push(checked.condition);
    values[key] = checked.value;
  }
  return { conditions, values, problems };
}
