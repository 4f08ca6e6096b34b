import { describe, expect, it } from 'vitest';
import { formatDuration, formatFigure, secondsSince, toneOf } from './monitor-format';

describe('monitor figures', () => {
  it('writes durations as m:ss, and h:mm:ss past an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3 * 3600 + 61)).toBe('3:01:01');
    expect(formatDuration(null)).toBe('—');
  });

  it('shows each figure in its registry unit', () => {
    expect(formatFigure('waiting_now', 1234)).toBe('1.234');
    expect(formatFigure('asa_s', 75)).toBe('1:15');
    expect(formatFigure('service_level_pct', 87.5)).toBe('87,5%');
    expect(formatFigure('service_level_pct', null)).toBe('—');
  });

  it('colours tiles by their thresholds; a low service level is the bad side', () => {
    expect(toneOf('waiting_now', 2)).toBe('normal');
    expect(toneOf('waiting_now', 3)).toBe('warn');
    expect(toneOf('waiting_now', 6)).toBe('alert');
    expect(toneOf('longest_wait_s', 130)).toBe('alert');
    expect(toneOf('service_level_pct', 85)).toBe('normal');
    expect(toneOf('service_level_pct', 70)).toBe('warn');
    expect(toneOf('service_level_pct', 50)).toBe('alert');
    expect(toneOf('calls_answered', 999)).toBe('normal');
    expect(toneOf('service_level_pct', null)).toBe('normal');
  });

  it('counts the seconds since an instant in the given clock', () => {
    const at = '2026-11-30T00:00:00.000Z';
    expect(secondsSince(at, Date.parse(at) + 61_500)).toBe(61);
    expect(secondsSince(at, Date.parse(at) - 5_000)).toBe(0);
    expect(secondsSince(null, Date.now())).toBeNull();
  });
});
