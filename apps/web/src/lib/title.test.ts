import { describe, expect, it } from 'vitest';
import { documentTitle, unreadBadge } from './title';

describe('document title', () => {
  it('is the product name alone without unread notifications', () => {
    expect(documentTitle(0)).toBe('OmniCare');
    expect(documentTitle(-3)).toBe('OmniCare');
    expect(documentTitle(Number.NaN)).toBe('OmniCare');
  });

  it('appends the count, 9+ above nine', () => {
    expect(documentTitle(1)).toBe('OmniCare (1)');
    expect(documentTitle(9)).toBe('OmniCare (9)');
    expect(documentTitle(10)).toBe('OmniCare (9+)');
    expect(documentTitle(250)).toBe('OmniCare (9+)');
    expect(unreadBadge(12)).toBe('9+');
    expect(unreadBadge(3)).toBe('3');
  });
});
