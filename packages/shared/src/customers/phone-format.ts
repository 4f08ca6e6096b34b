/**
 * One way to show a phone number, whatever was typed ('+84912345678', '84 912.345.678',
 * '0912345678'): Vietnamese numbers in their national form, mobiles 4-3-3 ('0912 345 678'),
 * landlines by area code ('024 3826 1234'), 1800/1900 numbers '1900 1234'; foreign numbers as
 * '+CC' and the rest ('+65 9123 4567'). What cannot be read as a number is shown as typed.
 * Storage and search keep what was typed (see `normalizePhone`).
 */

/** ITU calling codes of one and two digits; every other code has three. */
const SHORT_CODES = new Set([
  '1', '7', '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45',
  '46', '47', '48', '49', '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63',
  '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]); // prettier-ignore

/** Digits in groups of `sizes` (the last group takes what is left). */
function grouped(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let rest = digits;
  for (const size of sizes) {
    if (rest.length <= size) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  parts.push(rest);
  return parts.filter(Boolean).join(' ');
}

/** A Vietnamese national significant number in its written form, or null when it is not one. */
function vietnamese(national: string): string | null {
  // Mobiles: 9 digits after the 0 (03x, 05x, 07x, 08x, 09x).
  if (/^[35789]\d{8}$/.test(national)) return grouped(`0${national}`, [4, 3]);
  // Landlines: 02 and a two-digit area ('024 3826 1234', '0236 3822 123').
  if (/^2\d{9}$/.test(national)) return grouped(`0${national}`, [3, 4]);
  if (/^2\d{8}$/.test(national)) return grouped(`0${national}`, [4, 3]);
  return null;
}

export function formatPhone(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  if (!text) return '';
  // Letters or other signs: not a number we can read.
  if (!/^\+?[\d\s().-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : null;
  if (international !== null) {
    if (international.startsWith('84'))
      return vietnamese(international.slice(2)) ?? `+84 ${international.slice(2)}`;
    const codeLength = SHORT_CODES.has(international.slice(0, 1))
      ? 1
      : SHORT_CODES.has(international.slice(0, 2))
        ? 2
        : 3;
    const code = international.slice(0, codeLength);
    const rest = international.slice(codeLength);
    if (!rest) return text;
    if (rest.length <= 6) return `+${code} ${rest}`;
    // The last four digits apart, the rest in threes: '+1 415 555 2671', '+65 9123 4567'.
    const lead = rest.slice(0, -4);
    const leadGroups = lead.length <= 4 ? lead : grouped(lead, Array(5).fill(3) as number[]);
    return `+${code} ${leadGroups} ${rest.slice(-4)}`;
  }
  if (/^1[89]00\d{4,6}$/.test(digits)) return grouped(digits, [4]);
  if (digits.startsWith('0')) return vietnamese(digits.slice(1)) ?? text;
  if (digits.startsWith('84') && digits.length >= 11) return vietnamese(digits.slice(2)) ?? text;
  // Bare national digits without the 0 ('912345678').
  return vietnamese(digits) ?? text;
}
