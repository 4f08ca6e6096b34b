import { toSearchKey } from '@omnicare/shared/customers/normalize';

const KEY_MAX = 40;

/** A field key suggested from its label: 'Mã KH cũ' → 'ma_kh_cu' (the server's key rule). */
export function keyFromLabel(label: string): string {
  const words = toSearchKey(label)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  if (!/^[a-z]/.test(words[0]!)) words.unshift('truong');
  // Whole words while they fit; a first word longer than the limit is cut.
  let key = words[0]!.slice(0, KEY_MAX);
  for (const word of words.slice(1)) {
    if (key.length + 1 + word.length > KEY_MAX) break;
    key += `_${word}`;
  }
  return key;
}
