/**
 * Ports the tests choose themselves (a server restarted on the same address, a Redis stopped and
 * started again, an embedded PostgreSQL): each user a range of its own, all below Linux's
 * ephemeral range (32768 and up). A port the system hands out meanwhile (a browser's, a server
 * listening on 0 in the browser suite running beside) can then never take one between the
 * choice and the listen.
 */
const RANGES = {
  dovecot: 8_000,
  embeddedPostgres: 10_000,
  startCommand: 12_000,
  startCommandPostgres: 14_000,
  outboxRestart: 16_000,
  engineRestart: 18_000,
  instanceFirst: 20_000,
  instanceSecond: 22_000,
  instanceSteady: 24_000,
  instanceLate: 26_000,
  redis: 28_000,
  privateRedis: 30_000,
} as const;
export type TestPortRange = keyof typeof RANGES;

/** A port of the range, at random within its 2,000. */
export const testPort = (range: TestPortRange) => RANGES[range] + Math.floor(Math.random() * 2_000);
