import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { AUTOMATION_BUDGET } from '@omnicare/shared/platform/constants';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { pruneBudgets, WORKFLOW_DEPTH_LIMIT } from './engine.service.js';
import { chain, insertWorkflow } from './engine.test-support.js';

// Backoffs and the tenant's pace become a thousandth: only the budget bounds these chains.
process.env.AUTOMATION_TIME_SCALE = '0.001';

let t: TestApp;
const wait = { timeout: OUTBOX_DELIVERY_WAIT_MS * 2, interval: 100 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Run {
  id: string;
  workflow_id: string;
  status: string;
  error: string | null;
  depth: number;
  event_id: string;
  origin_event_id: string;
}

const runsOfTenant = async (tenantId: string) =>
  (
    await t.database.pool.query<Run>(
      `select id, workflow_id, status, error, depth, event_id, origin_event_id from workflow_runs
       where tenant_id = $1 order by created_at, depth`,
      [tenantId],
    )
  ).rows;

const count = async (sql: string, values: unknown[]) =>
  Number((await t.database.pool.query<{ n: string }>(sql, values)).rows[0]?.n);

/** Completed ticket actions (create or update steps) of the tenant's runs. */
const ticketActionsDone = (tenantId: string) =>
  count(
    `select count(*) as n from workflow_run_steps
     where tenant_id = $1 and type in ('create_ticket', 'update_ticket') and status = 'completed'`,
    [tenantId],
  );

async function tenantWithAdmin() {
  const tenant = await seedTenant(t, 'Ngân sách');
  const admin = await t.login(tenant.email('admin'));
  return { tenant, admin };
}

async function createTicket(token: string, subject: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/tickets',
    headers: bearer(token),
    payload: { subject },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string };
}

const settled = (runs: Run[]) =>
  runs.every((run) => ['completed', 'failed', 'cancel'].includes(run.status));

describe('automation budget per starting event', () => {
  it('lets a workflow creating three tickets per new ticket create at most the budget in all', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const create = (id: string) => ({
      type: 'create_ticket',
      id,
      data: { subject: 'Sinh thêm từ {{ticket.code}}' },
    });
    await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({ event: 'ticket_created' }, [create('c1'), create('c2'), create('c3')]),
    );
    await createTicket(admin, 'Ticket gốc');
    // Settled: every ticket has its run (each new ticket starts one) and every run is over.
    const runs = await vi.waitFor(async () => {
      const all = await runsOfTenant(tenant.tenantId);
      const tickets = await count('select count(*) as n from tickets where tenant_id = $1', [
        tenant.tenantId,
      ]);
      expect(all.length).toBe(tickets);
      expect(settled(all)).toBe(true);
      return all;
    }, wait);
    const tickets = await count('select count(*) as n from tickets where tenant_id = $1', [
      tenant.tenantId,
    ]);
    // Without the budget: 3 + 9 + 27 + 81 + 243 = 363 tickets.
    expect(tickets - 1).toBe(AUTOMATION_BUDGET.ticketActions);
    expect(await ticketActionsDone(tenant.tenantId)).toBe(AUTOMATION_BUDGET.ticketActions);
    // One budget for the whole chain: every run's origin is the person's ticket's event.
    const root = runs.find((run) => run.depth === 0)!;
    expect(new Set(runs.map((run) => run.origin_event_id))).toEqual(new Set([root.event_id]));
    const failed = runs.filter((run) => run.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const run of failed)
      expect(run.error).toBe(M.budgetTicketActions(AUTOMATION_BUDGET.ticketActions));
    expect(M.budgetTicketActions(AUTOMATION_BUDGET.ticketActions)).toBe(
      'Vượt ngân sách tự động hóa: tối đa 20 thao tác tạo hoặc cập nhật ticket cho một sự kiện gốc',
    );
    // The refused block's step says so too, and nothing after it ran.
    const { rows: refused } = await t.database.pool.query<{ status: string; error: string }>(
      `select status, error from workflow_run_steps where run_id = $1 and type = 'create_ticket'
       order by seq desc limit 1`,
      [failed[0]!.id],
    );
    expect(refused[0]).toEqual({
      status: 'failed',
      error: M.budgetTicketActions(AUTOMATION_BUDGET.ticketActions),
    });
  });

  it("stops two workflows updating each other's ticket within the budget; a person's new edit starts a fresh one", async () => {
    const { tenant, admin } = await tenantWithAdmin();
    // Each change to the ticket runs both; each run changes the ticket again (63 runs from one
    // edit by depth alone).
    await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({ event: 'ticket_updated' }, [
        { type: 'update_ticket', id: 'upd', data: { status: 'pending' } },
      ]),
    );
    await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({ event: 'ticket_updated' }, [
        { type: 'update_ticket', id: 'upd', data: { status: 'open' } },
      ]),
    );
    const ticket = await createTicket(admin, 'Bóng bàn');
    const edit = async (subject: string) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/v2/tickets/${ticket._id}`,
        headers: bearer(admin),
        payload: { subject },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Settled: each ticket.updated event started its two runs and every run is over.
    const settle = () =>
      vi.waitFor(async () => {
        const all = await runsOfTenant(tenant.tenantId);
        const events = await count(
          `select count(*) as n from domain_events where aggregate_id = $1 and type = 'ticket.updated'`,
          [ticket._id],
        );
        expect(all.length).toBe(events * 2);
        expect(settled(all)).toBe(true);
        return all;
      }, wait);

    await edit('Khởi động');
    const first = await settle();
    expect(first.length).toBeLessThanOrEqual(AUTOMATION_BUDGET.runs);
    const afterFirst = await ticketActionsDone(tenant.tenantId);
    expect(afterFirst).toBeLessThanOrEqual(AUTOMATION_BUDGET.ticketActions);
    // Stopped by the budget, or, where one chain ran ahead of the others (a busy machine
    // schedules the runs so), by the depth limit first: either way within the budget.
    const failed = first.filter((run) => run.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const run of failed)
      expect([
        M.budgetTicketActions(AUTOMATION_BUDGET.ticketActions),
        M.depthLimit(WORKFLOW_DEPTH_LIMIT),
      ]).toContain(run.error);

    // The person's next edit is a starting event of its own: its runs change the ticket again.
    await edit('Lần nữa');
    const second = (await settle()).filter((run) => !first.some((one) => one.id === run.id));
    const origin = second.find((run) => run.depth === 0)!;
    expect(second.filter((run) => run.depth === 0).map((run) => run.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(new Set(second.map((run) => run.origin_event_id))).toEqual(new Set([origin.event_id]));
    expect(await ticketActionsDone(tenant.tenantId)).toBeGreaterThan(afterFirst);
  });

  it('records the runs past the budget of one event as failed, naming the budget', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const extra = 5;
    for (let index = 0; index < AUTOMATION_BUDGET.runs + extra; index++)
      await insertWorkflow(t.database, tenant.tenantId, chain({ event: 'ticket_created' }, []));
    await createTicket(admin, 'Nhiều kịch bản');
    const runs = await vi.waitFor(async () => {
      const all = await runsOfTenant(tenant.tenantId);
      expect(all.length).toBe(AUTOMATION_BUDGET.runs + extra);
      expect(settled(all)).toBe(true);
      return all;
    }, wait);
    expect(runs.filter((run) => run.status === 'completed')).toHaveLength(AUTOMATION_BUDGET.runs);
    const failed = runs.filter((run) => run.status === 'failed');
    expect(failed).toHaveLength(extra);
    for (const run of failed) expect(run.error).toBe(M.budgetRuns(AUTOMATION_BUDGET.runs));
    expect(M.budgetRuns(AUTOMATION_BUDGET.runs)).toBe(
      'Vượt ngân sách tự động hóa: tối đa 50 lần chạy cho một sự kiện gốc',
    );
  });

  it('prunes the budgets of starting events older than a day, keeping the recent ones', async () => {
    const { tenant } = await tenantWithAdmin();
    await t.database.pool.query(
      `insert into workflow_budgets (origin_event_id, tenant_id, runs, created_at)
       values (9000000001, $1, 3, now() - interval '25 hours'), (9000000002, $1, 3, now())`,
      [tenant.tenantId],
    );
    await pruneBudgets({ database: t.database });
    const { rows } = await t.database.pool.query<{ origin_event_id: string }>(
      'select origin_event_id from workflow_budgets where tenant_id = $1',
      [tenant.tenantId],
    );
    expect(rows.map((row) => row.origin_event_id)).toEqual(['9000000002']);
  });
});
