import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  openIntervalsBetween,
  slaState,
  type BusinessSchedule,
} from './business-time.js';

// Monday to Friday 08:00–12:00 and 13:30–17:30 in Asia/Bangkok (UTC+7): 480 minutes a day.
const office: BusinessSchedule = {
  periods: [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: '08:00', end: '12:00' },
    { weekday, start: '13:30', end: '17:30' },
  ]),
  // Quốc khánh, a Wednesday.
  holidays: [{ date: '2026-09-02' }],
};

/** A Bangkok wall-clock time as the UTC instant. */
const bkk = (local: string) => new Date(`${local}:00+07:00`);
const iso = (local: string) => bkk(local).toISOString();

describe('addBusinessMinutes', () => {
  it('counts inside one opening and across the lunch break', () => {
    expect(addBusinessMinutes(bkk('2026-11-24T09:00'), 60, office).toISOString()).toBe(
      iso('2026-11-24T10:00'),
    );
    expect(addBusinessMinutes(bkk('2026-11-24T11:30'), 60, office).toISOString()).toBe(
      iso('2026-11-24T14:00'),
    );
  });

  it('carries Friday afternoon over the weekend to Monday', () => {
    // Friday 27/11/2026 16:30: 60 minutes left that day, 120 more on Monday.
    expect(addBusinessMinutes(bkk('2026-11-27T16:30'), 180, office).toISOString()).toBe(
      iso('2026-11-30T10:00'),
    );
  });

  it('skips a holiday', () => {
    // Tuesday 01/09 17:00 + 60: 30 minutes Tuesday, Wednesday 02/09 is off, 30 on Thursday.
    expect(addBusinessMinutes(bkk('2026-09-01T17:00'), 60, office).toISOString()).toBe(
      iso('2026-09-03T08:30'),
    );
  });

  it('starts from the next opening when started outside hours (Saturday, night, lunch)', () => {
    expect(addBusinessMinutes(bkk('2026-11-28T10:00'), 30, office).toISOString()).toBe(
      iso('2026-11-30T08:30'),
    );
    expect(addBusinessMinutes(bkk('2026-11-24T22:00'), 15, office).toISOString()).toBe(
      iso('2026-11-25T08:15'),
    );
    expect(addBusinessMinutes(bkk('2026-11-24T12:10'), 0, office).toISOString()).toBe(
      iso('2026-11-24T13:30'),
    );
  });

  it('reads UTC inputs in Bangkok days: 20:00 UTC on Monday is 03:00 on Tuesday there', () => {
    expect(addBusinessMinutes('2026-11-23T20:00:00Z', 60, office).toISOString()).toBe(
      '2026-11-24T02:00:00.000Z',
    );
  });

  it('counts across midnight with openings touching it', () => {
    const nights: BusinessSchedule = {
      periods: [
        { weekday: 2, start: '22:00', end: '24:00' },
        { weekday: 3, start: '00:00', end: '02:00' },
      ],
      holidays: [],
    };
    expect(addBusinessMinutes(bkk('2026-11-24T23:00'), 120, nights).toISOString()).toBe(
      iso('2026-11-25T01:00'),
    );
    expect(businessMinutesBetween(bkk('2026-11-24T21:00'), bkk('2026-11-25T03:00'), nights)).toBe(
      240,
    );
  });

  it('spans several weeks, and counts calendar time without a schedule', () => {
    // 5 days of 480 minutes is a week: Tuesday 09:00 + 2 weeks of business time.
    expect(addBusinessMinutes(bkk('2026-11-24T09:00'), 2 * 5 * 480, office).toISOString()).toBe(
      iso('2026-12-08T09:00'),
    );
    expect(addBusinessMinutes(bkk('2026-11-28T10:00'), 90, null).toISOString()).toBe(
      iso('2026-11-28T11:30'),
    );
  });

  it('refuses a schedule with no opening hours rather than looping', () => {
    expect(() => addBusinessMinutes(new Date(), 10, { periods: [], holidays: [] })).toThrow();
  });
});

describe('businessMinutesBetween', () => {
  it('counts only hours inside openings, across a weekend and a holiday', () => {
    expect(businessMinutesBetween(bkk('2026-11-27T16:30'), bkk('2026-11-30T10:00'), office)).toBe(
      180,
    );
    expect(businessMinutesBetween(bkk('2026-09-01T17:00'), bkk('2026-09-03T08:30'), office)).toBe(
      60,
    );
    expect(businessMinutesBetween(bkk('2026-11-28T00:00'), bkk('2026-11-29T23:59'), office)).toBe(
      0,
    );
  });

  it('answers 0 for a reversed range and keeps fractions', () => {
    expect(businessMinutesBetween(bkk('2026-11-24T10:00'), bkk('2026-11-24T09:00'), office)).toBe(
      0,
    );
    expect(
      businessMinutesBetween(
        bkk('2026-11-24T10:00'),
        new Date(bkk('2026-11-24T10:00').getTime() + 30_000),
        office,
      ),
    ).toBe(0.5);
  });
});

describe('slaState', () => {
  it('runs, shows the due instant and the time left', () => {
    const state = slaState({
      startedAt: bkk('2026-11-27T16:00'),
      targetMinutes: 240,
      now: bkk('2026-11-28T12:00'),
      schedule: office,
    });
    expect(state).toEqual({
      status: 'running',
      due_at: iso('2026-11-30T10:30'),
      elapsed_minutes: 90,
      remaining_minutes: 150,
      breached: false,
    });
  });

  it('pauses while pending: the pending business time does not count and no due instant is given', () => {
    const pending = [{ from: bkk('2026-11-24T09:00'), to: bkk('2026-11-24T15:00') }];
    const done = slaState({
      startedAt: bkk('2026-11-24T08:00'),
      targetMinutes: 120,
      pending,
      now: bkk('2026-11-24T16:00'),
      schedule: office,
    });
    // 08:00–09:00 and 15:00–16:00 count; 09:00–15:00 (270 business minutes) is pending.
    expect(done.elapsed_minutes).toBe(120);
    expect(done.status).toBe('running');
    expect(done.due_at).toBe(iso('2026-11-24T16:00'));
    const paused = slaState({
      startedAt: bkk('2026-11-24T08:00'),
      targetMinutes: 120,
      pending: [{ from: bkk('2026-11-24T09:00'), to: null }],
      now: bkk('2026-11-25T16:00'),
      schedule: office,
    });
    expect(paused).toEqual({
      status: 'paused',
      due_at: null,
      elapsed_minutes: 60,
      remaining_minutes: 60,
      breached: false,
    });
  });

  it('is overdue past the target, and achieved or breached once completed', () => {
    const overdue = slaState({
      startedAt: bkk('2026-11-24T08:00'),
      targetMinutes: 60,
      now: bkk('2026-11-24T10:30'),
      schedule: office,
    });
    expect(overdue).toMatchObject({ status: 'breached', remaining_minutes: -90, breached: true });
    expect(
      slaState({
        startedAt: bkk('2026-11-24T08:00'),
        targetMinutes: 60,
        completedAt: bkk('2026-11-24T08:45'),
        now: bkk('2026-11-26T08:00'),
        schedule: office,
      }),
    ).toMatchObject({ status: 'achieved', remaining_minutes: 15, due_at: null });
    expect(
      slaState({
        startedAt: bkk('2026-11-24T08:00'),
        targetMinutes: 60,
        completedAt: bkk('2026-11-24T13:45'),
        now: bkk('2026-11-26T08:00'),
        schedule: office,
      }),
    ).toMatchObject({ status: 'breached', elapsed_minutes: 255 });
  });

  it('counts overlapping pending stretches once', () => {
    const state = slaState({
      startedAt: bkk('2026-11-24T08:00'),
      targetMinutes: 480,
      pending: [
        { from: bkk('2026-11-24T09:00'), to: bkk('2026-11-24T11:00') },
        { from: bkk('2026-11-24T10:00'), to: bkk('2026-11-24T11:30') },
      ],
      now: bkk('2026-11-24T12:00'),
      schedule: office,
    });
    expect(state.elapsed_minutes).toBe(90);
  });
});

describe('open intervals (for reports in SQL)', () => {
  it('lists the hours open within a span, clipped to it, holidays skipped, as the clock counts them', () => {
    // Saturday 29 Aug to Thursday 3 Sep 2026 10:00: Monday, Tuesday, not the holiday.
    const from = bkk('2026-08-29T00:00');
    const to = bkk('2026-09-03T10:00');
    const intervals = openIntervalsBetween(from, to, office);
    expect(
      intervals.map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()]),
    ).toEqual([
      [iso('2026-08-31T08:00'), iso('2026-08-31T12:00')],
      [iso('2026-08-31T13:30'), iso('2026-08-31T17:30')],
      [iso('2026-09-01T08:00'), iso('2026-09-01T12:00')],
      [iso('2026-09-01T13:30'), iso('2026-09-01T17:30')],
      [iso('2026-09-03T08:00'), iso('2026-09-03T10:00')],
    ]);
    const open = intervals.reduce((sum, [a, b]) => sum + (b - a), 0) / 60_000;
    expect(open).toBe(businessMinutesBetween(from, to, office));
    expect(openIntervalsBetween(from, to, null)).toEqual([[from.getTime(), to.getTime()]]);
  });
});
