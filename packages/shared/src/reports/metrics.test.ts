import { describe, expect, it } from 'vitest';
import { METRICS, isMetricKey, metricOf } from './metrics.js';

describe('the metric registry', () => {
  it('names each metric once, in snake_case, with a label and a definition', () => {
    const keys = METRICS.map((metric) => metric.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const metric of METRICS) {
      expect(metric.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(metric.label.length).toBeGreaterThan(0);
      expect(metric.definition.length).toBeGreaterThan(0);
    }
  });

  it('gives every duration its mean, median and p90 in seconds, the issue’s example keys included', () => {
    for (const key of [
      'first_response_mean_s',
      'first_response_median_s',
      'first_response_p90_s',
    ]) {
      expect(metricOf(key)?.unit).toBe('seconds');
    }
    for (const key of [
      'tickets_created',
      'tickets_solved',
      'calls_offered',
      'calls_answered',
      'calls_abandoned',
      'service_level_pct',
      'asa_s',
      'aht_s',
      'acw_s',
    ]) {
      expect(isMetricKey(key)).toBe(true);
    }
    expect(isMetricKey('nope')).toBe(false);
  });
});
