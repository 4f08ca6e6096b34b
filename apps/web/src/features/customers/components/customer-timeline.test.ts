import { describe, expect, it } from 'vitest';
import { timelineDetailText } from './customer-timeline';

describe('timelineDetailText', () => {
  it('names the customer of a creation or a merge, and the fields an update changed', () => {
    expect(timelineDetailText({ name: 'Ngô Thị Lan' })).toBe('Ngô Thị Lan');
    expect(timelineDetailText({ merged_name: 'Lan (trùng)' })).toBe('Lan (trùng)');
    expect(timelineDetailText({ changed: ['tier', 'phones', 'phone', 'unknown'] })).toBe(
      'Hạng khách hàng, Số điện thoại',
    );
    expect(timelineDetailText({ changed: [] })).toBe('');
    expect(timelineDetailText(null)).toBe('');
  });
});
