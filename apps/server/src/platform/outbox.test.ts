import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { tickets } from '../db/schema/index.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';
import { createJobQueue, type JobQueue } from './jobs.js';
import { appendEvent, createOutbox, type DeliveredEvent, type Outbox } from './outbox.js';

/** Resolves once `check` holds, asking again as deliveries land (fails the test after 20 s). */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let jobs: JobQueue;
let outbox: Outbox;
const received: DeliveredEvent[] = [];
/** Event ids the flaky handler refuses once. */
const failOnce = new Set<number>();
const calls = new Map<number, number>();
/** A ticket with an event from before the subscriber existed. */
let historic = '';

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Outbox');
  historic = await newTicket();
  await t.database.db.transaction((tx) => appendEvent(tx, event(historic, 0)));
  jobs = createJobQueue(t.database.url, t.app.log, { durable: false });
  outbox = createOutbox(t.database, jobs, t.app.log, { pollMs: 200, sweepMs: 500 });
  // A name of its own, so its cursor starts at the end of this database's outbox.
  outbox.subscribe(`test-${randomUUID().slice(0, 8)}`, async (event) => {
    calls.set(event.id, (calls.get(event.id) ?? 0) + 1);
    if (failOnce.delete(event.id)) throw new Error('not now');
    received.push(event);
  });
  await outbox.start();
});
afterAll(async () => {
  await outbox.stop();
  await t.close();
});

async function newTicket() {
  const [row] = await t.database.db
    .insert(tickets)
    .values({ tenantId: tenant.tenantId, subject: 'Sự kiện' })
    .returning();
  if (!row) throw new Error('no ticket');
  return row.id;
}

const event = (aggregateId: string, n: number) => ({
  tenantId: tenant.tenantId,
  aggregate: 'ticket' as const,
  aggregateId,
  type: 'ticket.updated' as const,
  payload: { n },
  actorId: null,
});

const receivedFor = (aggregateId: string) =>
  received.filter((e) => e.aggregateId === aggregateId).map((e) => e.payload.n);

describe('outbox delivery', () => {
  it('delivers every event once, in order per ticket, from concurrent writers', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => newTicket()));
    await Promise.all(
      ids.flatMap((id) =>
        [1, 2, 3, 4, 5].map((n) =>
          t.database.db.transaction((tx) => appendEvent(tx, event(id, n))),
        ),
      ),
    );
    await until(() => ids.every((id) => receivedFor(id).length >= 5), 'twenty events');
    for (const id of ids) {
      const written = await t.database.pool.query<{ id: string }>(
        'select id from domain_events where aggregate_id = $1 order by id',
        [id],
      );
      const delivered = received.filter((e) => e.aggregateId === id).map((e) => e.id);
      expect(delivered).toEqual(written.rows.map((row) => Number(row.id)));
    }
  });

  it('delivers an event whose transaction commits after a later one', async () => {
    const [late, early] = [await newTicket(), await newTicket()];
    const a = new pg.Client({ connectionString: t.database.url });
    const b = new pg.Client({ connectionString: t.database.url });
    await Promise.all([a.connect(), b.connect()]);
    const insert = (client: pg.Client, id: string) =>
      client.query(
        `insert into domain_events (tenant_id, aggregate, aggregate_id, type, payload)
         values ($1, 'ticket', $2, 'ticket.updated', '{"n": 1}')`,
        [tenant.tenantId, id],
      );
    try {
      await a.query('begin');
      await insert(a, late); // the smaller id...
      await b.query('begin');
      await insert(b, early);
      await b.query('commit'); // ...committed after the bigger one
      await outbox.relayNow();
      await a.query('commit');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    await until(
      () => receivedFor(late).length === 1 && receivedFor(early).length === 1,
      'both events',
    );
  });

  it('delivers again what a subscriber failed, without passing it', async () => {
    const id = await newTicket();
    await t.database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await appendEvent(tx, event(id, n));
    });
    const [, second] = (
      await t.database.pool.query<{ id: string }>(
        'select id from domain_events where aggregate_id = $1 order by id',
        [id],
      )
    ).rows.map((row) => Number(row.id));
    failOnce.add(second ?? 0);
    await outbox.relayNow();
    await until(() => receivedFor(id).length === 3, 'three events after a failure');
    expect(receivedFor(id)).toEqual([1, 2, 3]);
    expect(calls.get(second ?? 0)).toBe(2);
  });

  it("starts a new subscriber at the end: a ticket's earlier history is not delivered", async () => {
    await t.database.db.transaction((tx) => appendEvent(tx, event(historic, 1)));
    await until(() => receivedFor(historic).length > 0, 'the new event');
    expect(receivedFor(historic)).toEqual([1]);
  });

  it('sends comments through it (ticket.commented, then ticket.updated)', async () => {
    const id = await newTicket();
    const admin = await t.login(tenant.email('admin'));
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${id}/comments`,
      headers: bearer(admin),
      payload: { body: 'Đã nhận', public: true },
    });
    expect(response.statusCode).toBe(201);
    await until(() => received.filter((e) => e.aggregateId === id).length === 2, 'two events');
    expect(received.filter((e) => e.aggregateId === id).map((e) => e.type)).toEqual([
      'ticket.commented',
      'ticket.updated',
    ]);
  });
});
