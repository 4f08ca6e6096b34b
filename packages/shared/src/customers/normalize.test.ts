import { describe, expect, it } from 'vitest';
import {
  isValidPhone,
  looksLikePhone,
  normalizePhone,
  phoneSearchOf,
  toSearchKey,
} from './normalize.js';

describe('toSearchKey', () => {
  it('ignores Vietnamese diacritics, đ and case', () => {
    expect(toSearchKey('Nguyễn Văn Á')).toBe('nguyen van a');
    expect(toSearchKey('ĐẶNG  Thị   Đào')).toBe('dang thi dao');
    expect(toSearchKey('Hồ Chí Minh')).toBe(toSearchKey('ho chi minh'));
    expect(toSearchKey(null)).toBe('');
    expect(toSearchKey('Lan (mới), Q.1')).toBe('lan moi q.1');
  });
});

describe('phones', () => {
  it('makes +84, 84 and 0 forms of one number equal', () => {
    expect(normalizePhone('0912 345 678')).toBe('912345678');
    expect(normalizePhone('+84 912-345-678')).toBe('912345678');
    expect(normalizePhone('84912345678')).toBe('912345678');
    expect(normalizePhone('028 3822 1234')).toBe('2838221234');
  });

  it('turns a partial search into the digits to look for', () => {
    expect(phoneSearchOf('0912 34')).toEqual({ digits: '91234', fromStart: true });
    expect(phoneSearchOf('+8491')).toEqual({ digits: '91', fromStart: true });
    expect(phoneSearchOf('345 678')).toEqual({ digits: '345678', fromStart: false });
    // 84 before a whole number is +84 without the plus; shorter digits are searched anywhere.
    expect(phoneSearchOf('84912349847')).toEqual({ digits: '912349847', fromStart: true });
    expect(phoneSearchOf('84 28 3823 4567')).toEqual({ digits: '2838234567', fromStart: true });
    expect(phoneSearchOf('84912')).toEqual({ digits: '84912', fromStart: false });
    expect(looksLikePhone('0912 345')).toBe(true);
    expect(looksLikePhone('nguyen')).toBe(false);
  });

  it('accepts 9 or 10 national digits', () => {
    expect(isValidPhone('0912345678')).toBe(true);
    expect(isValidPhone('+84 28 3822 1234')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
  });
});
