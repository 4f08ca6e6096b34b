import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { chain, insertWorkflow } from './engine.test-support.js';

// One run a minute per tenant, a minute lasting 3 s here: a run's turn comes 3 s after the one
// before it (the tickets' events, made at once, all come well within that).
process.env.AUTOMATION_TIME_SCALE = '0.05';
process.env.AUTOMATION_RUNS_PER_MINUTE = '1';
const TURN_MS = 60_000 * 0.05;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Run {
  id: string;
  status: string;
  context: { queued_until?: string };
  started: Date;
}

describe("a tenant's pace of workflow runs", () => {
  it('makes the runs over the rate wait for their turn, then runs them all', async () => {
    const tenant = await seedTenant(t, 'Nhịp chạy');
    const admin = await t.login(tenant.email('admin'));
    const flow = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({ event: 'ticket_created' }, [
        { type: 'update_ticket', id: 'upd', data: { status: 'open' } },
      ]),
    );
    const tickets = 3;
    const made = await Promise.all(
      Array.from({ length: tickets }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/v2/tickets',
          headers: bearer(admin),
          payload: { subject: `Nhịp ${index + 1}` },
        }),
      ),
    );
    for (const response of made) expect(response.statusCode, response.body).toBe(201);
    const runs = await vi.waitFor(
      async () => {
        const { rows } = await t.database.pool.query<Run>(
          `select r.id, r.status, r.context,
                  (select min(s.created_at) from workflow_run_steps s where s.run_id = r.id) as started
           from workflow_runs r where r.workflow_id = $1 order by r.created_at`,
          [flow],
        );
        expect(rows).toHaveLength(tickets);
        for (const run of rows) expect(run.status).toBe('completed');
        return rows;
      },
      { timeout: OUTBOX_DELIVERY_WAIT_MS * 2, interval: 100 },
    );
    // None dropped: every ticket was opened by its run.
    const { rows: statuses } = await t.database.pool.query<{ status: string }>(
      'select status from tickets where tenant_id = $1',
      [tenant.tenantId],
    );
    expect(statuses.map((row) => row.status)).toEqual(Array(tickets).fill('open'));
    // The first ran at once; each other one waited for its turn, a turn after the one before,
    // and started no earlier.
    const queued = runs.filter((run) => run.context.queued_until);
    expect(queued.length).toBe(tickets - 1);
    const turns = queued
      .map((run) => new Date(run.context.queued_until!).getTime())
      .sort((a, b) => a - b);
    for (let index = 1; index < turns.length; index++)
      expect(turns[index]! - turns[index - 1]!).toBeGreaterThanOrEqual(TURN_MS - 1);
    for (const run of queued)
      expect(run.started.getTime()).toBeGreaterThanOrEqual(
        new Date(run.context.queued_until!).getTime(),
      );
  });
});
