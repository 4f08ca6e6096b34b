import { describe, expect, it } from 'vitest';
import {
  dayAndTimeIn,
  formatDate,
  formatDateTime,
  formatRelative,
  instantAt,
  startOfDayIn,
} from './time.js';

describe('time in Asia/Bangkok', () => {
  it('formats dates and times in Bangkok, not UTC', () => {
    // 17:30 UTC on 31 Dec is 00:30 on 1 Jan in Bangkok (UTC+7).
    const value = '2026-12-31T17:30:00Z';
    expect(formatDate(value)).toBe('01/01/2027');
    expect(formatDateTime(value)).toBe('01/01/2027 00:30');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatRelative(undefined)).toBe('');
  });

  it('gives relative times by elapsed minutes first', () => {
    const now = new Date('2026-06-10T10:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatRelative(ago(20_000), now)).toBe('Vừa xong');
    expect(formatRelative(ago(5 * 60_000), now)).toBe('5 phút trước');
    expect(formatRelative(ago(59 * 60_000), now)).toBe('59 phút trước');
    expect(formatRelative(ago(61 * 60_000), now)).toBe('1 giờ trước');
    expect(formatRelative(ago(150 * 60_000), now)).toBe('2 giờ trước');
  });

  it('uses Bangkok calendar days for today and yesterday across midnight', () => {
    // Now is 00:10 on 11 June in Bangkok while UTC is still 10 June 17:10.
    const now = new Date('2026-06-10T17:10:00Z');
    // 20:00 on 10 June Bangkok = 13:00 UTC: yesterday in Bangkok, though the same UTC day.
    expect(formatRelative('2026-06-10T13:00:00Z', now)).toBe('Hôm qua 20:00');
    // 4 hours earlier on the same Bangkok day is impossible at 00:10, so check a later 'now'.
    const later = new Date('2026-06-11T05:00:00Z'); // 12:00 Bangkok on 11 June
    expect(formatRelative('2026-06-10T17:30:00Z', later)).toBe('Hôm nay 00:30');
    expect(formatRelative('2026-06-09T23:00:00Z', later)).toBe('Hôm qua 06:00');
    expect(formatRelative('2026-06-08T23:00:00Z', later)).toBe('09/06/2026 06:00');
  });

  it('turns Bangkok days and times into instants, and back', () => {
    expect(startOfDayIn('2027-01-01').toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(startOfDayIn('2026-12-31', undefined, true).toISOString()).toBe(
      '2026-12-31T17:00:00.000Z',
    );
    expect(instantAt('2026-06-10', '08:30')).toBe('2026-06-10T01:30:00.000Z');
    expect(dayAndTimeIn('2026-12-31T17:30:00Z')).toEqual({ day: '2027-01-01', time: '00:30' });
    expect(dayAndTimeIn('x')).toBeNull();
  });

  it('follows daylight saving in a zone that has it', () => {
    // Berlin: 29 March 2026 02:00 -> 03:00, 25 October 2026 03:00 -> 02:00.
    expect(formatDateTime('2026-03-29T01:30:00Z', 'Europe/Berlin')).toBe('29/03/2026 03:30');
    // A time the clock skips lands after the gap; one it shows twice is the later.
    expect(instantAt('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantAt('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T01:30:00.000Z');
    expect(instantAt('2026-07-01', '00:00', 'Europe/Berlin')).toBe('2026-06-30T22:00:00.000Z');
    // Santiago moves its clock at midnight: the day starts at 01:00 (7 September 2025).
    expect(startOfDayIn('2025-09-07', 'America/Santiago').toISOString()).toBe(
      '2025-09-07T04:00:00.000Z',
    );
  });
});
