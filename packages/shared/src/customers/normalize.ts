/**
 * Text and phone normalisation shared by the server (stored keys) and the web app (previews).
 * Vietnamese search ignores case and diacritics: 'Nguyễn Văn Á' and 'nguyen van a' share a key.
 */
export function toSearchKey(text: string | null | undefined): string {
  return (
    (text ?? '')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      // Punctuation separates words: 'Lan (mới)' is found by 'lan moi'; email characters stay.
      .replace(/[^\p{L}\p{N}@._+-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The national significant number of a Vietnamese phone: '+84 912 345 678', '84912345678' and
 * '0912345678' all give '912345678'. Other digits pass through unchanged.
 */
export function normalizePhone(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+84') || (digits.startsWith('84') && digits.length >= 11))
    return digits.slice(2);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * What a partial phone search looks for in stored national numbers. A leading 0 or +84 marks the
 * start of the number ('0912' finds numbers starting 912); bare digits match anywhere ('345 678').
 */
export function phoneSearchOf(query: string): { digits: string; fromStart: boolean } {
  const text = query.trim();
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+84')) return { digits: digits.slice(2), fromStart: true };
  if (digits.startsWith('0')) return { digits: digits.slice(1), fromStart: true };
  // 84 and a whole national number (9 or 10 digits) is the +84 form without its plus.
  if (digits.startsWith('84') && digits.length >= 11)
    return { digits: digits.slice(2), fromStart: true };
  return { digits, fromStart: false };
}

/** A search text that is mostly digits is a phone search. */
export const looksLikePhone = (query: string) => /^\+?[\d\s.-]{3,}$/.test(query.trim());

/** A valid Vietnamese phone: 9 or 10 national digits (mobile and landline). */
export const isValidPhone = (raw: string) => /^\d{9,10}$/.test(normalizePhone(raw));
