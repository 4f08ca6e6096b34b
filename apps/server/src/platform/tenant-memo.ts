import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { sqlDialect } from './db.js';

/**
 * What a tenant's data changes are announced under (the triggers of migrations 0010 and on name
 * the tables of each). 'sessions' (the signed-in callers' contexts) is the platform's; a module
 * adds the topics it owns beside its manifest's `memoTopics` (declaration merging:
 * `declare module '../../platform/tenant-memo.js' { interface ChangeTopics { tickets: true } }`).
 */
export interface ChangeTopics {
  sessions: true;
}
export type ChangeTopic = keyof ChangeTopics;

/**
 * Values derived from a tenant's data (the counts of its lists, its callers' sessions),
 * remembered until that data changes. Migration 0010 has PostgreSQL announce each change on
 * `tenant_changes` at commit, and every instance listens on a connection of its own, so a write
 * through any instance, a job or plain SQL makes them all forget. Nothing is remembered while
 * the listening connection is down.
 */
export interface TenantMemo {
  /** The remembered value, or compute's: remembered when no change came while it ran. */
  remember<T>(
    topic: ChangeTopic,
    tenantId: string,
    key: string,
    compute: () => Promise<T>,
    options?: { maxAgeMs?: number },
  ): Promise<T>;
  /** The tenant's data under this topic changed: forget what was derived from it. */
  changed(topic: ChangeTopic, tenantId: string): void;
  /**
   * Resolves once every change committed before the call has been heard: notices arrive in
   * commit order, so this sends one of its own and waits for it.
   */
  settled(): Promise<void>;
  /** Resolves once listening (or failing to, when it keeps retrying without remembering). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'tenant_changes';
const MAX_ENTRIES = 20_000;
/** Bounds what a notice lost without the connection noticing could leave stale. */
const MAX_AGE_MS = 60_000;
const RETRY_MS = 1_000;
/** A notice of our own not heard back in this long means the listening connection is lost. */
const SETTLE_TIMEOUT_MS = 2_000;
const MARK = 'settled:';

interface Entry {
  generation: number;
  value: unknown;
  at: number;
}

export function createTenantMemo(url: string, log: FastifyBaseLogger): TenantMemo {
  // Each change gives its topic and tenant a new generation from one clock; a value is
  // remembered with the generation read before computing it, and used only while it holds.
  let clock = 0;
  let baseline = 0;
  const generations = new Map<string, number>();
  const entries = new Map<string, Entry>();
  const pending = new Map<string, { generation: number; value: Promise<unknown> }>();
  const waiting = new Map<string, () => void>();
  let marks = 0;
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const generationOf = (scope: string) => generations.get(scope) ?? baseline;
  function forgetAll() {
    baseline = ++clock;
    generations.clear();
    entries.clear();
  }
  const changedScope = (scope: string) => generations.set(scope, ++clock);

  async function listen() {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      forgetAll();
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      client.end().catch(() => {});
      if (closed) return;
      log.warn({ err: error }, 'tenant change notices lost; nothing is remembered until back');
      retry = setTimeout(() => void listen(), RETRY_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', ({ payload }) => {
      if (!payload) return;
      if (payload.startsWith(MARK)) {
        waiting.get(payload)?.();
        waiting.delete(payload);
      } else changedScope(payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (lost || closed) return;
      forgetAll();
      listener = client;
    } catch (error) {
      onLost(error as Error);
    }
  }

  async function remember<T>(
    topic: ChangeTopic,
    tenantId: string,
    key: string,
    compute: () => Promise<T>,
    { maxAgeMs = MAX_AGE_MS } = {},
  ) {
    if (!listener) return compute();
    const scope = `${topic}:${tenantId}`;
    const id = `${scope}\u0000${key}`;
    const generation = generationOf(scope);
    const entry = entries.get(id);
    if (entry?.generation === generation && Date.now() - entry.at < maxAgeMs) {
      return entry.value as T;
    }
    // Concurrent requests for the same value share one computation.
    const running = pending.get(id);
    if (running?.generation === generation) return running.value as Promise<T>;
    const value = compute();
    pending.set(id, { generation, value });
    try {
      const result = await value;
      if (listener && generationOf(scope) === generation) {
        entries.delete(id);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(id, { generation, value: result, at: Date.now() });
      }
      return result;
    } finally {
      if (pending.get(id)?.value === value) pending.delete(id);
    }
  }

  let batch: Promise<void> | undefined;
  let lastSend: Promise<unknown> = Promise.resolve();
  /**
   * One mark in flight at a time: callers meanwhile share the next one, sent after they all
   * asked (so after every change they committed), which spares a statement per write.
   */
  function settled(): Promise<void> {
    if (!listener) return Promise.resolve();
    batch ??= (async () => {
      await lastSend;
      batch = undefined;
      await settleOnce();
    })();
    return batch;
  }

  async function settleOnce() {
    const client = listener;
    if (!client) return;
    const mark = `${MARK}${process.pid}:${++marks}`;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
      waiting.set(mark, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    const sending = client.query('select pg_notify($1, $2)', [CHANNEL, mark]).then(
      () => true,
      () => false,
    );
    lastSend = sending;
    const sent = await sending;
    if (!sent) {
      waiting.delete(mark);
      return;
    }
    if (!(await heard) && listener === client) {
      waiting.delete(mark);
      // Silent: the connection no longer hears; start over rather than trust what it missed.
      client.emit('error', new Error('tenant change notices stopped arriving'));
    }
  }

  return {
    remember,
    changed: (topic, tenantId) => changedScope(`${topic}:${tenantId}`),
    settled,
    start: listen,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route writes nothing a change topic covers (no table with a notice trigger),
     * so it answers without waiting to hear its notices (the gateway's routing decision).
     */
    settles?: false;
  }
}

/**
 * A write through this instance answers only once this instance has heard of the changes it
 * made, so the caller's next request reads them (the notices come asynchronously otherwise).
 */
export function settleWrites(app: FastifyInstance, memo: TenantMemo) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && request.routeOptions.config.settles !== false)
      await memo.settled();
    return payload;
  });
}

/**
 * A read-only query's answer, remembered by its SQL and values until the tenant's data under
 * `topic` changes (run as is without a memo).
 */
export function rememberQuery<T>(
  memo: TenantMemo | undefined,
  topic: ChangeTopic,
  tenantId: string,
  query: SQL,
  run: (query: SQL) => Promise<T>,
): Promise<T> {
  if (!memo) return run(query);
  const { sql: text, params } = sqlDialect.sqlToQuery(query);
  return memo.remember(topic, tenantId, `${text}\u0000${JSON.stringify(params)}`, () => run(query));
}
