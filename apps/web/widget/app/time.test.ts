import { describe, expect, it } from 'vitest';
import { clock, dayLabel, withDays } from './time';
import { serverMessage } from './test-fixtures';

describe('times in Asia/Bangkok', () => {
  it('shows the Bangkok clock, 24-hour', () => {
    expect(clock('2025-03-10T17:30:00.000Z')).toBe('00:30');
    expect(clock('2025-03-10T06:05:00.000Z')).toBe('13:05');
  });

  it('puts a day line before the first message of each Bangkok day', () => {
    const now = new Date('2025-03-11T05:00:00.000Z');
    const rows = withDays(
      [
        serverMessage({ created_at: '2025-03-09T10:00:00.000Z' }),
        serverMessage({ created_at: '2025-03-10T16:59:00.000Z' }), // 23:59 on the 10th
        serverMessage({ created_at: '2025-03-10T17:01:00.000Z' }), // 00:01 on the 11th
        serverMessage({ created_at: '2025-03-11T04:00:00.000Z' }),
      ],
      now,
    );
    expect(rows.map((row) => (row.kind === 'day' ? row.label : '·'))).toEqual([
      '09/03/2025',
      '·',
      'Hôm qua',
      '·',
      'Hôm nay',
      '·',
      '·',
    ]);
    expect(dayLabel('2024-12-31', now)).toBe('31/12/2024');
  });
});
