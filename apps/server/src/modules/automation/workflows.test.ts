import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  WORKFLOW_MESSAGES,
  WORKFLOW_REFERENCE_MESSAGES,
} from '@omnicare/shared/automation/workflow.schemas';
import { WORKFLOW_BLOCK_MESSAGES } from '@omnicare/shared/automation/workflow-blocks';
import { TENANT_FEATURES } from '@omnicare/shared/tenants/features';
import {
  SECRET_MASK,
  WORKFLOW_SECRET_MESSAGES,
} from '@omnicare/shared/automation/workflow-secrets';
import { workflows } from '../../db/schema/automation.js';
import { tenants } from '../../db/schema/tenants.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import * as repo from './workflows.repository.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let leader: string;
let supervisor: string;
let agent: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Tự động');
  other = await seedTenant(t, 'Khác');
  [admin, leader, supervisor, agent, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('leader')),
    t.login(tenant.email('supervisor')),
    t.login(tenant.email('agent')),
    t.login(other.email('admin')),
  ]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token = admin, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A graph that passes every publish rule: start → update ticket → end. */
const validSteps = (status = 'open', conditions: Record<string, unknown>[] = []) => ({
  trigger: {
    target: 'tickets',
    event: 'ticket_created',
    title: 'Khi ticket được tạo',
    conditions: { logic: 'and', items: conditions },
  },
  nodes: [
    { id: 'start', type: 'start', name: 'Bắt đầu', data: {}, position: { x: 0, y: 0 } },
    {
      id: 'update',
      type: 'update_ticket',
      name: 'Mở ticket',
      data: { status },
      position: { x: 0, y: 100 },
    },
    { id: 'end', type: 'end', name: 'Kết thúc', data: {}, position: { x: 0, y: 200 } },
  ],
  edges: [
    { source: 'start', target: 'update' },
    { source: 'update', target: 'end' },
  ],
});

async function createWorkflow(body: Record<string, unknown>, token = admin) {
  const response = await call('POST', '/v2/workflow', token, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; name: string; status: string };
}

describe('workflow CRUD', () => {
  it('creates an empty draft from a name alone, with its creator', async () => {
    const response = await call('POST', '/v2/workflow', admin, { name: '  Chào khách mới  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(WORKFLOW_MESSAGES.created);
    expect(body.data).toMatchObject({
      name: 'Chào khách mới',
      description: '',
      status: 'draft',
      created_by: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      updated_by: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      workflow_steps: {
        trigger: { target: 'tickets', event: 'ticket_created', title: '' },
        nodes: [],
        edges: [],
      },
    });
    const read = await call('GET', `/v2/workflow/${body.data._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(body.data);
  });

  it('refuses a blank name with the whole 422 body', async () => {
    const response = await call('POST', '/v2/workflow', admin, { name: '   ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      message: WORKFLOW_MESSAGES.nameRequired,
      errors: [{ param: 'name', message: WORKFLOW_MESSAGES.nameRequired }],
    });
  });

  it('lists newest change first, pages, and searches names without case or diacritics', async () => {
    const first = await createWorkflow({ name: 'Nhắc Khách Hàng VIP' });
    const second = await createWorkflow({ name: 'Đóng ticket tồn đọng' });
    // Touching the first moves it to the top.
    expect(
      (await call('PUT', `/v2/workflow/${first._id}`, admin, { description: 'ghi chú' }))
        .statusCode,
    ).toBe(200);
    const page = await call('GET', '/v2/workflow?page=1&page_size=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((w: { _id: string }) => w._id)).toEqual([first._id, second._id]);
    expect(page.json().total).toBeGreaterThanOrEqual(3);
    const search = await call('GET', `/v2/workflow?name=${encodeURIComponent('khach hang vip')}`);
    expect(search.json()).toMatchObject({ statusCode: 200, total: 1 });
    expect(search.json().data[0]._id).toBe(first._id);
    const dong = await call('GET', `/v2/workflow?name=${encodeURIComponent('DONG TICKET')}`);
    expect(dong.json().data.map((w: { _id: string }) => w._id)).toEqual([second._id]);
  });

  it('updates only the fields given, raises the version and moves trigger_event with a new graph', async () => {
    const workflow = await createWorkflow({ name: 'Phiên bản' });
    const [before] = await t.database.db
      .select()
      .from(workflows)
      .where(eq(workflows.id, workflow._id));
    const steps = {
      ...validSteps(),
      trigger: { ...validSteps().trigger, event: 'ticket_updated' },
    };
    const response = await call('PUT', `/v2/workflow/${workflow._id}`, leader, {
      workflow_steps: steps,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(WORKFLOW_MESSAGES.updated);
    expect(response.json().data).toMatchObject({
      name: 'Phiên bản',
      status: 'draft',
      updated_by: { _id: tenant.id('leader'), name: 'Trưởng Nhóm' },
    });
    const [after] = await t.database.db
      .select()
      .from(workflows)
      .where(eq(workflows.id, workflow._id));
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(after?.triggerEvent).toBe('ticket_updated');
    // A rename keeps the version.
    await call('PUT', `/v2/workflow/${workflow._id}`, admin, { name: 'Phiên bản 2' });
    const [renamed] = await t.database.db
      .select()
      .from(workflows)
      .where(eq(workflows.id, workflow._id));
    expect(renamed?.version).toBe(after?.version);
    expect(renamed?.name).toBe('Phiên bản 2');
  });

  it('deletes, then answers 404 with the automation message', async () => {
    const workflow = await createWorkflow({ name: 'Xóa tôi' });
    const response = await call('DELETE', `/v2/workflow/${workflow._id}`);
    expect(response.json()).toEqual({
      statusCode: 200,
      message: WORKFLOW_MESSAGES.deleted,
      data: null,
    });
    const gone = await call('GET', `/v2/workflow/${workflow._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ statusCode: 404, message: WORKFLOW_MESSAGES.notFound });
  });
});

describe('status changes', () => {
  it('publishes an inactive workflow and stops an active one', async () => {
    const workflow = await createWorkflow({
      name: 'Bật tắt',
      status: 'inactive',
      workflow_steps: validSteps(),
    });
    expect(workflow.status).toBe('inactive');
    const on = await call('PUT', `/v2/workflow/change-status/${workflow._id}`, supervisor, {
      status: 'active',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: WORKFLOW_MESSAGES.updated,
      data: { status: 'active' },
    });
    const off = await call('PUT', `/v2/workflow/change-status/${workflow._id}`, admin, {
      status: 'inactive',
    });
    expect(off.json().data.status).toBe('inactive');
  });

  it('refuses every other move with the whole 422 body', async () => {
    const draft = await createWorkflow({ name: 'Nháp', workflow_steps: validSteps() });
    const active = await createWorkflow({
      name: 'Đang chạy',
      status: 'active',
      workflow_steps: validSteps(),
    });
    const refused = {
      statusCode: 422,
      message: WORKFLOW_MESSAGES.statusChange,
      errors: [{ param: 'status', message: WORKFLOW_MESSAGES.statusChange }],
    };
    for (const [id, status] of [
      [draft._id, 'active'],
      [draft._id, 'inactive'],
      [draft._id, 'draft'],
      [active._id, 'active'],
      [active._id, 'draft'],
    ] as const) {
      const response = await call('PUT', `/v2/workflow/change-status/${id}`, admin, { status });
      expect(response.statusCode, `${id} → ${status}`).toBe(422);
      expect(response.json()).toEqual(refused);
    }
    const bad = await call('PUT', `/v2/workflow/change-status/${draft._id}`, admin, {
      status: 'on',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      statusCode: 422,
      message: 'Trạng thái không hợp lệ',
      errors: [{ param: 'status', message: 'Trạng thái không hợp lệ' }],
    });
  });

  it('checks the graph when an inactive workflow with a broken graph is published', async () => {
    const broken = await createWorkflow({
      name: 'Hỏng',
      status: 'inactive',
      workflow_steps: { nodes: [], edges: [] },
    });
    const response = await call('PUT', `/v2/workflow/change-status/${broken._id}`, admin, {
      status: 'active',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      message: WORKFLOW_MESSAGES.invalidGraph,
      errors: [
        { param: 'trigger.title', message: WORKFLOW_BLOCK_MESSAGES.triggerTitle },
        { param: 'graph', message: WORKFLOW_BLOCK_MESSAGES.startCount },
        { param: 'graph', message: WORKFLOW_BLOCK_MESSAGES.endMissing },
      ],
    });
  });
});

describe('publish validation', () => {
  it('shows each problem on its block, references to missing records included', async () => {
    const missing = '6f1c2a52-8d0e-4b3a-9c71-2f4e5d6a7b80';
    const steps = validSteps();
    steps.nodes.splice(
      2,
      0,
      {
        id: 'mail',
        type: 'send_email',
        name: 'Gửi mail',
        data: { template_id: missing, recipients: ['group'], group_ids: [missing] } as never,
        position: { x: 0, y: 150 },
      },
      {
        id: 'wait',
        type: 'delay',
        name: '',
        data: { amount: 0, unit: 'minutes' } as never,
        position: { x: 0, y: 170 },
      },
    );
    steps.nodes[1] = { ...steps.nodes[1]!, data: { priority_id: missing } as never };
    steps.edges = [
      { source: 'start', target: 'update' },
      { source: 'update', target: 'mail' },
      { source: 'mail', target: 'wait' },
      { source: 'wait', target: 'end' },
    ];
    const response = await call('POST', '/v2/workflow', admin, {
      name: 'Không hợp lệ',
      status: 'active',
      workflow_steps: steps,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      message: WORKFLOW_MESSAGES.invalidGraph,
      errors: [
        { param: 'nodes.wait.name', message: WORKFLOW_BLOCK_MESSAGES.nameRequired },
        { param: 'nodes.wait.amount', message: WORKFLOW_BLOCK_MESSAGES.amountInvalid },
        { param: 'nodes.update.priority_id', message: WORKFLOW_REFERENCE_MESSAGES.priority },
        { param: 'nodes.mail.template_id', message: WORKFLOW_REFERENCE_MESSAGES.template },
        { param: 'nodes.mail.group_ids.0', message: WORKFLOW_REFERENCE_MESSAGES.department },
      ],
    });
    // The same graph saves as a draft.
    const draft = await call('POST', '/v2/workflow', admin, {
      name: 'Nháp dở',
      workflow_steps: steps,
    });
    expect(draft.statusCode).toBe(201);
    // And an active workflow saved with it is refused, keeping what it had.
    const active = await createWorkflow({
      name: 'Hoạt động',
      status: 'active',
      workflow_steps: validSteps(),
    });
    const save = await call('PUT', `/v2/workflow/${active._id}`, admin, { workflow_steps: steps });
    expect(save.statusCode).toBe(422);
    const kept = (await call('GET', `/v2/workflow/${active._id}`)).json().data;
    expect(kept.workflow_steps.nodes.map((node: { id: string }) => node.id)).toEqual([
      'start',
      'update',
      'end',
    ]);
  });

  it('accepts references that exist in the tenant, not in another one', async () => {
    const priority = await call('POST', '/v2/priorities', admin, {
      name: 'Gấp tự động',
      color: '#ff0000',
    });
    const otherPriority = await call('POST', '/v2/priorities', otherAdmin, {
      name: 'Gấp khác',
      color: '#ff0000',
    });
    expect(priority.statusCode, priority.body).toBe(201);
    expect(otherPriority.statusCode, otherPriority.body).toBe(201);
    const steps = validSteps();
    steps.nodes[1] = {
      ...steps.nodes[1]!,
      data: { priority_id: priority.json().data._id } as never,
    };
    const ok = await call('POST', '/v2/workflow', admin, {
      name: 'Ưu tiên',
      status: 'active',
      workflow_steps: steps,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    steps.nodes[1] = {
      ...steps.nodes[1]!,
      data: { priority_id: otherPriority.json().data._id } as never,
    };
    const refused = await call('POST', '/v2/workflow', admin, {
      name: 'Ưu tiên khác',
      status: 'active',
      workflow_steps: steps,
    });
    expect(refused.json().errors).toEqual([
      { param: 'nodes.update.priority_id', message: WORKFLOW_REFERENCE_MESSAGES.priority },
    ]);
  });

  it('knows the tenant custom fields in trigger conditions', async () => {
    const field = await call('POST', '/v2/fields', admin, {
      entity: 'ticket',
      key: 'vip',
      label: 'VIP',
      type: 'checkbox',
    });
    expect(field.statusCode, field.body).toBe(201);
    const steps = validSteps();
    steps.trigger.conditions = {
      logic: 'and',
      items: [{ field: 'ticket.custom.vip', operator: 'eq', value: true }] as never,
    };
    const ok = await call('POST', '/v2/workflow', admin, {
      name: 'VIP',
      status: 'active',
      workflow_steps: steps,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    steps.trigger.conditions = {
      logic: 'and',
      items: [{ field: 'ticket.custom.khong_co', operator: 'eq', value: true }] as never,
    };
    const refused = await call('POST', '/v2/workflow', admin, {
      name: 'VIP 2',
      status: 'active',
      workflow_steps: steps,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.map((e: { param: string }) => e.param)).toEqual([
      'trigger.conditions.items.0.field',
    ]);
  });
});

describe('clone', () => {
  it('copies as a draft named with the suffix, created by the caller', async () => {
    const source = await createWorkflow({
      name: 'Gốc',
      status: 'active',
      workflow_steps: validSteps(),
    });
    const response = await call('POST', `/v2/workflow/clone/${source._id}`, leader);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(WORKFLOW_MESSAGES.copied);
    expect(response.json().data).toMatchObject({
      name: 'Gốc (bản sao)',
      status: 'draft',
      created_by: { _id: tenant.id('leader'), name: 'Trưởng Nhóm' },
      workflow_steps: validSteps(),
    });
    expect(response.json().data._id).not.toBe(source._id);
  });

  it('keeps a long name within the limit', async () => {
    const source = await createWorkflow({ name: 'N'.repeat(255) });
    const copy = (await call('POST', `/v2/workflow/clone/${source._id}`)).json().data;
    expect(copy.name).toHaveLength(255);
    expect(copy.name.endsWith(' (bản sao)')).toBe(true);
  });
});

describe('access', () => {
  it('lets every staff role read and refuses an agent every change with 401', async () => {
    const workflow = await createWorkflow({
      name: 'Quyền',
      status: 'inactive',
      workflow_steps: validSteps(),
    });
    expect((await call('GET', '/v2/workflow', agent)).statusCode).toBe(200);
    expect((await call('GET', `/v2/workflow/${workflow._id}`, agent)).statusCode).toBe(200);
    expect(
      (await call('GET', `/v2/workflow/${workflow._id}/run-histories`, agent)).statusCode,
    ).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/v2/workflow', { name: 'x' }],
      ['PUT', `/v2/workflow/${workflow._id}`, { name: 'x' }],
      ['PUT', `/v2/workflow/change-status/${workflow._id}`, { status: 'active' }],
      ['POST', `/v2/workflow/clone/${workflow._id}`, undefined],
      ['DELETE', `/v2/workflow/${workflow._id}`, undefined],
    ] as const) {
      const response = await call(method, url, agent, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', `/v2/workflow/${workflow._id}`)).json().data.status).toBe('inactive');
  });

  it("answers another tenant's workflow with 404", async () => {
    const workflow = await createWorkflow({
      name: 'Riêng',
      status: 'inactive',
      workflow_steps: validSteps(),
    });
    const notFound = { statusCode: 404, message: WORKFLOW_MESSAGES.notFound };
    for (const [method, url, body] of [
      ['GET', `/v2/workflow/${workflow._id}`, undefined],
      ['GET', `/v2/workflow/${workflow._id}/run-histories`, undefined],
      ['PUT', `/v2/workflow/${workflow._id}`, { name: 'x' }],
      ['PUT', `/v2/workflow/change-status/${workflow._id}`, { status: 'active' }],
      ['POST', `/v2/workflow/clone/${workflow._id}`, undefined],
      ['DELETE', `/v2/workflow/${workflow._id}`, undefined],
    ] as const) {
      const response = await call(method, url, otherAdmin, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    const list = await call('GET', '/v2/workflow?page_size=100', otherAdmin);
    expect(list.json().data.map((w: { _id: string }) => w._id)).not.toContain(workflow._id);
    expect((await call('GET', `/v2/workflow/${workflow._id}`)).json().data.name).toBe('Riêng');
  });

  it('answers every endpoint with 404 while the tenant has automation off', async () => {
    const off = await seedTenant(t, 'Tắt');
    const token = await t.login(off.email('admin'));
    const made = await call('POST', '/v2/workflow', token, { name: 'Trước khi tắt' });
    expect(made.statusCode).toBe(201);
    const id = made.json().data._id as string;
    await t.database.db
      .update(tenants)
      .set({ settings: { workflow: 'disabled' } })
      .where(eq(tenants.id, off.tenantId));
    // Written behind the server's back: its remembered sessions forget once the notice is heard.
    await t.app.platform.memo.settled();
    const disabled = { statusCode: 404, message: TENANT_FEATURES.automation.offMessage };
    for (const [method, url, body] of [
      ['GET', '/v2/workflow', undefined],
      ['GET', `/v2/workflow/${id}`, undefined],
      ['GET', `/v2/workflow/${id}/run-histories`, undefined],
      ['POST', '/v2/workflow', { name: 'x' }],
      ['PUT', `/v2/workflow/${id}`, { name: 'x' }],
      ['PUT', `/v2/workflow/change-status/${id}`, { status: 'active' }],
      ['POST', `/v2/workflow/clone/${id}`, undefined],
      ['DELETE', `/v2/workflow/${id}`, undefined],
    ] as const) {
      const response = await call(method, url, token, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual(disabled);
    }
  });
});

describe('run histories and cancelling waiting runs', () => {
  let workflowId: string;
  let runIds: Record<string, string>;

  beforeAll(async () => {
    // Active, on a trigger these tickets do not meet: the runs listed are the ones made below.
    const workflow = await createWorkflow({
      name: 'Có lịch sử',
      status: 'active',
      workflow_steps: validSteps('open', [
        { field: 'ticket.subject', operator: 'eq', value: 'Không ticket nào có tiêu đề này' },
      ]),
    });
    workflowId = workflow._id;
    const ticket = async (subject: string, customer: string) => {
      const requester = await call('POST', '/v2/customers', admin, { name: customer });
      expect(requester.statusCode, requester.body).toBe(201);
      const made = await call('POST', '/v2/tickets', admin, {
        subject,
        requester_id: requester.json().data._id,
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data as { _id: string; number: number };
    };
    const refund = await ticket('Hoàn tiền đơn hàng', 'Nguyễn Thị Hồng');
    const delivery = await ticket('Giao hàng chậm', 'Trần Văn Bình');
    const db = t.database.db;
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const run = (
      status: 'completed' | 'failed' | 'waiting',
      ticketId: string,
      minutes: number,
      error: string | null = null,
    ) =>
      repo.insertRun(
        db,
        {
          tenantId: tenant.tenantId,
          workflowId,
          workflowVersion: 1,
          eventId: 1_000_000 + minutes,
          ticketId,
          status,
          error,
          startTime: at(minutes),
          finishedAt: status === 'waiting' ? null : at(minutes + 1),
          currentNodeId: status === 'waiting' ? 'update' : null,
        },
        [
          // Given out of order: the answer sorts by seq.
          {
            nodeId: 'update',
            stepName: 'Mở ticket',
            type: 'update_ticket',
            status: status === 'completed' ? 'completed' : status,
            attempt: status === 'failed' ? 3 : 1,
            input: { status: 'open' },
            output: status === 'completed' ? { changed: ['status'] } : null,
            error,
            seq: 2,
            startedAt: at(minutes),
            finishedAt: status === 'waiting' ? null : new Date(at(minutes).getTime() + 1500),
          },
          {
            nodeId: 'start',
            stepName: 'Bắt đầu',
            type: 'start',
            status: 'completed',
            seq: 1,
            startedAt: at(minutes),
            finishedAt: at(minutes),
          },
        ],
      );
    runIds = {
      oldest: await run('completed', refund._id, 1),
      failed: await run('failed', delivery._id, 2, 'Máy chủ trả về 500'),
      waiting: await run('waiting', refund._id, 3),
    };
  });

  const histories = (query = '', token = admin) =>
    call('GET', `/v2/workflow/${workflowId}/run-histories${query}`, token);

  it('lists runs newest first, each with its ticket, customer and ordered steps', async () => {
    const response = await histories();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.data.map((run: { _id: string }) => run._id)).toEqual([
      runIds.waiting,
      runIds.failed,
      runIds.oldest,
    ]);
    const failed = body.data[1];
    expect(failed).toMatchObject({
      start_time: '2026-01-01T00:02:00.000Z',
      ticket: { subject: 'Giao hàng chậm' },
      requester: { name: 'Trần Văn Bình' },
      status: 'failed',
      error: 'Máy chủ trả về 500',
      finished_at: '2026-01-01T00:03:00.000Z',
    });
    expect(failed.ticket.code).toMatch(/^#\d{6}$/);
    expect(failed.steps).toEqual([
      {
        step_id: 'start',
        step_name: 'Bắt đầu',
        type: 'start',
        status: 'completed',
        attempt: 1,
        input: null,
        output: null,
        error: null,
        started_at: '2026-01-01T00:02:00.000Z',
        finished_at: '2026-01-01T00:02:00.000Z',
        duration_ms: 0,
      },
      {
        step_id: 'update',
        step_name: 'Mở ticket',
        type: 'update_ticket',
        status: 'failed',
        attempt: 3,
        input: { status: 'open' },
        output: null,
        error: 'Máy chủ trả về 500',
        started_at: '2026-01-01T00:02:00.000Z',
        finished_at: '2026-01-01T00:02:01.500Z',
        duration_ms: 1500,
      },
    ]);
  });

  it('pages, filters by status and searches ticket code, subject and customer name', async () => {
    const page2 = (await histories('?page=2&page_size=2')).json();
    expect(page2.total).toBe(3);
    expect(page2.data.map((run: { _id: string }) => run._id)).toEqual([runIds.oldest]);
    const failed = (await histories('?status=failed')).json();
    expect(failed.data.map((run: { _id: string }) => run._id)).toEqual([runIds.failed]);
    expect((await histories('?status=all')).json().total).toBe(3);
    const byCustomer = (await histories(`?search=${encodeURIComponent('  nguyen thi  ')}`)).json();
    expect(byCustomer.data.map((run: { _id: string }) => run._id)).toEqual([
      runIds.waiting,
      runIds.oldest,
    ]);
    const bySubject = (await histories(`?search=${encodeURIComponent('giao hang')}`)).json();
    expect(bySubject.data.map((run: { _id: string }) => run._id)).toEqual([runIds.failed]);
    const code = (await histories('?status=failed')).json().data[0].ticket.code as string;
    const byCode = (await histories(`?search=${encodeURIComponent(code)}`)).json();
    expect(byCode.data.map((run: { _id: string }) => run._id)).toEqual([runIds.failed]);
    const bad = await histories('?status=done');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ param: 'status', message: 'Trạng thái không hợp lệ' }]);
  });

  it('cancels the waiting runs when the workflow is unpublished, leaving finished ones', async () => {
    const off = await call('PUT', `/v2/workflow/change-status/${workflowId}`, admin, {
      status: 'inactive',
    });
    expect(off.statusCode).toBe(200);
    const waiting = await repo.findRun(t.database.db, tenant.tenantId, runIds.waiting!);
    expect(waiting?.run).toMatchObject({
      status: 'cancel',
      error: 'Kịch bản đã ngừng hoạt động',
      resumeAt: null,
    });
    expect(waiting?.run.finishedAt).toBeInstanceOf(Date);
    expect(waiting?.steps.map((step) => [step.nodeId, step.status, step.error])).toEqual([
      ['start', 'completed', null],
      ['update', 'cancel', 'Kịch bản đã ngừng hoạt động'],
    ]);
    const failed = await repo.findRun(t.database.db, tenant.tenantId, runIds.failed!);
    expect(failed?.run.status).toBe('failed');
    const cancelled = (await histories('?status=cancel')).json();
    expect(cancelled.data).toHaveLength(1);
    expect(cancelled.data[0]).toMatchObject({
      status: 'cancel',
      error: 'Kịch bản đã ngừng hoạt động',
    });
  });

  it('cancels waiting runs when an active workflow is saved as a draft', async () => {
    const workflow = await createWorkflow({
      name: 'Về nháp',
      status: 'active',
      workflow_steps: validSteps(),
    });
    const runId = await repo.insertRun(
      t.database.db,
      {
        tenantId: tenant.tenantId,
        workflowId: workflow._id,
        workflowVersion: 1,
        eventId: 2_000_000,
        status: 'waiting',
      },
      [{ nodeId: 'update', stepName: 'Chờ', type: 'delay', status: 'waiting', seq: 1 }],
    );
    const draft = await call('PUT', `/v2/workflow/${workflow._id}`, admin, { status: 'draft' });
    expect(draft.json().data.status).toBe('draft');
    const run = await repo.findRun(t.database.db, tenant.tenantId, runId);
    expect(run?.run.status).toBe('cancel');
    expect(run?.steps[0]?.status).toBe('cancel');
  });
});

describe('webhook secrets', () => {
  const webhookSteps = (headers: Record<string, string>, url = 'https://hooks.example.com/in') => ({
    ...validSteps(),
    nodes: [
      ...validSteps().nodes.filter((node) => node.id !== 'end'),
      {
        id: 'hook',
        type: 'webhook',
        name: 'Gọi API',
        data: { method: 'POST', url, headers, body: '' },
        position: { x: 0, y: 300 },
      },
      { id: 'end', type: 'end', name: 'Kết thúc', data: {}, position: { x: 0, y: 400 } },
    ],
    edges: [
      { source: 'start', target: 'update' },
      { source: 'update', target: 'hook' },
      { source: 'hook', target: 'end' },
    ],
  });
  const storedHook = async (id: string) => {
    const [row] = await t.database.db.select().from(workflows).where(eq(workflows.id, id));
    return row!.steps.nodes.find((node) => node.id === 'hook')!.data as {
      url: string;
      headers: Record<string, string>;
    };
  };
  const shownHook = (steps: { nodes: { id: string; data: unknown }[] }) =>
    steps.nodes.find((node) => node.id === 'hook')!.data as {
      url: string;
      headers: Record<string, string>;
    };

  it('masks secret headers and URL credentials for every role, in lists, details and copies', async () => {
    const created = await createWorkflow({
      name: 'Webhook bí mật',
      workflow_steps: webhookSteps(
        { Authorization: 'Bearer s3cret', 'X-Api-Key': 'k3y', Accept: 'application/json' },
        'https://bot:pa55@hooks.example.com/in?token=t0k&ticket={{ticket.code}}',
      ),
    });
    const masked = {
      url: `https://bot:${SECRET_MASK}@hooks.example.com/in?token=${SECRET_MASK}&ticket={{ticket.code}}`,
      headers: { Authorization: SECRET_MASK, 'X-Api-Key': SECRET_MASK, Accept: 'application/json' },
    };
    const createdAnswer = await call('GET', `/v2/workflow/${created._id}`);
    expect(shownHook(createdAnswer.json().data.workflow_steps)).toMatchObject(masked);
    for (const token of [admin, supervisor, leader, agent]) {
      const detail = await call('GET', `/v2/workflow/${created._id}`, token);
      expect(detail.statusCode).toBe(200);
      expect(shownHook(detail.json().data.workflow_steps)).toMatchObject(masked);
      const listed = await call('GET', '/v2/workflow?name=Webhook%20b%C3%AD%20m%E1%BA%ADt', token);
      expect(JSON.stringify(listed.json())).not.toMatch(/s3cret|k3y|pa55|t0k/);
      expect(listed.json().total).toBeGreaterThan(0);
    }
    // A copy keeps the real values, and shows the mask.
    const copy = await call('POST', `/v2/workflow/clone/${created._id}`);
    expect(copy.statusCode).toBe(201);
    expect(shownHook(copy.json().data.workflow_steps)).toMatchObject(masked);
    expect(await storedHook(copy.json().data._id)).toMatchObject({
      url: 'https://bot:pa55@hooks.example.com/in?token=t0k&ticket={{ticket.code}}',
      headers: { Authorization: 'Bearer s3cret', 'X-Api-Key': 'k3y' },
    });
  });

  it('keeps a secret whose mask a save sends back, and replaces it by a new value', async () => {
    const created = await createWorkflow({
      name: 'Webhook giữ bí mật',
      workflow_steps: webhookSteps({ Authorization: 'Bearer old', 'X-Api-Key': 'key-1' }),
    });
    const shown = (await call('GET', `/v2/workflow/${created._id}`)).json().data.workflow_steps;
    const kept = await call('PUT', `/v2/workflow/${created._id}`, admin, {
      name: 'Webhook giữ bí mật',
      workflow_steps: shown,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(shownHook(kept.json().data.workflow_steps).headers.Authorization).toBe(SECRET_MASK);
    expect((await storedHook(created._id)).headers).toEqual({
      Authorization: 'Bearer old',
      'X-Api-Key': 'key-1',
    });

    const hook = shownHook(shown);
    const replaced = await call('PUT', `/v2/workflow/${created._id}`, leader, {
      workflow_steps: {
        ...shown,
        nodes: shown.nodes.map((node: { id: string }) =>
          node.id === 'hook'
            ? {
                ...node,
                data: { ...hook, headers: { ...hook.headers, Authorization: 'Bearer new' } },
              }
            : node,
        ),
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await storedHook(created._id)).headers).toEqual({
      Authorization: 'Bearer new',
      'X-Api-Key': 'key-1',
    });
  });

  it('refuses a mask with nothing stored to keep, or kept for another host, with the whole 422 body', async () => {
    const fresh = await call('POST', '/v2/workflow', admin, {
      name: 'Webhook mới',
      workflow_steps: webhookSteps({ Authorization: SECRET_MASK }),
    });
    expect(fresh.statusCode).toBe(422);
    expect(fresh.json()).toEqual({
      statusCode: 422,
      message: WORKFLOW_SECRET_MESSAGES.summary,
      errors: [
        {
          param: 'nodes.hook.headers.Authorization',
          message: WORKFLOW_SECRET_MESSAGES.maskedWithoutValue,
        },
      ],
    });
    const created = await createWorkflow({
      name: 'Webhook đổi địa chỉ',
      workflow_steps: webhookSteps({ Authorization: 'Bearer keep' }),
    });
    const moved = await call('PUT', `/v2/workflow/${created._id}`, admin, {
      workflow_steps: webhookSteps(
        { Authorization: SECRET_MASK },
        'https://collector.example.net/steal',
      ),
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual([
      {
        param: 'nodes.hook.headers.Authorization',
        message: WORKFLOW_SECRET_MESSAGES.destinationChanged,
      },
    ]);
    expect((await storedHook(created._id)).headers).toEqual({ Authorization: 'Bearer keep' });
  });
});

describe("run histories within the caller's ticket data scope", () => {
  it('shows an agent only the runs of tickets in their scope, in the rows, the search and the total', async () => {
    const workflow = await createWorkflow({
      name: 'Lịch sử theo phạm vi',
      status: 'active',
      workflow_steps: validSteps('open', [
        { field: 'ticket.subject', operator: 'eq', value: 'Không ticket nào có tiêu đề này' },
      ]),
    });
    const ticket = async (subject: string, assignee: string) => {
      const made = await call('POST', '/v2/tickets', admin, {
        subject,
        assignee_id: tenant.id(assignee),
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data as { _id: string };
    };
    const mine = await ticket('Máy in của tôi hỏng', 'agent');
    const theirs = await ticket('Bí mật của đồng nghiệp', 'agent2');
    // The agent cannot open the other agent's ticket...
    expect((await call('GET', `/v2/tickets/${theirs._id}`, agent)).statusCode).toBe(404);
    const run = (ticketId: string, eventId: number) =>
      repo.insertRun(
        t.database.db,
        {
          tenantId: tenant.tenantId,
          workflowId: workflow._id,
          workflowVersion: 1,
          eventId,
          ticketId,
          status: 'completed',
        },
        [
          {
            nodeId: 'update',
            stepName: 'Mở ticket',
            type: 'update_ticket',
            status: 'completed',
            seq: 1,
          },
        ],
      );
    const mineRun = await run(mine._id, 3_000_001);
    const theirsRun = await run(theirs._id, 3_000_002);
    const histories = (query: string, token: string) =>
      call('GET', `/v2/workflow/${workflow._id}/run-histories${query}`, token);

    // ...nor its runs: not listed, not counted, not found by its subject.
    const forAgent = await histories('', agent);
    expect(forAgent.statusCode).toBe(200);
    expect(forAgent.json().total).toBe(1);
    expect(forAgent.json().data.map((one: { _id: string }) => one._id)).toEqual([mineRun]);
    const searched = (await histories(`?search=${encodeURIComponent('bí mật')}`, agent)).json();
    expect(searched.data).toEqual([]);
    expect(searched.total).toBe(0);
    const own = (await histories(`?search=${encodeURIComponent('máy in')}`, agent)).json();
    expect(own.data.map((one: { _id: string }) => one._id)).toEqual([mineRun]);

    // An administrator (scope: all) sees every run.
    const forAdmin = (await histories('', admin)).json();
    expect(forAdmin.total).toBe(2);
    expect(forAdmin.data.map((one: { _id: string }) => one._id).sort()).toEqual(
      [mineRun, theirsRun].sort(),
    );
    expect((await histories(`?search=${encodeURIComponent('bí mật')}`, admin)).json().total).toBe(
      1,
    );
  });
});
