import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './db.js';
import { appendEvent } from './outbox.js';
import { declareProbeEvents } from './outbox-probe.js';
import { tenants } from '../db/schema/tenants.js';
import { tickets } from '../db/schema/tickets.js';
import { testDatabaseUrl } from '../test/helpers.js';
import { exited, realServer, until } from '../test/real-server.js';

declareProbeEvents();

/**
 * The outbox across a kill -9: the real server (src/main.ts) with the probe subscriber, which
 * records every event it receives, slowed so the kill lands mid-delivery. After a restart every
 * event has arrived, in id order per ticket; only the events being handled at the kill may come
 * twice.
 */
const TICKETS = 6;
const EVENTS_PER_TICKET = 20;
const server = realServer({
  ports: 'outboxRestart',
  env: { OUTBOX_PROBE: '1', OUTBOX_PROBE_DELAY_MS: '20' },
});
const database = connectDatabase(testDatabaseUrl(), 2);
const briskly = { ms: 25_000, every: 50 };

async function receipts(aggregateIds: string[]) {
  const exists = await database.pool.query(
    "select 1 from pg_tables where tablename = 'outbox_probe_receipts'",
  );
  if (exists.rowCount === 0) return [];
  const rows = await database.pool.query<{ event_id: string; aggregate_id: string }>(
    'select event_id, aggregate_id from outbox_probe_receipts where aggregate_id = any($1::uuid[]) order by id',
    [aggregateIds],
  );
  return rows.rows.map((row) => ({ eventId: Number(row.event_id), aggregateId: row.aggregate_id }));
}

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('outbox across a kill -9', () => {
  it(
    'delivers every event after a restart, in order per ticket, none lost',
    { timeout: 120_000 },
    async () => {
      const first = await server.start();
      const [tenant] = await database.db.select({ id: tenants.id }).from(tenants).limit(1);
      const tenantId = tenant?.id ?? '';
      const ids: string[] = [];
      for (let i = 0; i < TICKETS; i++) {
        const [row] = await database.db
          .insert(tickets)
          .values({ tenantId, subject: `Khởi động lại ${i}` })
          .returning({ id: tickets.id });
        ids.push(row?.id ?? '');
      }
      // One transaction per ticket, all at once: deliveries start when they commit.
      await Promise.all(
        ids.map((aggregateId) =>
          database.db.transaction(async (tx) => {
            for (let n = 0; n < EVENTS_PER_TICKET; n++)
              await appendEvent(tx, {
                tenantId,
                aggregate: 'probe',
                aggregateId,
                type: 'probe.noted',
                payload: { n },
                actorId: null,
              });
          }),
        ),
      );
      const total = TICKETS * EVENTS_PER_TICKET;
      // Mid-delivery: some events are in, most are not.
      await until(async () => (await receipts(ids)).length >= 10, 'first deliveries', briskly);
      const firstExit = exited(first);
      first.kill('SIGKILL');
      await firstExit;
      const beforeRestart = await receipts(ids);
      expect(new Set(beforeRestart.map((r) => r.eventId)).size).toBeLessThan(total);

      await server.start();
      await until(
        async () => new Set((await receipts(ids)).map((r) => r.eventId)).size === total,
        'every event after the restart',
        briskly,
      );
      const all = await receipts(ids);
      for (const aggregateId of ids) {
        const written = await database.pool.query<{ id: string }>(
          'select id from domain_events where aggregate_id = $1 order by id',
          [aggregateId],
        );
        const got = all.filter((r) => r.aggregateId === aggregateId).map((r) => r.eventId);
        // In order: never an event before one already received (a repeat is the same event).
        got.forEach((id, i) => expect(id).toBeGreaterThanOrEqual(got[i - 1] ?? 0));
        expect([...new Set(got)]).toEqual(written.rows.map((row) => Number(row.id)));
      }
      const duplicates = all.length - total;
      // At least once: only what was being handled when the process died comes again.
      expect(duplicates).toBeLessThanOrEqual(TICKETS);
      console.log(
        `outbox restart: ${total} events, ${beforeRestart.length} before the kill, ${duplicates} delivered twice`,
      );
    },
  );
});
