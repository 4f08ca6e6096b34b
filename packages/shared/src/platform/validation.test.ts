import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './validation.js';

describe('isCalendarDay', () => {
  it('takes real days written yyyy-mm-dd, leap days included', () => {
    for (const day of ['2024-02-29', '1990-12-31', '2026-01-01'])
      expect(isCalendarDay(day)).toBe(true);
  });

  it('refuses days that do not exist and other spellings', () => {
    for (const value of [
      '2024-02-31',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '05/02/2024',
      '2024-2-5',
      '',
      20240205,
      null,
    ])
      expect(isCalendarDay(value), String(value)).toBe(false);
  });
});
