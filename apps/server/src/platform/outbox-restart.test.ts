import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from './db.js';
import { appendEvent } from './outbox.js';
import { tenants, tickets } from '../db/schema/index.js';
import { testDatabaseUrl } from '../test/helpers.js';

/**
 * The outbox across a kill -9: the real server (src/main.ts) with the probe subscriber, which
 * records every event it receives, slowed so the kill lands mid-delivery. After a restart every
 * event has arrived, in id order per ticket; only the events being handled at the kill may come
 * twice.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = 41_000 + Math.floor(Math.random() * 2_000);
const TICKETS = 6;
const EVENTS_PER_TICKET = 20;
let dataDir = '';
let current: ChildProcess | undefined;
const database = connectDatabase(testDatabaseUrl(), 2);

async function start() {
  dataDir ||= await mkdtemp(path.join(os.tmpdir(), 'omnicare-outbox-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OUTBOX_PROBE: '1',
      OUTBOX_PROBE_DELAY_MS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  current = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('OmniCare is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

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

async function until(check: () => Promise<boolean>, what: string, ms = 25_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  if (current && current.exitCode === null && current.signalCode === null) {
    const done = exited(current);
    current.kill('SIGINT');
    await done;
  }
  await database.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('outbox across a kill -9', () => {
  it(
    'delivers every event after a restart, in order per ticket, none lost',
    { timeout: 120_000 },
    async () => {
      const first = await start();
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
                aggregate: 'ticket',
                aggregateId,
                type: 'ticket.updated',
                payload: { n },
                actorId: null,
              });
          }),
        ),
      );
      const total = TICKETS * EVENTS_PER_TICKET;
      // Mid-delivery: some events are in, most are not.
      await until(async () => (await receipts(ids)).length >= 10, 'first deliveries');
      const firstExit = exited(first);
      first.kill('SIGKILL');
      await firstExit;
      const beforeRestart = await receipts(ids);
      expect(new Set(beforeRestart.map((r) => r.eventId)).size).toBeLessThan(total);

      await start();
      await until(
        async () => new Set((await receipts(ids)).map((r) => r.eventId)).size === total,
        'every event after the restart',
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
