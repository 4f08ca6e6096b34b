import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@omnicare/shared/tickets/tickets.schemas';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { tenants } from '../../db/schema/tenants.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import {
  bearer,
  createTestApp,
  seedTenant,
  whileWatchingStatements,
  type TestApp,
} from '../../test/helpers.js';

/** The agent's desk (issue 30): whom a ticket may be given to, and who an agent's ticket is for. */

let t: TestApp;
let s: Awaited<ReturnType<typeof setup>>;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

const unprocessable = (param: string, message: string) => ({
  statusCode: 422,
  message,
  errors: [{ param, message }],
});

async function setup() {
  const tenant = await seedTenant(t, 'Bàn làm việc');
  const db = t.database.db;
  const tenantId = tenant.tenantId;
  const [department] = await db
    .insert(groups)
    .values({ tenantId, target: 'user', name: 'Tổng đài' })
    .returning();
  const extra = await db
    .insert(users)
    .values([
      {
        tenantId,
        email: `disabled@${tenant.slug}.test`,
        name: 'Đã Khóa',
        role: 'agent',
        agentId: 'X1',
        passwordHash: 'x',
        active: false,
        presence: 'AVAILABLE',
      },
      {
        tenantId,
        email: `pending@${tenant.slug}.test`,
        name: 'Chưa Nhận Lời Mời',
        role: 'agent',
        agentId: 'X2',
        passwordHash: 'x',
        invitePending: true,
      },
    ])
    .returning({ id: users.id });
  const [disabledId, pendingId] = extra.map((row) => row.id) as [string, string];
  await db.insert(groupMembers).values(
    [tenant.id('leader'), tenant.id('agent'), disabledId, pendingId].map((userId) => ({
      tenantId,
      groupId: department!.id,
      userId,
    })),
  );
  await db
    .update(users)
    .set({ presence: 'AVAILABLE' })
    .where(eq(users.id, tenant.id('agent')));
  await db.insert(tickets).values([
    { tenantId, subject: 'Một', status: 'open', assigneeId: tenant.id('agent') },
    { tenantId, subject: 'Hai', status: 'pending', assigneeId: tenant.id('agent') },
    { tenantId, subject: 'Đã xong', status: 'solved', assigneeId: tenant.id('agent') },
    { tenantId, subject: 'Ba', status: 'new', assigneeId: tenant.id('agent2') },
  ]);
  return {
    tenant,
    departmentId: department!.id,
    disabledId,
    pendingId,
    admin: await t.login(tenant.email('admin')),
    leader: await t.login(tenant.email('leader')),
    agent: await t.login(tenant.email('agent')),
    agent2: await t.login(tenant.email('agent2')),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  s = await setup();
});
afterAll(() => t.close());

const assignees = async (token: string, query = '') => {
  const response = await call(token, 'GET', `/v2/tickets/assignees?page_size=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { _id: string; name: string; presence: string; open_tickets: number }[];
    total: number;
  };
};
const names = (answer: { data: { name: string }[] }) => answer.data.map((row) => row.name);

describe('GET /v2/tickets/assignees', () => {
  it('lists active staff with presence and open tickets, never disabled or pending people', async () => {
    const answer = await assignees(s.admin);
    expect(names(answer)).toEqual([
      // Available first, then by name.
      'Chuyên Viên Một',
      'Chuyên Viên Hai',
      'Giám Sát Viên',
      'Quản Trị Viên',
      'Trưởng Nhóm',
    ]);
    expect(answer.total).toBe(5);
    expect(answer.data[0]).toEqual({
      _id: s.tenant.id('agent'),
      name: 'Chuyên Viên Một',
      email: s.tenant.email('agent'),
      role: 'agent',
      presence: 'AVAILABLE',
      open_tickets: 2,
    });
    expect(answer.data[1]).toMatchObject({ presence: 'NOT AVAILABLE', open_tickets: 1 });
    expect(answer.data[2]).toMatchObject({ open_tickets: 0 });
  });

  it('narrows to a department, a keyword and looked-up ids', async () => {
    expect(names(await assignees(s.admin, `&group_id=${s.departmentId}`))).toEqual([
      'Chuyên Viên Một',
      'Trưởng Nhóm',
    ]);
    expect(names(await assignees(s.admin, '&keyword=truong nhom'))).toEqual(['Trưởng Nhóm']);
    expect(names(await assignees(s.admin, `&ids=${s.tenant.id('agent2')},${s.pendingId}`))).toEqual(
      ['Chuyên Viên Hai'],
    );
    const bad = await call(s.admin, 'GET', '/v2/tickets/assignees?group_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toEqual({ param: 'group_id', message: 'Bộ phận không hợp lệ' });
  });

  it("keeps to the caller's scope: a team leader's and an agent's departments", async () => {
    expect(names(await assignees(s.leader))).toEqual(['Chuyên Viên Một', 'Trưởng Nhóm']);
    expect(names(await assignees(s.agent))).toEqual(['Chuyên Viên Một', 'Trưởng Nhóm']);
    // In no department: only themselves.
    expect(names(await assignees(s.agent2))).toEqual(['Chuyên Viên Hai']);
  });

  it('counts the open tickets of a whole page in one grouped statement', async () => {
    const texts: string[] = [];
    await whileWatchingStatements(
      () => assignees(s.admin),
      (text) => texts.push(text),
    );
    const onTickets = texts.filter((text) => /from "tickets"/.test(text));
    expect(onTickets).toHaveLength(1);
    expect(onTickets[0]).toMatch(/group by "tickets"."assignee_id"/);
  });
});

describe('assigning a disabled or pending person', () => {
  it('is refused with 422 on assignee_id, on create, update and bulk', async () => {
    const refused = unprocessable('assignee_id', TICKET_MESSAGES.assigneeMissing);
    for (const assignee of [s.disabledId, s.pendingId]) {
      const create = await call(s.admin, 'POST', '/v2/tickets', {
        subject: 'Giao sai',
        assignee_id: assignee,
      });
      expect(create.json()).toEqual(refused);
    }
    const ticket = await call(s.admin, 'POST', '/v2/tickets', { subject: 'Giao lại' });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const id = ticket.json().data._id as string;
    for (const assignee of [s.disabledId, s.pendingId]) {
      const update = await call(s.admin, 'PUT', `/v2/tickets/${id}`, { assignee_id: assignee });
      expect(update.json()).toEqual(refused);
      const bulk = await call(s.admin, 'POST', '/v2/tickets/bulk', {
        action: 'assign',
        ids: [id],
        assignee_id: assignee,
      });
      expect(bulk.json()).toEqual(refused);
    }
    expect(refused.message).toBe('Người xử lý phải là nhân viên đang hoạt động');
  });
});

describe("an agent's own ticket", () => {
  const create = async (token: string, body: object) => {
    const response = await call(token, 'POST', '/v2/tickets', { subject: 'Khách gọi', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { assignee: { _id: string } | null };
  };

  it('is assigned to the agent who creates it without an assignee (tenant setting, on)', async () => {
    const config = await call(s.admin, 'GET', '/v2/tenant/config');
    expect(config.json().data.assign_own_tickets).toBe(true);
    const account = await call(s.agent, 'GET', '/v2/my-account');
    expect(account.json().data.tenant.assign_own_tickets).toBe(true);

    expect((await create(s.agent, {})).assignee?._id).toBe(s.tenant.id('agent'));
    // Their own department: still theirs.
    expect((await create(s.agent, { group_id: s.departmentId })).assignee?._id).toBe(
      s.tenant.id('agent'),
    );
    // Unassigned on purpose, someone else chosen, or a department they are not in: as sent.
    expect((await create(s.agent, { assignee_id: null })).assignee).toBeNull();
    expect((await create(s.agent, { assignee_id: s.tenant.id('leader') })).assignee?._id).toBe(
      s.tenant.id('leader'),
    );
    expect((await create(s.agent2, { group_id: s.departmentId })).assignee).toBeNull();
    // Not an agent: a supervisor's ticket goes to the queue.
    expect((await create(s.admin, {})).assignee).toBeNull();
  });

  it('is left unassigned once the tenant turns the setting off', async () => {
    const config = (await call(s.admin, 'GET', '/v2/tenant/config')).json().data;
    const saved = await call(s.admin, 'PUT', '/v2/tenant/config', {
      name: config.name,
      time_zone: config.time_zone,
      data_scopes: config.data_scopes,
      assign_own_tickets: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.assign_own_tickets).toBe(false);
    const [row] = await t.database.db
      .select({ settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.id, s.tenant.tenantId));
    expect(row?.settings.assign_own_tickets).toBe(false);
    expect((await create(s.agent, {})).assignee).toBeNull();
    const account = await call(s.agent, 'GET', '/v2/my-account');
    expect(account.json().data.tenant.assign_own_tickets).toBe(false);
  });
});
