import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { SECRET_MASK } from '@omnicare/shared/automation/workflow-secrets';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { resumeRun, WORKFLOW_DEPTH_LIMIT } from './engine.service.js';
import {
  chain,
  insertWorkflow,
  recordingServer,
  setWorkflowStatus,
} from './engine.test-support.js';

// Backoffs of 1 s, 2 s… become 1 ms, 2 ms…; delays are fired early by the tests.
process.env.AUTOMATION_TIME_SCALE = '0.001';

let t: TestApp;
let hook: Awaited<ReturnType<typeof recordingServer>>;
const wait = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 50 };

beforeAll(async () => {
  t = await createTestApp();
  hook = await recordingServer((hit) =>
    hit.url.startsWith('/fail')
      ? { status: 500, body: 'boom' }
      : { status: 200, body: JSON.stringify({ ok: true, pad: 'x'.repeat(6000) }) },
  );
});
afterAll(async () => {
  await hook.close();
  await t.close();
});

interface Run {
  id: string;
  status: string;
  error: string | null;
  depth: number;
  ticket_id: string;
  current_node_id: string | null;
}
interface Step {
  node_id: string;
  type: string;
  status: string;
  attempt: number;
  output: Record<string, unknown> | null;
  error: string | null;
  seq: number;
}

const runsOf = async (workflowId: string) =>
  (
    await t.database.pool.query<Run>(
      `select id, status, error, depth, ticket_id, current_node_id from workflow_runs
       where workflow_id = $1 order by created_at, depth`,
      [workflowId],
    )
  ).rows;
const stepsOf = async (runId: string) =>
  (
    await t.database.pool.query<Step>(
      `select node_id, type, status, attempt, output, error, seq from workflow_run_steps
       where run_id = $1 order by seq`,
      [runId],
    )
  ).rows;

/** Waits for the workflow's runs to reach `count`, all in one of `statuses`. */
async function settledRuns(
  workflowId: string,
  count: number,
  statuses = ['completed', 'failed', 'cancel'],
) {
  return vi.waitFor(async () => {
    const runs = await runsOf(workflowId);
    expect(runs.length).toBeGreaterThanOrEqual(count);
    for (const run of runs) expect(statuses).toContain(run.status);
    return runs;
  }, wait);
}

async function tenantWithAdmin(
  settings: Record<string, unknown> = { allow_private_webhooks: true },
) {
  const tenant = await seedTenant(t, 'Tự động', settings);
  const admin = await t.login(tenant.email('admin'));
  return { tenant, admin };
}

async function createTicket(token: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/tickets',
    headers: bearer(token),
    payload: { subject: 'Mất mạng', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; code: string; status: string };
}

const webhook = (path: string, extra: Record<string, unknown> = {}) => ({
  type: 'webhook',
  data: {
    method: 'POST',
    url: `${hook.url}${path}`,
    headers: {
      Authorization: 'Bearer top-secret',
      'X-Api-Token': 'abc',
      'X-Ticket': '{{ticket.code}}',
    },
    body: '{"code":"{{ticket.code}}"}',
    ...extra,
  },
});

describe('automation engine', () => {
  it('starts one run per matching event and workflow, follows the branch, and traces every step', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const urgent = {
      logic: 'and' as const,
      items: [{ field: 'ticket.subject', operator: 'eq' as const, value: 'Gấp' }],
    };
    const flow = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({}, [
        { type: 'branch', id: 'if', data: { conditions: urgent } },
        { type: 'update_ticket', id: 'upd', data: { status: 'open' } },
        { ...webhook('/ok'), id: 'hook' },
      ]),
    );
    const onlyOpen = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain(
        {
          conditions: {
            logic: 'and',
            items: [{ field: 'ticket.status', operator: 'eq', value: 'pending' }],
          },
        },
        [],
      ),
    );
    const inactive = await insertWorkflow(t.database, tenant.tenantId, chain({}, []), 'inactive');
    const before = hook.hits.length;
    const yes = await createTicket(admin, { subject: 'Gấp' });
    const no = await createTicket(admin, { subject: 'Thường' });
    const runs = await settledRuns(flow, 2);
    expect(runs).toHaveLength(2);
    const byTicket = new Map(runs.map((run) => [run.ticket_id, run]));
    expect(byTicket.get(yes._id)?.status).toBe('completed');
    expect(byTicket.get(no._id)?.status).toBe('completed');

    const yesSteps = await stepsOf(byTicket.get(yes._id)!.id);
    expect(yesSteps.map((step) => [step.node_id, step.status])).toEqual([
      ['start', 'completed'],
      ['if', 'completed'],
      ['upd', 'completed'],
      ['hook', 'completed'],
      ['end', 'completed'],
    ]);
    expect(yesSteps[1]!.output).toEqual({ branch: 'yes' });
    const noSteps = await stepsOf(byTicket.get(no._id)!.id);
    expect(noSteps.map((step) => step.node_id)).toEqual(['start', 'if', 'end']);
    expect(noSteps[1]!.output).toEqual({ branch: 'no' });

    // The ticket changed through the tickets service (status, audit, its own event).
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${yes._id}`,
      headers: bearer(admin),
    });
    expect(ticket.json().data.status).toBe('open');
    const event = await t.database.pool.query<{
      payload: Record<string, unknown>;
      actor_id: string | null;
    }>(
      `select payload, actor_id from domain_events where aggregate_id = $1 and type = 'ticket.updated'`,
      [yes._id],
    );
    expect(event.rows[0]?.payload.workflow_depth).toBe(1);
    expect(event.rows[0]?.actor_id).toBeNull();
    // Its activity log names the workflow, not a person nor just 'the system'.
    const activity = await t.app.inject({
      method: 'GET',
      url: `/v2/tickets/${yes._id}/activities`,
      headers: bearer(admin),
    });
    expect(activity.json().data[0]).toMatchObject({
      kind: 'ticket.update',
      actor: null,
      via: { kind: 'workflow', name: 'Kịch bản thử', label: 'Tự động hóa: Kịch bản thử' },
    });

    // The webhook: one call, placeholders filled, the idempotency key, secrets masked in the trace.
    const yesRun = byTicket.get(yes._id)!;
    const calls = hook.hits.slice(before).filter((hit) => hit.url === '/ok');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['idempotency-key']).toBe(`${yesRun.id}:hook`);
    expect(calls[0]!.headers['x-ticket']).toBe(yes.code);
    expect(JSON.parse(calls[0]!.body)).toEqual({ code: yes.code });
    const trace = yesSteps[3]!.output as {
      request: { headers: Record<string, string> };
      response: { status: number; body: string; truncated: boolean };
    };
    expect(trace.request.headers.Authorization).toBe(SECRET_MASK);
    expect(trace.request.headers['X-Api-Token']).toBe(SECRET_MASK);
    expect(trace.request.headers['X-Ticket']).toBe(yes.code);
    expect(trace.response.status).toBe(200);
    expect(trace.response.body.length).toBe(4096);
    expect(trace.response.truncated).toBe(true);

    // No run where the conditions do not hold or the workflow is not active.
    expect(await runsOf(onlyOpen)).toHaveLength(0);
    expect(await runsOf(inactive)).toHaveLength(0);
  });

  it("traces a fresh run's first action, written once done, with its input and how long it took", async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const slow = await recordingServer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { status: 200, body: '{"ok":true}' };
    });
    try {
      const data = { method: 'POST', url: `${slow.url}/slow`, body: '{"code":"{{ticket.code}}"}' };
      const flow = await insertWorkflow(
        t.database,
        tenant.tenantId,
        chain({}, [
          { type: 'webhook', id: 'first', data },
          { type: 'update_ticket', id: 'then', data: { status: 'open' } },
        ]),
      );
      const ticket = await createTicket(admin, { subject: 'Chậm' });
      const [run] = await settledRuns(flow, 1);
      expect(run?.status).toBe('completed');
      const { rows } = await t.database.pool.query<{
        node_id: string;
        status: string;
        attempt: number;
        input: unknown;
        took: number;
      }>(
        `select node_id, status, attempt, input,
                extract(epoch from finished_at - created_at) * 1000 as took
         from workflow_run_steps where run_id = $1 order by seq`,
        [run!.id],
      );
      expect(rows.map((row) => [row.node_id, row.status, row.attempt])).toEqual([
        ['start', 'completed', 1],
        ['first', 'completed', 1],
        ['then', 'completed', 1],
        ['end', 'completed', 1],
      ]);
      const first = rows[1]!;
      expect(first.input).toEqual(data);
      // Its start is when the call began, not when the step was written.
      expect(Number(first.took)).toBeGreaterThanOrEqual(140);
      expect(slow.hits).toHaveLength(1);
      expect(JSON.parse(slow.hits[0]!.body)).toEqual({ code: ticket.code });
    } finally {
      await slow.close();
    }
  });

  it('starts no run for a tenant whose automation is disabled', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const flow = await insertWorkflow(t.database, tenant.tenantId, chain({}, []));
    await t.database.pool.query(
      `update tenants set settings = settings || '{"workflow":"disabled"}' where id = $1`,
      [tenant.tenantId],
    );
    const ticket = await createTicket(admin, {});
    // A second workflow-enabled tenant's event passes through the same subscriber after it.
    const other = await tenantWithAdmin();
    const witness = await insertWorkflow(t.database, other.tenant.tenantId, chain({}, []));
    await createTicket(other.admin, {});
    // The relay reads events in commit order: the witness ran, so the first event was passed.
    await settledRuns(witness, 1);
    // A tenant without an active workflow costs its events no delivery at all.
    const dispatched = await t.database.pool.query(
      `select 1 from outbox_progress where subscriber = 'automation' and aggregate_id = $1`,
      [ticket._id],
    );
    expect(dispatched.rowCount).toBe(0);
    expect(await runsOf(flow)).toHaveLength(0);
  });

  it('runs a workflow activated right after an event of a tenant that had none', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const flow = await insertWorkflow(t.database, tenant.tenantId, chain({}, []), 'inactive');
    // Seen with no active workflow: the tenant's "none" is remembered. A relay pass may not see
    // the event yet (a transaction older than it still open, in any database of the server, so
    // for longer than expect.poll's default second while other files run): relay until the
    // engine's cursor has passed it.
    const before = await createTicket(admin, {});
    await expect
      .poll(async () => {
        await t.app.platform.outbox.relayNow();
        const passed = await t.database.pool.query<{ ok: boolean }>(
          `select exists (
             select 1 from outbox_cursors c join domain_events e on e.aggregate_id = $1
             where c.subscriber = 'automation'
               and (c.transaction_id, c.event_id) >= (e.transaction_id, e.id)) as ok`,
          [before._id],
        );
        return passed.rows[0]?.ok;
      }, wait)
      .toBe(true);
    await setWorkflowStatus(t.database, flow, 'active');
    const after = await createTicket(admin, {});
    const runs = await settledRuns(flow, 1);
    expect(runs.map((run) => run.ticket_id)).toEqual([after._id]);
    expect(runs.map((run) => run.ticket_id)).not.toContain(before._id);
  });

  it('triggers on updates with changed_fields, and a redelivered event starts no second run', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const flow = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain(
        {
          event: 'ticket_updated',
          conditions: {
            logic: 'and',
            items: [{ field: 'changed_fields', operator: 'some', value: ['status'] }],
          },
        },
        [],
      ),
    );
    const ticket = await createTicket(admin, {});
    await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticket._id}`,
      headers: bearer(admin),
      payload: { subject: 'Đổi tên' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticket._id}`,
      headers: bearer(admin),
      payload: { status: 'pending' },
    });
    const [run] = await settledRuns(flow, 1);
    // Delivering the same event again (at least once) changes nothing.
    const events = await t.database.pool.query<{ id: string }>(
      `select id from domain_events where aggregate_id = $1 order by id`,
      [ticket._id],
    );
    await t.database.pool.query(
      `update outbox_progress set delivered_id = $2 where subscriber = 'automation' and aggregate_id = $1`,
      [ticket._id, Number(events.rows[0]!.id)],
    );
    await t.app.platform.outbox.relayNow();
    await t.app.platform.outbox.sweepNow();
    await vi.waitFor(async () => {
      const progress = await t.database.pool.query<{ delivered_id: string }>(
        `select delivered_id from outbox_progress where subscriber = 'automation' and aggregate_id = $1`,
        [ticket._id],
      );
      expect(Number(progress.rows[0]!.delivered_id)).toBe(Number(events.rows.at(-1)!.id));
    }, wait);
    const runs = await runsOf(flow);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.id).toBe(run!.id);
  });

  it('retries a failing block with backoff, recording each try, then fails the run with the error', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const flow = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({}, [{ ...webhook('/fail', { retries: 3 }), id: 'hook' }]),
    );
    const before = hook.hits.filter((hit) => hit.url === '/fail').length;
    await createTicket(admin, {});
    const [run] = await settledRuns(flow, 1);
    expect(run!.status).toBe('failed');
    expect(run!.error).toBe(M.webhookStatus(500));
    const steps = await stepsOf(run!.id);
    const step = steps.find((candidate) => candidate.node_id === 'hook')!;
    expect(step).toMatchObject({ status: 'failed', attempt: 3, error: M.webhookStatus(500) });
    expect((step.output as { response: { body: string } }).response.body).toBe('boom');
    const tries = hook.hits.filter((hit) => hit.url === '/fail').slice(before);
    expect(tries).toHaveLength(3);
    // Every try of the step carries the same idempotency key.
    expect(new Set(tries.map((hit) => hit.headers['idempotency-key']))).toEqual(
      new Set([`${run!.id}:hook`]),
    );
  });

  it('refuses webhooks to private addresses, and names resolving to them, unless the platform administrator allows them', async () => {
    const { tenant, admin } = await tenantWithAdmin({});
    // A public-looking name that the resolver answers with the loopback address.
    const lookup = dns.promises.lookup.bind(dns.promises);
    const spy = vi
      .spyOn(dns.promises, 'lookup')
      .mockImplementation(((hostname: string, options: dns.LookupAllOptions) =>
        hostname === 'hooks.example.com'
          ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
          : lookup(hostname, options)) as typeof dns.promises.lookup);
    try {
      const target = (id: string, url: string) =>
        insertWorkflow(
          t.database,
          tenant.tenantId,
          chain({}, [{ type: 'webhook', id, data: { method: 'GET', url, retries: 1 } }]),
        );
      const literal = await target('literal', `${hook.url}/private`);
      const named = await target('named', `http://localhost:${hook.port}/private`);
      const rebound = await target('rebound', `http://hooks.example.com:${hook.port}/private`);
      const before = hook.hits.length;
      await createTicket(admin, {});
      for (const [flow, host] of [
        [literal, '127.0.0.1'],
        [named, 'localhost'],
        [rebound, 'hooks.example.com'],
      ] as const) {
        const [run] = await settledRuns(flow, 1);
        expect(run, host).toMatchObject({ status: 'failed', error: M.webhookPrivate(host) });
      }
      expect(hook.hits.slice(before).filter((hit) => hit.url === '/private')).toHaveLength(0);

      // The platform administrator allows the tenant private targets (its own admin cannot).
      const platformAdmin = await t.login('admin@demo.vn');
      const config = (
        await t.app.inject({
          method: 'GET',
          url: `/v2/tenant/config/${tenant.tenantId}`,
          headers: bearer(platformAdmin),
        })
      ).json().data;
      const allowed = await t.app.inject({
        method: 'PUT',
        url: `/v2/tenant/config/${tenant.tenantId}`,
        headers: bearer(platformAdmin),
        payload: {
          name: config.name,
          time_zone: config.time_zone,
          data_scopes: config.data_scopes,
          workflow: config.workflow,
          allow_private_webhooks: true,
        },
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
      await createTicket(admin, {});
      for (const flow of [literal, named, rebound]) {
        const runs = await settledRuns(flow, 2);
        expect(runs.map((candidate) => candidate.status).sort()).toEqual(['completed', 'failed']);
      }
      expect(hook.hits.slice(before).filter((hit) => hit.url === '/private')).toHaveLength(3);
      expect(spy).toHaveBeenCalledWith('hooks.example.com', expect.anything());
    } finally {
      spy.mockRestore();
    }
  });

  it('sends the real secret headers after a save that sent their masks back', async () => {
    const { admin } = await tenantWithAdmin();
    const graph = chain({}, [{ ...webhook('/secret'), id: 'hook' }]);
    const steps = { ...graph, nodes: graph.nodes.map((node) => ({ ...node, name: node.id })) };
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/workflow',
      headers: bearer(admin),
      payload: { name: 'Bí mật', status: 'draft', workflow_steps: steps },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const read = await t.app.inject({
      method: 'GET',
      url: `/v2/workflow/${id}`,
      headers: bearer(admin),
    });
    const shown = read.json().data.workflow_steps;
    expect(shown.nodes[1].data.headers).toEqual({
      Authorization: SECRET_MASK,
      'X-Api-Token': SECRET_MASK,
      'X-Ticket': '{{ticket.code}}',
    });
    // The editor saves what it was shown, and publishes.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v2/workflow/${id}`,
      headers: bearer(admin),
      payload: { status: 'active', workflow_steps: shown },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.workflow_steps.nodes[1].data.headers.Authorization).toBe(SECRET_MASK);
    const ticket = await createTicket(admin, {});
    const [run] = await settledRuns(id, 1);
    expect(run?.status, run?.error ?? '').toBe('completed');
    const call = hook.hits.find((hit) => hit.headers['idempotency-key'] === `${run!.id}:hook`);
    expect(call?.headers).toMatchObject({
      authorization: 'Bearer top-secret',
      'x-api-token': 'abc',
      'x-ticket': ticket.code,
    });
    // The run history shows the block's input and the call with the secrets masked.
    const history = await t.app.inject({
      method: 'GET',
      url: `/v2/workflow/${id}/run-histories`,
      headers: bearer(admin),
    });
    const step = (
      history.json().data[0].steps as { step_id: string; input: unknown; output: unknown }[]
    ).find((candidate) => candidate.step_id === 'hook');
    expect(JSON.stringify(history.json())).not.toContain('top-secret');
    expect(step?.input).toMatchObject({ headers: { Authorization: SECRET_MASK } });
    expect(step?.output).toMatchObject({
      request: { headers: { Authorization: SECRET_MASK, 'X-Api-Token': SECRET_MASK } },
    });
  });

  it('stops a workflow that re-triggers itself at the depth limit, with a clear error', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    // Two workflows handing the ticket to each other: one run per round, so the chain reaches
    // the depth limit well within the starting event's budget.
    const status = (operator: 'eq' | 'neq') => ({
      conditions: {
        logic: 'and' as const,
        items: [{ field: 'ticket.status', operator, value: 'pending' }],
      },
    });
    const flow = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({ event: 'ticket_updated', ...status('neq') }, [
        { type: 'update_ticket', id: 'upd', data: { status: 'pending' } },
      ]),
    );
    const second = await insertWorkflow(
      t.database,
      tenant.tenantId,
      chain({ event: 'ticket_updated', ...status('eq') }, [
        { type: 'update_ticket', id: 'upd', data: { status: 'open' } },
      ]),
    );
    const ticket = await createTicket(admin, {});
    await t.app.inject({
      method: 'PUT',
      url: `/v2/tickets/${ticket._id}`,
      headers: bearer(admin),
      payload: { subject: 'Khởi động' },
    });
    const runs = await vi.waitFor(async () => {
      const all = [...(await runsOf(flow)), ...(await runsOf(second))];
      expect(all.some((run) => run.depth === WORKFLOW_DEPTH_LIMIT)).toBe(true);
      for (const run of all) expect(['completed', 'failed']).toContain(run.status);
      return all;
    }, wait);
    expect(runs.map((run) => run.depth).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const run of runs.filter((one) => one.depth < WORKFLOW_DEPTH_LIMIT))
      expect(run.status).toBe('completed');
    const deepest = runs.filter((run) => run.depth === WORKFLOW_DEPTH_LIMIT);
    for (const run of deepest) {
      expect(run.status).toBe('failed');
      expect(run.error).toBe(M.depthLimit(WORKFLOW_DEPTH_LIMIT));
    }
  });

  describe('delays', () => {
    const delayed = (conditions = { logic: 'and' as const, items: [] as never[] }) =>
      chain({ conditions }, [
        { type: 'delay', id: 'wait', data: { amount: 3, unit: 'days' } },
        { ...webhook('/after-delay'), id: 'hook' },
      ]);
    const waitingRun = async (workflowId: string) =>
      (await settledRuns(workflowId, 1, ['waiting']))[0]!;

    it('waits durably, then resumes from a fresh app exactly once', async () => {
      const { tenant, admin } = await tenantWithAdmin();
      const flow = await insertWorkflow(t.database, tenant.tenantId, delayed());
      await createTicket(admin, {});
      const run = await waitingRun(flow);
      const steps = await stepsOf(run.id);
      expect(steps.map((step) => [step.node_id, step.status])).toEqual([
        ['start', 'completed'],
        ['wait', 'waiting'],
      ]);
      // A second app (as after a restart) picks the job up when it is due: made due now.
      const fresh = await createTestApp();
      try {
        await t.database.pool.query(
          `update pgboss.job set start_after = now() where name = 'automation.resume' and singleton_key = $1`,
          [run.id],
        );
        const [done] = await settledRuns(flow, 1);
        expect(done!.status).toBe('completed');
      } finally {
        await fresh.close();
      }
      // Firing again (a duplicate job) does nothing.
      await resumeRun(t.app.platform, run.id);
      const calls = hook.hits.filter((hit) => hit.headers['idempotency-key'] === `${run.id}:hook`);
      expect(calls).toHaveLength(1);
      expect((await stepsOf(run.id)).map((step) => [step.node_id, step.status])).toEqual([
        ['start', 'completed'],
        ['wait', 'completed'],
        ['hook', 'completed'],
        ['end', 'completed'],
      ]);
    });

    it('cancels waiting runs when the workflow is unpublished, and at fire time when it is inactive', async () => {
      const { tenant, admin } = await tenantWithAdmin();
      const flow = await insertWorkflow(t.database, tenant.tenantId, delayed());
      await createTicket(admin, {});
      const first = await waitingRun(flow);
      const unpublished = await t.app.inject({
        method: 'PUT',
        url: `/v2/workflow/change-status/${flow}`,
        headers: bearer(admin),
        payload: { status: 'inactive' },
      });
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      await resumeRun(t.app.platform, first.id);
      const [cancelled] = await runsOf(flow);
      expect(cancelled).toMatchObject({ status: 'cancel', error: M.unpublished });
      expect((await stepsOf(first.id)).at(-1)).toMatchObject({ node_id: 'wait', status: 'cancel' });

      // Inactive at fire time without the API's cancellation: the engine's own re-check.
      await setWorkflowStatus(t.database, flow, 'active');
      await createTicket(admin, {});
      const second = (await settledRuns(flow, 2, ['waiting', 'cancel'])).find(
        (run) => run.status === 'waiting',
      )!;
      await setWorkflowStatus(t.database, flow, 'inactive');
      await resumeRun(t.app.platform, second.id);
      const after = (await runsOf(flow)).find((run) => run.id === second.id)!;
      expect(after).toMatchObject({ status: 'cancel', error: M.workflowInactive });
    });

    it('re-checks the trigger conditions on the ticket as it is when the delay fires', async () => {
      const { tenant, admin } = await tenantWithAdmin();
      const flow = await insertWorkflow(
        t.database,
        tenant.tenantId,
        delayed({
          logic: 'and',
          items: [{ field: 'ticket.status', operator: 'eq', value: 'new' } as never],
        }),
      );
      const ticket = await createTicket(admin, {});
      const run = await waitingRun(flow);
      await t.app.inject({
        method: 'PUT',
        url: `/v2/tickets/${ticket._id}`,
        headers: bearer(admin),
        payload: { status: 'solved' },
      });
      await resumeRun(t.app.platform, run.id);
      const [after] = await runsOf(flow);
      expect(after).toMatchObject({ status: 'cancel', error: M.conditionsNoLonger });
    });

    it('waits until a moment (offset_time, Asia/Bangkok)', async () => {
      const { tenant, admin } = await tenantWithAdmin();
      const flow = await insertWorkflow(
        t.database,
        tenant.tenantId,
        chain({}, [
          {
            type: 'wait_until',
            id: 'until',
            data: { timing: 'offset_time', days: 2, time: '08:30' },
          },
        ]),
      );
      await createTicket(admin, {});
      const run = await waitingRun(flow);
      const [step] = (await stepsOf(run.id)).filter((candidate) => candidate.node_id === 'until');
      const until = new Date(String(step!.output!.until));
      // 08:30 in Bangkok is 01:30 UTC, two days after the event's day there.
      expect(until.getUTCHours()).toBe(1);
      expect(until.getUTCMinutes()).toBe(30);
      const days = (until.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(1);
      expect(days).toBeLessThan(3);
      await resumeRun(t.app.platform, run.id);
      const [done] = await runsOf(flow);
      expect(done!.status).toBe('completed');
    });
  });

  describe('messages', () => {
    it('sends an email from a template through the real SMTP path', async () => {
      const received: string[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, callback) {
          let data = '';
          stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
          stream.on('end', () => {
            received.push(data);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const port = (smtp.server.address() as AddressInfo).port;
      // The engine of this app sends through SMTP; the suite's app stays the same.
      const withSmtp = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
      try {
        const { tenant, admin } = await tenantWithAdmin();
        const template = await t.database.pool.query<{ id: string }>(
          `insert into message_templates (tenant_id, kind, name, content, subject, visibility, owner_id)
           values ($1, 'email', 'Cảm ơn', 'Chào {{customer.name}}, ticket {{ticket.code}} đã nhận.',
                   'Ticket {{ticket.code}}', 'shared', $2) returning id`,
          [tenant.tenantId, tenant.id('admin')],
        );
        const flow = await insertWorkflow(
          t.database,
          tenant.tenantId,
          chain({}, [
            {
              type: 'send_email',
              id: 'mail',
              data: {
                template_id: template.rows[0]!.id,
                recipients: ['other', 'cc'],
                emails: ['khach@example.com'],
              },
            },
          ]),
        );
        // Either app's engine may take the event: the mail goes out through the SMTP server or,
        // from the app without SMTP_URL, into its outbox directory; exactly once either way.
        const ticket = await createTicket(admin, { cc: ['cc@example.com'] });
        const [run] = await settledRuns(flow, 1);
        expect(run!.status, run!.error ?? '').toBe('completed');
        const steps = await stepsOf(run!.id);
        expect(steps.find((step) => step.node_id === 'mail')!.output).toMatchObject({
          to: ['cc@example.com', 'khach@example.com'],
          subject: `Ticket ${ticket.code}`,
        });
        const all = [
          ...received,
          ...(await outboxMails(t.config.outboxDir)),
          ...(await outboxMails(withSmtp.config.outboxDir)),
        ];
        const mails = all.filter((mail) => mail.includes('khach@example.com'));
        expect(mails.length).toBe(1);
      } finally {
        await withSmtp.close();
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }
    });

    it('emails the requester and the assignee a subject and body written in the block, no template', async () => {
      const { tenant, admin } = await tenantWithAdmin();
      const customer = await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name: 'Trần Thị Mai', emails: [{ email: 'Mai.Tran@example.vn' }] },
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const flow = await insertWorkflow(
        t.database,
        tenant.tenantId,
        chain({}, [
          {
            type: 'send_email',
            id: 'mail',
            data: {
              recipients: ['requester', 'assignee'],
              subject: 'Đã nhận {{ticket.code}}',
              body: 'Chào {{customer.name}}, {{agent.name}} sẽ hỗ trợ bạn.',
            },
          },
        ]),
      );
      const ticket = await createTicket(admin, {
        requester_id: customer.json().data._id,
        assignee_id: tenant.id('admin'),
      });
      const [run] = await settledRuns(flow, 1);
      expect(run!.status, run!.error ?? '').toBe('completed');
      const steps = await stepsOf(run!.id);
      expect(steps.find((step) => step.node_id === 'mail')!.output).toMatchObject({
        to: ['mai.tran@example.vn', tenant.email('admin').toLowerCase()],
        subject: `Đã nhận ${ticket.code}`,
      });
      const mails = (await outboxMails(t.config.outboxDir)).filter((mail) =>
        mail.includes('mai.tran@example.vn'),
      );
      expect(mails.length).toBe(1);
      expect(mails[0]).toContain('Tr=E1=BA=A7n Th=E1=BB=8B Mai');
    });

    it('fails the step, naming why, when no recipient has an address', async () => {
      const { tenant, admin } = await tenantWithAdmin();
      const flow = await insertWorkflow(
        t.database,
        tenant.tenantId,
        chain({}, [
          {
            type: 'send_email',
            id: 'mail',
            data: { recipients: ['requester'], body: 'Xin chào', retries: 1 },
          },
        ]),
      );
      await createTicket(admin, {});
      const [run] = await settledRuns(flow, 1);
      expect(run!.status).toBe('failed');
      expect(run!.error).toContain(M.noRecipients);
    });
  });
});

async function outboxMails(dir: string) {
  const { readdir, readFile } = await import('node:fs/promises');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    names.filter((name) => name.endsWith('.eml')).map((name) => readFile(`${dir}/${name}`, 'utf8')),
  );
}
