import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.js';

describe('formatPhone', () => {
  it('shows a Vietnamese mobile as 0912 345 678 whatever was typed', () => {
    for (const typed of [
      '0912345678',
      '+84912345678',
      '+84 912 345 678',
      '84912345678',
      '0912.345.678',
      '0912-345-678',
      '(0912) 345678',
      '912345678',
      '0084912345678',
    ])
      expect(formatPhone(typed), typed).toBe('0912 345 678');
    expect(formatPhone('0389001122')).toBe('0389 001 122');
  });

  it('groups landlines by area code and 1800/1900 numbers', () => {
    expect(formatPhone('02438261234')).toBe('024 3826 1234');
    expect(formatPhone('+84 28 3823 4567')).toBe('028 3823 4567');
    expect(formatPhone('19001234')).toBe('1900 1234');
    expect(formatPhone('1800 599 920')).toBe('1800 599920');
  });

  it('shows foreign numbers as +CC and the number', () => {
    expect(formatPhone('+6591234567')).toBe('+65 9123 4567');
    expect(formatPhone('+1 415 555 2671')).toBe('+1 415 555 2671');
    expect(formatPhone('+85512345678')).toBe('+855 1234 5678');
    expect(formatPhone('0044 20 7946 0958')).toBe('+44 207 946 0958');
  });

  it('leaves what is not a readable number as typed', () => {
    expect(formatPhone('  ')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('ext 12')).toBe('ext 12');
    expect(formatPhone('012')).toBe('012');
  });
});
