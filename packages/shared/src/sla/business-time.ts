import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '../platform/constants.js';
import { startOfDayIn } from '../platform/time.js';

/**
 * The SLA clock: time counted only inside a working-time schedule's weekly hours, skipping its
 * holidays, in the schedule's zone (Asia/Bangkok). Pure, for the server (due dates, breaches)
 * and the browser (a live countdown) alike.
 */

/** One opening of a weekday: ISO weekday (1 = Monday … 7 = Sunday), 'HH:mm' to 'HH:mm' ('24:00' ends at midnight). */
export interface BusinessPeriod {
  weekday: number;
  start: string;
  end: string;
}

export interface BusinessSchedule {
  periods: readonly BusinessPeriod[];
  /** Whole days off, yyyy-MM-dd in the schedule's zone. */
  holidays: readonly { date: string }[];
  timeZone?: string;
}

const MINUTE = 60_000;
/** How far ahead the clock looks for opening hours before it gives up (a schedule with none). */
const MAX_DAYS_SCANNED = 3 * 366;

export const minutesOfDay = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

export const timeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The calendar day (yyyy-MM-dd) and ISO weekday of an instant in the zone. */
function localDay(instant: number, timeZone: string) {
  const local = new TZDate(instant, timeZone);
  const day = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
  return { day, weekday: local.getDay() === 0 ? 7 : local.getDay() };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Each weekday's openings in minutes of the day, sorted and merged. */
function weeklyOpenings(schedule: BusinessSchedule) {
  const byDay = new Map<number, [number, number][]>();
  for (const period of schedule.periods) {
    const start = minutesOfDay(period.start);
    const end = minutesOfDay(period.end);
    if (end <= start) continue;
    const list = byDay.get(period.weekday) ?? [];
    list.push([start, end]);
    byDay.set(period.weekday, list);
  }
  for (const [weekday, list] of byDay) {
    list.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const interval of list) {
      const last = merged.at(-1);
      if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
      else merged.push([...interval]);
    }
    byDay.set(weekday, merged);
  }
  return byDay;
}

/**
 * The schedule's open intervals (epoch ms, ascending) from the day holding `from` onwards, as
 * long as the caller keeps asking. Null schedule: always open (calendar time).
 */
function* openIntervals(
  from: number,
  schedule: BusinessSchedule | null,
): Generator<[number, number]> {
  if (!schedule) {
    yield [from, Number.POSITIVE_INFINITY];
    return;
  }
  const timeZone = schedule.timeZone ?? TIME_ZONE;
  const openings = weeklyOpenings(schedule);
  if (openings.size === 0) throw new Error('working-time schedule without opening hours');
  const holidays = new Set(schedule.holidays.map((holiday) => holiday.date));
  let { day, weekday } = localDay(from, timeZone);
  for (let scanned = 0; scanned < MAX_DAYS_SCANNED; scanned++) {
    if (!holidays.has(day)) {
      const dayStart = startOfDayIn(day, timeZone).getTime();
      for (const [start, end] of openings.get(weekday) ?? [])
        yield [dayStart + start * MINUTE, dayStart + end * MINUTE];
    }
    day = nextDay(day);
    weekday = (weekday % 7) + 1;
  }
  throw new Error('working-time schedule open on no day ahead');
}

const time = (value: Date | string | number) => new Date(value).getTime();

/**
 * The instant `minutes` business minutes after `start`. A start outside the hours counts from
 * the next opening; 0 minutes gives the first business instant at or after `start`.
 */
export function addBusinessMinutes(
  start: Date | string | number,
  minutes: number,
  schedule: BusinessSchedule | null,
): Date {
  const from = time(start);
  let left = Math.max(0, minutes) * MINUTE;
  for (const [open, close] of openIntervals(from, schedule)) {
    if (close <= from) continue;
    const begin = Math.max(open, from);
    if (left <= close - begin) return new Date(begin + left);
    left -= close - begin;
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/** Business milliseconds in [a, b); 0 when b is not after a. */
function businessMsBetween(a: number, b: number, schedule: BusinessSchedule | null): number {
  if (b <= a) return 0;
  let total = 0;
  for (const [open, close] of openIntervals(a, schedule)) {
    if (open >= b) break;
    total += Math.max(0, Math.min(close, b) - Math.max(open, a));
  }
  return total;
}

/** Business minutes between two instants (fractions kept); 0 when b is not after a. */
export function businessMinutesBetween(
  a: Date | string | number,
  b: Date | string | number,
  schedule: BusinessSchedule | null,
): number {
  return businessMsBetween(time(a), time(b), schedule) / MINUTE;
}

/** A stretch the ticket spent pending (`to` null: still pending). */
export interface PendingInterval {
  from: Date | string;
  to: Date | string | null;
}

export type SlaStatus = 'running' | 'paused' | 'achieved' | 'breached';

export interface SlaState {
  status: SlaStatus;
  /** When the target falls due if the clock keeps running from now; null while paused or done. */
  due_at: string | null;
  /** Business minutes counted so far (pending time excluded). */
  elapsed_minutes: number;
  /** Business minutes left; negative once overdue. */
  remaining_minutes: number;
  breached: boolean;
}

/**
 * One SLA target's state: the clock runs in business time from `started_at` until
 * `completed_at` (first response or resolution) or `now`, and stops while the ticket is
 * pending. Breached once more business time than the target has run (also after completion).
 */
export function slaState({
  startedAt,
  targetMinutes,
  pending = [],
  completedAt = null,
  now,
  schedule,
}: {
  startedAt: Date | string;
  targetMinutes: number;
  pending?: readonly PendingInterval[];
  completedAt?: Date | string | null;
  now: Date | string | number;
  schedule: BusinessSchedule | null;
}): SlaState {
  const start = time(startedAt);
  const end = completedAt ? time(completedAt) : time(now);
  let elapsed = businessMsBetween(start, end, schedule);
  // Pending stretches (merged, clipped to the running window) take their business time back.
  const pauses = pending
    .map(({ from, to }) => [Math.max(time(from), start), Math.min(to ? time(to) : end, end)])
    .filter(([a, b]) => (b as number) > (a as number))
    .sort((x, y) => (x[0] as number) - (y[0] as number)) as [number, number][];
  let covered = start;
  for (const [a, b] of pauses) {
    const from = Math.max(a, covered);
    if (b > from) elapsed -= businessMsBetween(from, b, schedule);
    covered = Math.max(covered, b);
  }
  const elapsedMinutes = elapsed / MINUTE;
  const remaining = targetMinutes - elapsedMinutes;
  const breached = remaining < 0;
  const pausedNow =
    !completedAt &&
    pending.some(({ from, to }) => time(from) <= end && (to === null || time(to) > end));
  const round = (value: number) => Math.round(value * 100) / 100;
  let status: SlaStatus;
  if (completedAt) status = breached ? 'breached' : 'achieved';
  else if (breached) status = 'breached';
  else status = pausedNow ? 'paused' : 'running';
  return {
    status,
    due_at:
      status === 'running' ? addBusinessMinutes(end, remaining, schedule).toISOString() : null,
    elapsed_minutes: round(elapsedMinutes),
    remaining_minutes: round(remaining),
    breached,
  };
}

/**
 * The schedule's open intervals (epoch ms, ascending, not overlapping) within [from, to), each
 * clipped to it. Null schedule: the whole span. Reports hand these to SQL, which counts a
 * duration's business seconds as the open time between its two ends (`metrics.repository.ts`).
 */
export function openIntervalsBetween(
  from: Date | string | number,
  to: Date | string | number,
  schedule: BusinessSchedule | null,
): [number, number][] {
  const start = time(from);
  const end = time(to);
  const intervals: [number, number][] = [];
  if (end <= start) return intervals;
  for (const [open, close] of openIntervals(start, schedule)) {
    if (open >= end) break;
    const begin = Math.max(open, start);
    const finish = Math.min(close, end);
    if (finish <= begin) continue;
    const last = intervals.at(-1);
    if (last && begin <= last[1]) last[1] = Math.max(last[1], finish);
    else intervals.push([begin, finish]);
  }
  return intervals;
}
