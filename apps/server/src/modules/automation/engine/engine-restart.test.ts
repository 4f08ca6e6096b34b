import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../platform/db.js';
import { chain, insertWorkflow, recordingServer } from './engine.test-support.js';
import { testDatabaseUrl } from '../../../test/helpers.js';
import { exited, realServer, until } from '../../../test/real-server.js';

/**
 * Delayed runs across a kill -9: the real server (src/main.ts) starts 1,000 runs that wait on a
 * one-day delay, is killed with SIGKILL, and started again; the delays are then made due (their
 * pg-boss jobs moved to now, as the clock would). Every run finishes, and each webhook after the
 * delay is called exactly once.
 */
const RUNS = 1_000;
// The 1,000 runs start at once: the tenant's pace (600 a minute by default) would hold some
// back, and this test is about the delays.
const server = realServer({
  ports: 'engineRestart',
  env: { AUTOMATION_TIME_SCALE: '1', AUTOMATION_RUNS_PER_MINUTE: '100000' },
});
const database = connectDatabase(testDatabaseUrl(), 2);
const slowly = { ms: 240_000, every: 200 };

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('delayed runs across a kill -9', () => {
  it('loses none of 1,000 waiting runs and fires none twice', { timeout: 300_000 }, async () => {
    const hook = await recordingServer();
    try {
      const slug = `kill${Date.now().toString(36)}`;
      const tenant = await database.pool.query<{ id: string }>(
        `insert into tenants (slug, name, settings) values ($1, $1,
           '{"workflow":"enabled","allow_private_webhooks":true}') returning id`,
        [slug],
      );
      const tenantId = tenant.rows[0]!.id;
      const flow = await insertWorkflow(
        database,
        tenantId,
        chain({}, [
          { type: 'delay', id: 'wait', data: { amount: 1, unit: 'days' } },
          { type: 'webhook', id: 'hook', data: { method: 'POST', url: `${hook.url}/after` } },
        ]),
      );
      const count = async (status: string) =>
        Number(
          (
            await database.pool.query<{ n: string }>(
              'select count(*) as n from workflow_runs where workflow_id = $1 and status = $2',
              [flow, status],
            )
          ).rows[0]!.n,
        );

      const first = await server.start();
      const tickets = await database.pool.query<{ id: string }>(
        `insert into tickets (tenant_id, subject) select $1, 'Chờ ' || g from generate_series(1, $2) g
         returning id`,
        [tenantId, RUNS],
      );
      await database.pool.query(
        `insert into domain_events (tenant_id, aggregate, aggregate_id, type, payload)
         select $1, 'ticket', id, 'ticket.created', '{}' from unnest($2::uuid[]) id`,
        [tenantId, tickets.rows.map((row) => row.id)],
      );
      // Waiting, each with its job sent (a run whose job a crash lost before it was sent is
      // resumed by the sweep once its moment is 30 s past, a day away here).
      const jobs = async () =>
        Number(
          (
            await database.pool.query<{ n: string }>(
              `select count(*) as n from pgboss.job where name = 'automation.resume'
               and (data->>'run_id')::uuid in (select id from workflow_runs where workflow_id = $1)`,
              [flow],
            )
          ).rows[0]!.n,
        );
      await until(
        async () => (await count('waiting')) === RUNS && (await jobs()) === RUNS,
        'every run waiting',
        slowly,
      );
      const firstExit = exited(first);
      first.kill('SIGKILL');
      await firstExit;
      expect(hook.hits).toHaveLength(0);

      await server.start();
      // The day has passed: the delays' jobs come due.
      await database.pool.query(
        `update pgboss.job set start_after = now()
         where name = 'automation.resume' and state = 'created'
           and (data->>'run_id')::uuid in (select id from workflow_runs where workflow_id = $1)`,
        [flow],
      );
      await until(async () => (await count('completed')) === RUNS, 'every run completed', slowly);
      await hook.received(RUNS);
      const keys = hook.hits.map((hit) => String(hit.headers['idempotency-key']));
      expect(keys).toHaveLength(RUNS);
      expect(new Set(keys).size).toBe(RUNS);
      const runs = await database.pool.query<{ id: string }>(
        'select id from workflow_runs where workflow_id = $1',
        [flow],
      );
      expect(runs.rows).toHaveLength(RUNS);
      expect(new Set(keys)).toEqual(new Set(runs.rows.map((row) => `${row.id}:hook`)));
    } finally {
      await hook.close();
    }
  });
});
