import { addDays, format, parse, startOfMonth, startOfWeek } from 'date-fns';
import { isCalendarDay } from '@omnicare/shared/platform/validation';

/**
 * Calendar days as Vietnamese people write them (dd/MM/yyyy), whatever the browser's language;
 * forms and the API exchange them as ISO `yyyy-MM-dd`. Days are local dates without a time.
 */
export const DAY_PLACEHOLDER = 'dd/mm/yyyy';
const ISO_DAY = 'yyyy-MM-dd';

export const MONTH_NAMES = Array.from({ length: 12 }, (_, index) => `Tháng ${index + 1}`);
/** Monday first. */
export const WEEKDAY_NAMES = ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN'] as const;
export const WEEKDAY_FULL_NAMES = [
  'Thứ Hai',
  'Thứ Ba',
  'Thứ Tư',
  'Thứ Năm',
  'Thứ Sáu',
  'Thứ Bảy',
  'Chủ Nhật',
] as const;

/** The ISO day of a local date. */
export const isoDay = (date: Date) => format(date, ISO_DAY);

/** The local date of an ISO day (midnight), or undefined. */
export const dateOfIso = (day: string | undefined | null): Date | undefined =>
  day && isCalendarDay(day) ? parse(day, ISO_DAY, new Date()) : undefined;

/**
 * What was typed → the ISO day, or undefined when it is no day: `5/8/1982`, `05/08/1982`,
 * `05-08-1982`, `05.08.1982` and `05081982` are all 5 August 1982.
 */
export function readDay(text: string): string | undefined {
  const trimmed = text.trim();
  const parts =
    /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed) ??
    /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (!parts) return undefined;
  const [, day, month, year] = parts;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : undefined;
}

/** The six Monday-first weeks shown for the month of `month` (any date in it). */
export function monthWeeks(month: Date): Date[][] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: 1 });
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(first, week * 7 + day)),
  );
}
