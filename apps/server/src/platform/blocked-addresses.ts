import net from 'node:net';
import os from 'node:os';

/**
 * Which addresses a workflow webhook may not reach (unless the platform administrator allowed
 * the tenant private targets). Blocked:
 *
 * IPv4: 0.0.0.0/8 ("this network"), 10/8, 100.64/10 (carrier-grade NAT), 127/8, 169.254/16
 * (link-local, cloud metadata 169.254.169.254), 172.16/12, 192.0.0/24, the documentation
 * ranges 192.0.2/24, 198.51.100/24 and 203.0.113/24, 192.88.99/24 (6to4 relays), 192.168/16,
 * 198.18/15 (benchmarking), 224/4 (multicast), 240/4 (reserved, broadcast).
 *
 * IPv6: everything outside global unicast 2000::/3, that is among others `::` and `::1`,
 * IPv4-compatible `::a.b.c.d` (::/96), IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`
 * and `64:ff9b:1::/48`, discard `100::/64`, unique-local fc00::/7 (AWS metadata fd00:ec2::254),
 * link-local fe80::/10, site-local fec0::/10, multicast ff00::/8; and inside it Teredo
 * 2001::/32, benchmarking 2001:2::/48, documentation 2001:db8::/32 and 3fff::/20, 6to4
 * 2002::/16 (all of them carry or reach an IPv4 address we cannot check). An IPv4-mapped
 * address `::ffff:a.b.c.d` (also written `::ffff:7f00:1`) is judged as its IPv4 address.
 *
 * And every address of the server's own interfaces (`os.networkInterfaces()`, read at each
 * check: a public address of the server itself reaches its private services too).
 */

type Range = readonly [bytes: readonly number[], prefix: number];

const v4 = (text: string, prefix: number): Range => [text.split('.').map(Number), prefix];

const BLOCKED_V4: readonly Range[] = [
  v4('0.0.0.0', 8),
  v4('10.0.0.0', 8),
  v4('100.64.0.0', 10),
  v4('127.0.0.0', 8),
  v4('169.254.0.0', 16),
  v4('172.16.0.0', 12),
  v4('192.0.0.0', 24),
  v4('192.0.2.0', 24),
  v4('192.88.99.0', 24),
  v4('192.168.0.0', 16),
  v4('198.18.0.0', 15),
  v4('198.51.100.0', 24),
  v4('203.0.113.0', 24),
  v4('224.0.0.0', 4),
  v4('240.0.0.0', 4),
];

/** Inside global unicast 2000::/3, the ranges that are no plain destination. */
const BLOCKED_GLOBAL_V6: readonly Range[] = [
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo
  [[0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48], // benchmarking
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
];

function inRange(bytes: readonly number[], [base, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const index = bit / 8;
    const bits = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((base[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (zone dropped, embedded dotted IPv4 read), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (!net.isIPv6(text)) return null;
  let tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    tail = dotted.slice(1).map(Number);
    text = `${text.slice(0, -dotted[0].length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const groups =
    rest === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  const bytes = groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const isMapped = (bytes: readonly number[]) =>
  bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;

/**
 * One spelling per address: IPv4 dotted (an IPv4-mapped IPv6 address as its IPv4 address),
 * IPv6 as 32 hex digits; null for anything else.
 */
export function canonicalAddress(address: string): string | null {
  if (net.isIPv4(address)) return address.split('.').map(Number).join('.');
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  if (isMapped(bytes)) return bytes.slice(12).join('.');
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Every address of the server's network interfaces, canonical. */
export function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const entry of list ?? []) {
      const canonical = canonicalAddress(entry.address);
      if (canonical) own.add(canonical);
    }
  return own;
}

/**
 * Is this address one a webhook may not reach? Anything that is no IP address is blocked.
 * `own`: the server's own addresses (read from its interfaces unless given).
 */
export function isBlockedAddress(address: string, own: ReadonlySet<string> = ownAddresses()) {
  const canonical = canonicalAddress(address);
  if (canonical === null) return true;
  if (own.has(canonical)) return true;
  if (net.isIPv4(canonical)) {
    const bytes = canonical.split('.').map(Number);
    return BLOCKED_V4.some((range) => inRange(bytes, range));
  }
  const bytes = ipv6Bytes(address) as number[];
  if ((bytes[0] ?? 0) >> 5 !== 0b001) return true; // outside 2000::/3
  return BLOCKED_GLOBAL_V6.some((range) => inRange(bytes, range));
}
