import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import {
  checkCustomFilters,
  type CustomFilterValue,
  type CustomFilters,
} from '@omnicare/shared/fields/custom-filters';

/**
 * Custom field filters on the customer list. The screen keeps them in the address as one
 * `custom` parameter holding the API's JSON (field key to value, see `CustomFilterValue`), so a
 * reload, a shared link and a saved filter all give the list the same request.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RANGE_ENDS = ['min', 'max', 'from', 'to'] as const;

/** A value of a shape some field type takes, without its empty parts; undefined if none. */
function cleanValue(value: unknown): CustomFilterValue | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim() ? value : undefined;
  if (Array.isArray(value)) {
    const items = [...new Set(value.filter((item): item is string => typeof item === 'string'))];
    return items.length > 0 ? items : undefined;
  }
  if (isPlainObject(value)) {
    const range: Record<string, string | number> = {};
    for (const end of RANGE_ENDS) {
      const item = value[end];
      if ((typeof item === 'number' && Number.isFinite(item)) || (typeof item === 'string' && item))
        range[end] = item;
    }
    return Object.keys(range).length > 0 ? (range as CustomFilterValue) : undefined;
  }
  return undefined;
}

/** The filters of a `custom` value (JSON text or an object, as a saved filter keeps it). */
export function readCustomFilters(raw: unknown): CustomFilters {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (!isPlainObject(parsed)) return {};
  const filters: CustomFilters = {};
  for (const [key, value] of Object.entries(parsed)) {
    const clean = cleanValue(value);
    if (clean !== undefined) filters[key] = clean;
  }
  return filters;
}

/** The `custom` parameter for these filters: undefined when none, keys in order (one address). */
export function customParamOf(filters: CustomFilters): string | undefined {
  const keys = Object.keys(filters).sort();
  const ordered: CustomFilters = {};
  for (const key of keys) {
    const clean = cleanValue(filters[key]);
    if (clean !== undefined) ordered[key] = clean;
  }
  return Object.keys(ordered).length > 0 ? JSON.stringify(ordered) : undefined;
}

/** One field's filter set (an empty value removes it). */
export function withCustomFilter(
  filters: CustomFilters,
  key: string,
  value: CustomFilterValue | undefined,
): CustomFilters {
  const next = { ...filters };
  const clean = cleanValue(value);
  if (clean === undefined) delete next[key];
  else next[key] = clean;
  return next;
}

/**
 * What the list may ask for: filters on the fields the tenant has now, with values those fields
 * take. A saved filter or an old link naming a removed field or option drops that part instead
 * of failing the whole list.
 */
export function applicableCustomFilters(
  fields: readonly CustomField[],
  filters: CustomFilters,
): CustomFilters {
  return checkCustomFilters(fields, filters).values;
}

/** The number a min/max box holds ('' and anything unreadable is no bound). */
export function numberOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A checkbox filter as the tri-state select shows it, and back. */
export const CHECKBOX_CHOICES = { all: '', yes: 'true', no: 'false' } as const;
export const checkboxChoiceOf = (value: CustomFilterValue | undefined): string =>
  value === true
    ? CHECKBOX_CHOICES.yes
    : value === false
      ? CHECKBOX_CHOICES.no
      : CHECKBOX_CHOICES.all;
export const checkboxValueOf = (choice: string): boolean | undefined =>
  choice === CHECKBOX_CHOICES.yes ? true : choice === CHECKBOX_CHOICES.no ? false : undefined;
