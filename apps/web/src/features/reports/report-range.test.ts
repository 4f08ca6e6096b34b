import { describe, expect, it } from 'vitest';
import { presetOf, rangeOfPreset, todayIn } from './report-range';
import { formatMetric, formatSeconds } from '@omnicare/shared/reports/metric-format';

// 2026-03-01T18:30Z is 01:30 on Monday 2 March in Bangkok (still the 1st in UTC).
const now = new Date('2026-03-01T18:30:00Z');

describe('report ranges', () => {
  it('reads today in Bangkok, not in UTC', () => {
    expect(todayIn(now)).toBe('2026-03-02');
  });

  it('gives each preset its Bangkok days, both ends included', () => {
    expect(rangeOfPreset('today', now)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(rangeOfPreset('yesterday', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOfPreset('last7', now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(rangeOfPreset('this_month', now)).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(rangeOfPreset('last_month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('knows a range as its preset, anything else as custom', () => {
    expect(presetOf({ from: '2026-03-01', to: '2026-03-01' }, now)).toBe('yesterday');
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, now)).toBe('last_month');
    expect(presetOf({ from: '2026-02-03', to: '2026-02-05' }, now)).toBe('custom');
  });
});

describe('report figures', () => {
  it('shows each unit as people read it, and nothing measured as —', () => {
    expect(formatMetric('tickets_created', 1234)).toBe('1.234');
    expect(formatMetric('service_level_pct', 87.5)).toBe('87,5%');
    expect(formatMetric('asa_s', 45)).toBe('45 giây');
    expect(formatMetric('first_response_median_s', 125)).toBe('2 phút 5 giây');
    expect(formatMetric('resolution_mean_s', 7260)).toBe('2 giờ 1 phút');
    expect(formatMetric('first_response_median_s', null)).toBe('—');
    expect(formatSeconds(3600)).toBe('1 giờ');
  });
});
