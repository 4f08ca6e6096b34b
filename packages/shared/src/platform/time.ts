import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_ZONE } from './constants.js';
import { isCalendarDay } from './validation.js';

// Times are read in a zone with the platform's own Intl (no date library: the web's first
// screen shows times, and this module is all it needs for them).

type DateInput = Date | string | number;

/** An instant's wall clock in a zone, as the tokens of DATE_FORMAT and DATE_TIME_FORMAT. */
interface WallClock {
  yyyy: string;
  MM: string;
  dd: string;
  HH: string;
  mm: string;
  ss: string;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string): WallClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const parts: Record<string, string> = {};
  for (const { type, value } of clock.formatToParts(instant)) parts[type] = value;
  return {
    yyyy: (parts.year ?? '').padStart(4, '0'),
    MM: parts.month ?? '',
    dd: parts.day ?? '',
    HH: parts.hour ?? '',
    mm: parts.minute ?? '',
    ss: parts.second ?? '',
  };
}

/** A pattern of the tokens yyyy, MM, dd, HH and mm ('dd/MM/yyyy HH:mm') filled in. */
const render = (pattern: string, clock: WallClock) =>
  pattern.replace(/yyyy|MM|dd|HH|mm/g, (token) => clock[token as keyof WallClock]);

const calendarDay = (clock: WallClock) => `${clock.yyyy}-${clock.MM}-${clock.dd}`;

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(+clock.yyyy, +clock.MM - 1, +clock.dd, +clock.HH, +clock.mm, +clock.ss);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant the zone's wall clock shows this day and time (fields past their range roll
 * over, as Date.UTC does). Where daylight saving moves the clock, a time it skips lands after
 * the gap, and a time it shows twice is the later one.
 */
function zonedInstant(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  timeZone: string,
): number {
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const before = zoneOffset(wall - zoneOffset(wall, timeZone), timeZone);
  const instant = wall - before;
  const after = zoneOffset(instant, timeZone);
  return after === before ? instant : wall - Math.min(before, after);
}

const toInstant = (value: DateInput) => new Date(value).getTime();

const isValid = (value: DateInput | null | undefined): value is DateInput =>
  value !== null && value !== undefined && value !== '' && !Number.isNaN(toInstant(value));

/** dd/MM/yyyy in Asia/Bangkok; '' for a missing or invalid value. */
export const formatDate = (value: DateInput | null | undefined, timeZone = TIME_ZONE): string =>
  isValid(value) ? render(DATE_FORMAT, wallClock(toInstant(value), timeZone)) : '';

/** A calendar day (ISO yyyy-MM-dd, no time or zone) as dd/MM/yyyy; '' for anything else. */
export const formatCalendarDay = (day: string | null | undefined): string =>
  isCalendarDay(day) ? day.split('-').reverse().join('/') : '';

/** dd/MM/yyyy HH:mm in Asia/Bangkok. */
export const formatDateTime = (
  value: DateInput | null | undefined,
  timeZone = TIME_ZONE,
): string =>
  isValid(value) ? render(DATE_TIME_FORMAT, wallClock(toInstant(value), timeZone)) : '';

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
  const then = wallClock(toInstant(value), timeZone);
  const current = wallClock(toInstant(now), timeZone);
  const minutes = Math.trunc((toInstant(now) - toInstant(value)) / 60_000);
  if (minutes >= 0 && minutes < 1) return 'Vừa xong';
  if (minutes >= 1 && minutes < 60) return `${minutes} phút trước`;
  if (minutes >= 60 && minutes < 120) return '1 giờ trước';
  if (minutes >= 120 && minutes < 180) return '2 giờ trước';
  const day = calendarDay(then);
  const hourMinute = `${then.HH}:${then.mm}`;
  if (day === calendarDay(current)) return `Hôm nay ${hourMinute}`;
  const yesterday = new Date(Date.UTC(+current.yyyy, +current.MM - 1, +current.dd - 1));
  if (day === yesterday.toISOString().slice(0, 10)) return `Hôm qua ${hourMinute}`;
  return render(DATE_TIME_FORMAT, then);
}

/** The instant a calendar day (yyyy-MM-dd) starts in the zone; `nextDay` gives the day after's. */
export function startOfDayIn(isoDate: string, timeZone = TIME_ZONE, nextDay = false): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(zonedInstant(year, month, day + (nextDay ? 1 : 0), 0, 0, timeZone));
}

/** An instant as its calendar day (yyyy-MM-dd) and time of day (HH:mm) in the zone. */
export function dayAndTimeIn(
  value: DateInput | null | undefined,
  timeZone = TIME_ZONE,
): { day: string; time: string } | null {
  if (!isValid(value)) return null;
  const clock = wallClock(toInstant(value), timeZone);
  return { day: calendarDay(clock), time: `${clock.HH}:${clock.mm}` };
}

/** A calendar day (yyyy-MM-dd) and a time of day (HH:mm) in the zone, as an ISO instant (UTC). */
export function instantAt(day: string, time: string, timeZone = TIME_ZONE): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(zonedInstant(year, month, date, hours, minutes, timeZone)).toISOString();
}
