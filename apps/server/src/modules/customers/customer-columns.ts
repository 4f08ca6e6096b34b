import { z } from 'zod';
import type { customerBody } from '@omnicare/shared/customers/customers.schemas';
import {
  CUSTOMER_COLUMNS,
  customTarget,
  type CustomerColumnKey,
  type ImportTargetKey,
} from '@omnicare/shared/customers/customer-columns';
import { IMPORT_MESSAGES } from '@omnicare/shared/customers/customer-import.schemas';
import { CUSTOMER_TIER, GENDER, type Gender } from '@omnicare/shared/customers/customer-enums';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { formatCalendarDay, formatDateTime } from '@omnicare/shared/platform/time';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import type { Platform } from '../../platform/context.js';
import { listFields } from '../fields/fields.service.js';
import type { CustomerListRow } from './customers.repository.js';

/**
 * How each column of `CUSTOMER_COLUMNS` is read by the import (a cell into part of the body a
 * person would have typed) and written by the export (a customer into a cell), so that what
 * one writes the other reads back. Custom fields follow as columns of their own.
 */

/** Names in the tenant (customer groups, tags) by their search key, to ids. */
export type NamedIds = Map<string, string>;
/** What the import knows while it reads a row. */
export interface ReadContext {
  groups: NamedIds;
  tags: NamedIds;
}
/** A row read so far: the body before the form's schema checks it, and the id it names. */
export type RowDraft = Partial<z.input<typeof customerBody>> & { id?: string };
type Read = { draft?: Partial<RowDraft>; problem?: string };

/** A customer as the export writes it, with the names its columns show. */
export interface ExportRow extends CustomerListRow {
  groups: string;
  tags: string;
  city: string;
  district: string;
}

const GENDER_WORDS: Record<string, Gender> = {
  nam: 'male',
  male: 'male',
  nu: 'female',
  female: 'female',
  khac: 'other',
  other: 'other',
};
const TIER_WORDS = Object.fromEntries(
  CUSTOMER_TIER.values.map((value) => [toSearchKey(CUSTOMER_TIER.label(value)), value]),
);

/** dd/mm/yyyy (or with '.' or '-') as yyyy-mm-dd; other text as it is, for the check to name. */
function dayCell(text: string) {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}`;
  return text;
}

const YES = new Set(['co', 'x', '1', 'true', 'yes', 'dung']);
const NO = new Set(['khong', '0', 'false', 'no', 'sai']);

/**
 * A number as people type it: '1250,5', '1.250,5', '1,250.5', '1.000.000' and '2 000' all
 * read. A single mark is a decimal one ('1.250' is 1.25); groups of three need the other mark
 * for decimals.
 */
export function numberCell(text: string): number | undefined {
  const compact = text.replace(/\s/g, '');
  if (/^-?\d+(?:[.,]\d+)?$/.test(compact)) return Number(compact.replace(',', '.'));
  const dotGroups = /^-?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(compact);
  const commaGroups = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(compact);
  if (dotGroups) return Number(compact.replaceAll('.', '').replace(',', '.'));
  if (commaGroups) return Number(compact.replaceAll(',', ''));
  return undefined;
}

/** The items of a cell that lists several ('Du lịch; Ẩm thực', 'VIP, Đại lý'). */
const listCell = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Names in a cell ('VIP, Đại lý'), matched without case or diacritics; unknown ones named. */
function idsOfNames(text: string, known: NamedIds) {
  const names = listCell(text);
  const ids = names.map((name) => known.get(toSearchKey(name)));
  return {
    ids: [...new Set(ids.filter((id): id is string => id !== undefined))],
    unknown: names.filter((_, index) => ids[index] === undefined),
  };
}

type ReadCell = (text: string, context: ReadContext) => Read;
type WriteCell = (row: ExportRow) => string | number;
/** Every column is written; every column the import reads (has hints) is read. */
type ColumnIO = {
  [K in CustomerColumnKey]: { width: number; write: WriteCell } & (K extends ImportTargetKey
    ? { read: ReadCell }
    : { read?: undefined });
};

const COLUMN_IO: ColumnIO = {
  id: {
    width: 38,
    read: (text) =>
      text === ''
        ? {}
        : z.uuid().safeParse(text).success
          ? { draft: { id: text } }
          : { problem: IMPORT_MESSAGES.row.badId },
    write: (row) => row.customer.id,
  },
  name: {
    width: 28,
    read: (text) => ({ draft: { name: text } }),
    write: (row) => row.customer.name,
  },
  phone: {
    width: 16,
    read: (text) => ({ draft: { phones: text ? [{ phone: text }] : [] } }),
    write: (row) => row.customer.primaryPhone ?? '',
  },
  email: {
    width: 28,
    read: (text) => ({ draft: { emails: text ? [{ email: text }] : [] } }),
    write: (row) => row.customer.primaryEmail ?? '',
  },
  gender: {
    width: 10,
    read: (text) => {
      const gender = text ? GENDER_WORDS[toSearchKey(text)] : undefined;
      return {
        draft: { gender: gender ?? null },
        problem: text && !gender ? IMPORT_MESSAGES.row.badGender : undefined,
      };
    },
    write: (row) => (row.customer.gender ? GENDER.label(row.customer.gender) : ''),
  },
  birthday: {
    width: 12,
    read: (text) => ({ draft: { birthday: text ? dayCell(text) : null } }),
    write: (row) => (row.customer.birthday ? formatCalendarDay(row.customer.birthday) : ''),
  },
  address: {
    width: 30,
    read: (text) => ({ draft: { address: text || null } }),
    write: (row) => row.customer.address ?? '',
  },
  city: { width: 22, write: (row) => row.city },
  district: { width: 20, write: (row) => row.district },
  tier: {
    width: 12,
    read: (text) => {
      const tier =
        text === '' ? 0 : /^[0-3]$/.test(text) ? Number(text) : TIER_WORDS[toSearchKey(text)];
      return tier === undefined
        ? { draft: { tier: 0 }, problem: IMPORT_MESSAGES.row.badTier }
        : { draft: { tier } };
    },
    write: (row) => CUSTOMER_TIER.label(row.customer.tier),
  },
  source: { width: 14, write: (row) => CHANNEL_SOURCE.label(row.customer.source) },
  groups: {
    width: 24,
    read: (text, context) => {
      const groups = idsOfNames(text, context.groups);
      return {
        draft: { group_ids: groups.ids },
        problem: groups.unknown.length
          ? IMPORT_MESSAGES.row.unknownGroups(groups.unknown)
          : undefined,
      };
    },
    write: (row) => row.groups,
  },
  tags: {
    width: 24,
    read: (text, context) => {
      const tags = idsOfNames(text, context.tags);
      return {
        draft: { tag_ids: tags.ids },
        problem: tags.unknown.length ? IMPORT_MESSAGES.row.unknownTags(tags.unknown) : undefined,
      };
    },
    write: (row) => row.tags,
  },
  owner: { width: 22, write: (row) => row.ownerName ?? '' },
  organization: { width: 22, write: (row) => row.organizationName ?? '' },
  created_at: { width: 18, write: (row) => formatDateTime(row.customer.createdAt) },
  notes: {
    width: 30,
    read: (text) => ({ draft: { notes: text } }),
    write: (row) => row.customer.notes,
  },
};

/** The sheet's columns in order, each with its label and how it is read and written. */
export const SHEET_COLUMNS: {
  key: CustomerColumnKey;
  label: string;
  width: number;
  write: WriteCell;
  read?: ReadCell;
}[] = CUSTOMER_COLUMNS.map((column) => ({ ...column, ...COLUMN_IO[column.key] }));

/**
 * A cell as a custom field's value: numbers with a decimal comma or dot, dates as dd/mm/yyyy
 * or yyyy-mm-dd, options matched without case or diacritics (several split by ',' or ';'),
 * checkboxes as Có/Không, x, 1/0, yes/no. Undefined for a blank cell; the text itself when it
 * cannot be read, so the field's check names the problem.
 */
export function customCellValue(field: CustomField, text: string): unknown {
  if (text === '') return undefined;
  const option = (value: string) =>
    field.options.find((o) => toSearchKey(o) === toSearchKey(value)) ?? value;
  switch (field.type) {
    case 'text':
      return text;
    case 'number':
      return numberCell(text) ?? text;
    case 'date':
      return dayCell(text);
    case 'select':
      return option(text);
    case 'multiselect':
      return listCell(text).map(option);
    case 'checkbox': {
      const key = toSearchKey(text);
      return YES.has(key) ? true : NO.has(key) ? false : text;
    }
  }
}

/** A custom value as the import reads it back (see `customCellValue`). */
export function customCellText(field: CustomField, value: unknown): string | number {
  if (value === undefined || value === null) return '';
  if (field.type === 'number' && typeof value === 'number') return value;
  if (field.type === 'date' && typeof value === 'string') return formatCalendarDay(value);
  if (field.type === 'checkbox') return value === true ? 'Có' : 'Không';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The custom fields a sheet carries: the active ones, in their order. */
export async function sheetFields(platform: Platform, tenantId: string) {
  return (await listFields(platform, tenantId, 'customer')).filter((field) => field.active);
}

/** The import target of a custom field, suggested for a column headed with its label or key. */
export const customFieldTarget = (field: CustomField) => ({
  key: customTarget(field.key),
  label: field.label,
  hints: [toSearchKey(field.label), field.key, field.key.replaceAll('_', ' ')],
  required: field.required,
});
