import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { canonicalAddress, isBlockedAddress, ownAddresses } from './blocked-addresses.js';

const none = new Set<string>();

describe('addresses a webhook may not reach', () => {
  it.each([
    ['unspecified, "this network"', ['0.0.0.0', '0.1.2.3']],
    ['private', ['10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1']],
    ['carrier-grade NAT', ['100.64.0.1', '100.127.255.254']],
    ['loopback', ['127.0.0.1', '127.1.2.3', '::1']],
    ['link-local and cloud metadata', ['169.254.169.254', 'fe80::1', 'fe80::1%eth0']],
    ['IETF protocol assignments', ['192.0.0.8']],
    ['documentation (IPv4)', ['192.0.2.1', '198.51.100.7', '203.0.113.200']],
    ['documentation (IPv6)', ['2001:db8::1', '3fff::1']],
    ['benchmarking', ['198.18.0.1', '198.19.255.254', '2001:2::1']],
    ['6to4 relays', ['192.88.99.1']],
    [
      'multicast, reserved and broadcast',
      ['224.0.0.1', '239.1.1.1', '240.0.0.1', '255.255.255.255'],
    ],
    ['IPv6 unspecified', ['::']],
    [
      'IPv4-mapped IPv6 of a blocked IPv4',
      ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:169.254.169.254', '0:0:0:0:0:ffff:a00:1'],
    ],
    ['IPv4-compatible IPv6', ['::127.0.0.1', '::7f00:1', '::8.8.8.8']],
    ['IPv4-translated IPv6', ['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:808:808']],
    ['NAT64', ['64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '64:ff9b:1::1', '64:ff9b:1:ffff::1']],
    ['6to4', ['2002::1', '2002:7f00:1::1', '2002:808:808::1']],
    ['Teredo', ['2001::1', '2001:0:4136:e378::1']],
    ['discard-only', ['100::1']],
    ['unique local (AWS metadata over IPv6)', ['fc00::1', 'fd12:3456::1', 'fd00:ec2::254']],
    ['site-local', ['fec0::1', 'feff::1']],
    ['IPv6 multicast', ['ff02::1', 'ff05::1:3']],
    ['not an address', ['localhost', '', '1.2.3', '::g']],
  ])('blocks %s', (_kind, addresses) => {
    for (const address of addresses) expect(isBlockedAddress(address, none), address).toBe(true);
  });

  it('lets public addresses through, IPv4-mapped ones too', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '203.0.114.1',
      '198.51.99.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
    ])
      expect(isBlockedAddress(address, none), address).toBe(false);
  });

  it("blocks every address of the server's own interfaces, however written", () => {
    const addresses = Object.values(os.networkInterfaces()).flatMap((list) =>
      (list ?? []).map((entry) => entry.address),
    );
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(isBlockedAddress(address), address).toBe(true);
    expect(ownAddresses()).toEqual(new Set(addresses.map((address) => canonicalAddress(address))));
    // A public address the server holds is its own all the same, in any spelling.
    const own = new Set([canonicalAddress('8.8.4.4')!, canonicalAddress('2a00:1450::1')!]);
    for (const address of ['8.8.4.4', '::ffff:8.8.4.4', '::ffff:808:404', '2a00:1450:0:0::1'])
      expect(isBlockedAddress(address, own), address).toBe(true);
    expect(isBlockedAddress('8.8.8.8', own)).toBe(false);
  });
});
