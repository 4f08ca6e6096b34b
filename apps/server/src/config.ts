import { z } from 'zod';
import path from 'node:path';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Every environment variable the server reads; README.md lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  /** A read replica (PostgreSQL streaming replica) reports read from; unset: the primary. */
  DATABASE_READ_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** `0`: the embedded database skips fsync (throwaway databases: the browser tests). */
  EMBEDDED_PG_FSYNC: z
    .enum(['1', '0', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  SEED_DEMO: flag,
  /** `0`: reports read every figure from the raw rows, no daily rollups (to compare, to rule out). */
  REPORT_ROLLUPS: z
    .enum(['1', '0', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  /** `0`: the demo tenant gets its staff only (tests and benchmarks start from that). */
  DEMO_SAMPLES: z
    .enum(['1', '0', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  JWT_SECRET: z.string().min(32).optional(),
  DATA_KEY: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OmniCare <no-reply@omnicare.local>'),
  PUBLIC_URL: z.string().optional(),
  /** The built-in SMTP listener for forwarded mail (channels/email-forwarding.ts); unset: off. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().optional(),
  /** The domain of the mailboxes' forwarding addresses (its MX names this server). */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i)
    .optional(),
  /** `0`: no mailbox is held open in IMAP IDLE (polling only). */
  EMAIL_IDLE: z
    .enum(['1', '0', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  /** PEM files: with both, the listener offers STARTTLS. */
  INBOUND_SMTP_TLS_KEY: z.string().optional(),
  INBOUND_SMTP_TLS_CERT: z.string().optional(),
  INBOUND_SMTP_RATE: z.coerce.number().int().min(1).max(100_000).default(60),
  REDIS_URL: z.string().optional(),
  /** Prefix of this deployment's Redis keys and channels (deployments or test runs sharing one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default('omnicare'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS: z.coerce.number().int().positive().default(50),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
  /** Tests: a subscriber 'probe' recording every delivered event in outbox_probe_receipts. */
  OUTBOX_PROBE: flag,
  /** The shared secret the SIP gateway sends (header x-gateway-secret); unset refuses it. */
  TELEPHONY_GATEWAY_SECRET: z.string().min(16).optional(),
  OUTBOX_PROBE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: value.DATABASE_URL,
    databaseReadUrl: value.DATABASE_READ_URL || undefined,
    embeddedPgPort: value.EMBEDDED_PG_PORT,
    embeddedPgFsync: value.EMBEDDED_PG_FSYNC,
    reportRollups: value.REPORT_ROLLUPS,
    /** Demo data goes into the embedded database always, into an external one only on request. */
    seedDemo: value.DATABASE_URL ? value.SEED_DEMO : true,
    /** Organizations, groups, tags, fields and customers in a newly seeded demo tenant. */
    demoSamples: value.DEMO_SAMPLES,
    jwtSecret: value.JWT_SECRET,
    dataKey: value.DATA_KEY,
    sessionTtlMs: value.SESSION_TTL_HOURS * 3600_000,
    smtpUrl: value.SMTP_URL || undefined,
    mailFrom: value.MAIL_FROM,
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    emailIdle: value.EMAIL_IDLE,
    inboundSmtp:
      value.INBOUND_SMTP_PORT === undefined
        ? undefined
        : {
            port: value.INBOUND_SMTP_PORT,
            host: value.INBOUND_SMTP_HOST || value.HOST,
            domain: (
              value.INBOUND_MAIL_DOMAIN || new URL(value.PUBLIC_URL ?? 'http://localhost').hostname
            ).toLowerCase(),
            tlsKey: value.INBOUND_SMTP_TLS_KEY,
            tlsCert: value.INBOUND_SMTP_TLS_CERT,
            ratePerMinute: value.INBOUND_SMTP_RATE,
          },
    redisUrl: value.REDIS_URL || undefined,
    redisPrefix: value.REDIS_PREFIX,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    outboxProbe: value.OUTBOX_PROBE,
    telephonyGatewaySecret: value.TELEPHONY_GATEWAY_SECRET,
    outboxProbeDelayMs: value.OUTBOX_PROBE_DELAY_MS,
    loginRatePerIp: value.LOGIN_RATE_PER_IP,
    loginFailuresPerAccount: value.LOGIN_FAILURES_PER_ACCOUNT,
    loginFailuresPerAccountAllIps: value.LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS,
    webDist: value.WEB_DIST
      ? path.resolve(value.WEB_DIST)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
