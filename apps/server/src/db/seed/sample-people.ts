/**
 * Made-up Vietnamese people for demo data and benchmarks: surnames weighted as they are
 * spread in Vietnam, common middle and given names, mobile numbers of the current prefixes.
 * Seeded, so every run makes the same people.
 */

const SURNAMES: [string, number][] = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 5.1],
  ['Huỳnh', 5.1],
  ['Phan', 4.5],
  ['Vũ', 3.9],
  ['Võ', 3.9],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
];
const MIDDLE = [
  ...['Văn', 'Thị', 'Minh', 'Hữu', 'Đức', 'Thanh', 'Ngọc', 'Quốc', 'Thu', 'Hoài'],
  ...['Xuân', 'Gia', 'Bảo', 'Kim', 'Anh'],
];
const GIVEN = [
  ...['An', 'Bình', 'Châu', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hiếu', 'Hoa', 'Hùng'],
  ...['Hương', 'Khánh', 'Lan', 'Linh', 'Long', 'Mai', 'Minh', 'Nam', 'Nga', 'Ngọc', 'Nhung'],
  ...['Phong', 'Phúc', 'Quân', 'Quỳnh', 'Sơn', 'Tâm', 'Thảo', 'Thắng', 'Thủy', 'Trang'],
  ...['Trung', 'Tuấn', 'Vân', 'Việt', 'Yến'],
];
const MOBILE_PREFIXES = [
  ...['90', '91', '93', '94', '96', '97', '98', '32', '33', '34', '35', '36', '37', '38'],
  ...['39', '70', '76', '77', '78', '79', '81', '82', '83', '84', '85', '86', '88', '89'],
];

export type Random = () => number;

/** mulberry32: a small seeded generator in [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

const SURNAME_TOTAL = SURNAMES.reduce((sum, [, weight]) => sum + weight, 0);
function surname(random: Random) {
  let left = random() * SURNAME_TOTAL;
  for (const [name, weight] of SURNAMES) if ((left -= weight) <= 0) return name;
  return SURNAMES[0]![0];
}

export function personName(random: Random): string {
  return `${surname(random)} ${pick(random, MIDDLE)} ${pick(random, GIVEN)}`;
}

/** A mobile number in its 0 form that `used` does not hold yet (added to it). */
export function mobileNumber(random: Random, used: Set<string>): string {
  let phone: string;
  do
    phone = `0${pick(random, MOBILE_PREFIXES)}${String(Math.floor(random() * 1e7)).padStart(7, '0')}`;
  while (used.has(phone));
  used.add(phone);
  return phone;
}
