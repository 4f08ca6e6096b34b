import { TZDate } from '@date-fns/tz';
import { differenceInMinutes, format, isSameDay, subDays } from 'date-fns';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_ZONE } from './constants.js';
import { isCalendarDay } from './validation.js';

type DateInput = Date | string | number;

const inZone = (value: DateInput, timeZone = TIME_ZONE) =>
  new TZDate(new Date(value).getTime(), timeZone);

const isValid = (value: DateInput | null | undefined): value is DateInput =>
  value !== null && value !== undefined && value !== '' && !Number.isNaN(new Date(value).getTime());

/** dd/MM/yyyy in Asia/Bangkok; '' for a missing or invalid value. */
export const formatDate = (value: DateInput | null | undefined, timeZone = TIME_ZONE): string =>
  isValid(value) ? format(inZone(value, timeZone), DATE_FORMAT) : '';

/** A calendar day (ISO yyyy-MM-dd, no time or zone) as dd/MM/yyyy; '' for anything else. */
export const formatCalendarDay = (day: string | null | undefined): string =>
  isCalendarDay(day) ? day.split('-').reverse().join('/') : '';

/** dd/MM/yyyy HH:mm in Asia/Bangkok. */
export const formatDateTime = (
  value: DateInput | null | undefined,
  timeZone = TIME_ZONE,
): string => (isValid(value) ? format(inZone(value, timeZone), DATE_TIME_FORMAT) : '');

/**
 * 'Vừa xong', 'N phút trước', '1 giờ trước', '2 giờ trước', 'Hôm nay HH:mm', 'Hôm qua HH:mm',
 * else the full date and time; calendar days are Bangkok days whatever the machine's zone.
 */
export function formatRelative(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
  timeZone = TIME_ZONE,
): string {
  if (!isValid(value)) return '';
  const then = inZone(value, timeZone);
  const current = inZone(now, timeZone);
  const minutes = differenceInMinutes(current, then);
  if (minutes >= 0 && minutes < 1) return 'Vừa xong';
  if (minutes >= 1 && minutes < 60) return `${minutes} phút trước`;
  if (minutes >= 60 && minutes < 120) return '1 giờ trước';
  if (minutes >= 120 && minutes < 180) return '2 giờ trước';
  if (isSameDay(then, current)) return `Hôm nay ${format(then, 'HH:mm')}`;
  if (isSameDay(then, subDays(current, 1))) return `Hôm qua ${format(then, 'HH:mm')}`;
  return format(then, DATE_TIME_FORMAT);
}

/** The instant a calendar day (yyyy-MM-dd) starts in the zone; `nextDay` gives the day after's. */
export function startOfDayIn(isoDate: string, timeZone = TIME_ZONE, nextDay = false): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day + (nextDay ? 1 : 0), timeZone).getTime());
}

/** An instant as its calendar day (yyyy-MM-dd) and time of day (HH:mm) in the zone. */
export function dayAndTimeIn(
  value: DateInput | null | undefined,
  timeZone = TIME_ZONE,
): { day: string; time: string } | null {
  if (!isValid(value)) return null;
  const zoned = inZone(value, timeZone);
  return { day: format(zoned, 'yyyy-MM-dd'), time: format(zoned, 'HH:mm') };
}

/** A calendar day (yyyy-MM-dd) and a time of day (HH:mm) in the zone, as an ISO instant (UTC). */
export function instantAt(day: string, time: string, timeZone = TIME_ZONE): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(year, month - 1, date, hours, minutes, timeZone).getTime(),
  ).toISOString();
}
