import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  whileWatchingStatements,
  type TestApp,
} from '../../test/helpers.js';
import {
  TICKET_BULK_MESSAGES,
  TICKET_BULK_SYNC_MAX,
  TICKET_MESSAGES,
} from '@omnicare/shared/tickets/tickets.schemas';
import { customFields, tagGroups, tags } from '../../db/schema/customers.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { notifications } from '../../db/schema/notifications.js';
import { domainEvents } from '../../db/schema/outbox.js';
import { ticketPriorities, ticketServices, ticketTypes } from '../../db/schema/ticket-config.js';
import { tickets } from '../../db/schema/tickets.js';
import { reopenOnRequesterReply } from './ticket-changes.js';
import { ANCHOR_STEP } from './tickets.repository.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** A tenant of its own with ticket configuration rows and a department of leader + agent. */
async function freshTenant() {
  const tenant = await seedTenant(t);
  const db = t.database.db;
  const tenantId = tenant.tenantId;
  const [low, high] = await db
    .insert(ticketPriorities)
    .values([
      { tenantId, name: 'Thấp', color: '#64748b', position: 0 },
      { tenantId, name: 'Cao', color: '#dc2626', position: 2 },
    ])
    .returning();
  const [question, incident] = await db
    .insert(ticketTypes)
    .values([
      { tenantId, name: 'Hỏi đáp', position: 0 },
      { tenantId, name: 'Sự cố', position: 1 },
    ])
    .returning();
  const [internet] = await db
    .insert(ticketServices)
    .values([{ tenantId, name: 'Internet', typeId: incident!.id }])
    .returning();
  const [department] = await db
    .insert(groups)
    .values({ tenantId, target: 'user', name: 'Tổng đài' })
    .returning();
  const [customerGroup] = await db
    .insert(groups)
    .values({ tenantId, target: 'end_user', name: 'Khách VIP' })
    .returning();
  await db.insert(groupMembers).values(
    ['leader', 'agent'].map((name) => ({
      tenantId,
      groupId: department!.id,
      userId: tenant.id(name),
    })),
  );
  const [tagGroup] = await db.insert(tagGroups).values({ tenantId, name: 'Chủ đề' }).returning();
  const [billing, urgent] = await db
    .insert(tags)
    .values([
      { tenantId, tagGroupId: tagGroup!.id, name: 'Cước phí', key: 'cuoc phi' },
      { tenantId, tagGroupId: tagGroup!.id, name: 'Gấp', key: 'gap' },
    ])
    .returning();
  const admin = await t.login(tenant.email('admin'));
  const customer = await call(admin, 'POST', '/v2/customers', { name: 'Nguyễn Văn An' });
  expect(customer.statusCode, customer.body).toBe(201);
  return {
    tenant,
    admin,
    agent: await t.login(tenant.email('agent')),
    agent2: await t.login(tenant.email('agent2')),
    leader: await t.login(tenant.email('leader')),
    config: {
      low: low!.id,
      high: high!.id,
      question: question!.id,
      incident: incident!.id,
      internet: internet!.id,
      department: department!.id,
      customerGroup: customerGroup!.id,
      billing: billing!.id,
      urgent: urgent!.id,
    },
    customerId: customer.json().data._id as string,
  };
}

async function createTicket(token: string, body: Record<string, unknown>) {
  const response = await call(token, 'POST', '/v2/tickets', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    _id: string;
    code: string;
    number: number;
    status: string;
    [key: string]: unknown;
  };
}

const listed = async (token: string, query = '') => {
  const response = await call(token, 'GET', `/v2/tickets?page_size=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { _id: string; subject: string; code: string; [key: string]: unknown }[];
    total: number;
    total_capped: boolean;
  };
};
const subjects = (result: { data: { subject: string }[] }) =>
  result.data.map((row) => row.subject).sort();

describe('GET /v2/status', () => {
  it('answers the five statuses with their Vietnamese labels', async () => {
    const { admin } = await freshTenant();
    const response = await call(admin, 'GET', '/v2/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      statusCode: 200,
      data: [
        { value: 'new', label: 'Mới' },
        { value: 'open', label: 'Đang mở' },
        { value: 'pending', label: 'Đang chờ' },
        { value: 'solved', label: 'Đã giải quyết' },
        { value: 'closed', label: 'Đã đóng' },
      ],
    });
  });
});

describe('creating and reading tickets', () => {
  it('creates a ticket with a code from the tenant counter, every field, an event and an audit entry', async () => {
    const { tenant, admin, config, customerId } = await freshTenant();
    const ticket = await createTicket(admin, {
      subject: 'Mất kết nối Internet',
      description: '<p>Khách báo <strong>mất mạng</strong></p><script>alert(1)</script>',
      requester_id: customerId,
      priority_id: config.high,
      type_id: config.incident,
      service_id: config.internet,
      group_id: config.department,
      assignee_id: tenant.id('agent'),
      source: 'zalo',
      cc: ['Ke.Toan@Example.vn'],
      tag_ids: [config.billing],
      follower_ids: [tenant.id('leader')],
      due_at: '2026-12-01T03:00:00.000Z',
    });
    expect(ticket).toMatchObject({
      code: '#000001',
      number: 1,
      subject: 'Mất kết nối Internet',
      description: '<p>Khách báo <strong>mất mạng</strong></p>',
      status: 'new',
      priority: { _id: config.high, name: 'Cao', color: '#dc2626' },
      type: { _id: config.incident, name: 'Sự cố' },
      service: { _id: config.internet, name: 'Internet' },
      group: { _id: config.department, name: 'Tổng đài' },
      requester: { _id: customerId, name: 'Nguyễn Văn An' },
      assignee: { _id: tenant.id('agent'), name: 'Chuyên Viên Một' },
      source: 'zalo',
      cc: ['ke.toan@example.vn'],
      tags: [{ _id: config.billing, name: 'Cước phí' }],
      followers: [{ _id: tenant.id('leader'), name: 'Trưởng Nhóm' }],
      due_at: '2026-12-01T03:00:00.000Z',
      created_by: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      reopen_count: 0,
      merged_into: null,
    });
    const second = await createTicket(admin, { subject: 'Thứ hai' });
    expect(second.code).toBe('#000002');

    // By id and by number.
    for (const ref of [ticket._id, String(ticket.number)]) {
      const read = await call(admin, 'GET', `/v2/tickets/${ref}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data._id).toBe(ticket._id);
    }

    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, ticket._id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ticket.created',
      tenantId: tenant.tenantId,
      actorId: tenant.id('admin'),
    });
    expect((events[0]!.payload.ticket as { code: string }).code).toBe('#000001');

    const activities = await call(admin, 'GET', `/v2/tickets/${ticket._id}/activities`);
    expect(activities.json()).toMatchObject({
      total: 1,
      data: [{ kind: 'ticket.create', objects: ['#000001 Mất kết nối Internet'], changes: [] }],
    });

    // The requester's timeline shows the ticket opened for them.
    const timeline = await call(admin, 'GET', `/v2/customers/${customerId}/timeline`);
    expect(timeline.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'customer.ticket_created',
        actor: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
        objects: ['#000001 · Mất kết nối Internet'],
      }),
    );
  });

  it('names the ticket a merged one went into', async () => {
    const { admin } = await freshTenant();
    const target = await createTicket(admin, { subject: 'Đích' });
    const source = await createTicket(admin, { subject: 'Nguồn' });
    await t.database.db
      .update(tickets)
      .set({ mergedIntoId: target._id, status: 'closed' })
      .where(eq(tickets.id, source._id));
    const read = (await call(admin, 'GET', `/v2/tickets/${source._id}`)).json().data;
    expect(read.merged_into).toEqual({ _id: target._id, code: target.code, number: target.number });
    expect((await call(admin, 'GET', `/v2/tickets/${target._id}`)).json().data.merged_into).toBe(
      null,
    );
  });

  it('notifies the assignee when someone else assigns them, through the outbox', async () => {
    const { tenant, admin, agent } = await freshTenant();
    const ticket = await createTicket(admin, {
      subject: 'Giao cho chuyên viên',
      assignee_id: tenant.id('agent'),
    });
    const sentTo = (userId: string) =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
    await vi.waitFor(
      async () =>
        expect(await sentTo(tenant.id('agent'))).toMatchObject([
          {
            kind: 'ticket.assigned',
            title: `Bạn được giao ticket ${ticket.code}`,
            body: 'Giao cho chuyên viên',
            link: `/tickets/${ticket.number}`,
            // The assignment's event: a crash after the commit still sends it, and only once.
            sourceEventId: expect.any(Number),
          },
        ]),
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
    // Taking a ticket oneself is no news; handing it to another (an update) is.
    const own = await createTicket(agent, { subject: 'Tự nhận', assignee_id: tenant.id('agent') });
    const handed = await call(agent, 'PUT', `/v2/tickets/${own._id}`, {
      assignee_id: tenant.id('agent2'),
    });
    expect(handed.statusCode, handed.body).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await sentTo(tenant.id('agent2'))).toMatchObject([
          { kind: 'ticket.assigned', title: `Bạn được giao ticket ${own.code}` },
        ]),
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
    expect(await sentTo(tenant.id('agent'))).toHaveLength(1);
  });

  it('refuses bad input with whole Vietnamese 422 bodies', async () => {
    const { admin } = await freshTenant();
    const cases: [Record<string, unknown>, object][] = [
      [
        {},
        {
          statusCode: 422,
          message: 'Tiêu đề không được bỏ trống',
          errors: [{ param: 'subject', message: 'Tiêu đề không được bỏ trống' }],
        },
      ],
      [
        { subject: 'x'.repeat(256) },
        {
          statusCode: 422,
          message: 'Tiêu đề không được vượt quá 255 ký tự',
          errors: [{ param: 'subject', message: 'Tiêu đề không được vượt quá 255 ký tự' }],
        },
      ],
      [
        { subject: 'A', status: 'done' },
        {
          statusCode: 422,
          message: 'Trạng thái không hợp lệ',
          errors: [{ param: 'status', message: 'Trạng thái không hợp lệ' }],
        },
      ],
      [
        { subject: 'A', priority_id: 'abc' },
        {
          statusCode: 422,
          message: 'Mức độ ưu tiên không hợp lệ',
          errors: [{ param: 'priority_id', message: 'Mức độ ưu tiên không hợp lệ' }],
        },
      ],
      [
        { subject: 'A', cc: ['not-an-email'] },
        {
          statusCode: 422,
          message: 'Email không hợp lệ',
          errors: [{ param: 'cc.0', message: 'Email không hợp lệ' }],
        },
      ],
      [
        { subject: 'A', source: 'fax' },
        {
          statusCode: 422,
          message: 'Nguồn không hợp lệ',
          errors: [{ param: 'source', message: 'Nguồn không hợp lệ' }],
        },
      ],
      [
        { subject: 'A', description: 'x'.repeat(100_001) },
        {
          statusCode: 422,
          message: 'Mô tả không được vượt quá 100000 ký tự',
          errors: [{ param: 'description', message: 'Mô tả không được vượt quá 100000 ký tự' }],
        },
      ],
      [
        { subject: 12 },
        {
          statusCode: 422,
          message: 'Tiêu đề không được bỏ trống',
          errors: [{ param: 'subject', message: 'Tiêu đề không được bỏ trống' }],
        },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call(admin, 'POST', '/v2/tickets', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json()).toEqual(expected);
    }
  });

  it("checks a priority against the tenant's current ones: a new one at once, a deleted one no more", async () => {
    // The tenant's priorities, types and services are remembered until they change.
    const { admin, config } = await freshTenant();
    const ticket = await createTicket(admin, { subject: 'Ưu tiên', priority_id: config.low });
    const made = await call(admin, 'POST', '/v2/priorities', {
      name: 'Rất gấp',
      color: '#ff0000',
      order: 9,
    });
    expect(made.statusCode, made.body).toBe(201);
    const fresh = made.json().data._id as string;
    const moved = await call(admin, 'PUT', `/v2/tickets/${ticket._id}`, { priority_id: fresh });
    expect(moved.statusCode, moved.body).toBe(200);
    // The answer names the new priority as a later read does (its names are not read back).
    expect(moved.json().data.priority).toEqual({ _id: fresh, name: 'Rất gấp', color: '#ff0000' });
    expect(moved.json().data).toEqual(
      (await call(admin, 'GET', `/v2/tickets/${ticket._id}`)).json().data,
    );
    const gone = await call(admin, 'POST', '/v2/priorities', {
      name: 'Tạm',
      color: '#00ff00',
      order: 10,
    });
    const goneId = gone.json().data._id as string;
    expect((await call(admin, 'DELETE', `/v2/priority/${goneId}`)).statusCode).toBe(200);
    const refused = await call(admin, 'PUT', `/v2/tickets/${ticket._id}`, { priority_id: goneId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { param: 'priority_id', message: TICKET_MESSAGES.priorityMissing },
    ]);
  });

  it('refuses references of another tenant, the wrong kind of group, and an assignee outside the department', async () => {
    const { tenant, admin, config } = await freshTenant();
    const other = await freshTenant();
    const refused = async (body: Record<string, unknown>, param: string, message: string) => {
      const response = await call(admin, 'POST', '/v2/tickets', { subject: 'A', ...body });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ statusCode: 422, message, errors: [{ param, message }] });
    };
    await refused(
      { priority_id: other.config.high },
      'priority_id',
      'Mức độ ưu tiên không tồn tại',
    );
    await refused({ type_id: other.config.incident }, 'type_id', 'Loại ticket không tồn tại');
    await refused({ requester_id: other.customerId }, 'requester_id', 'Khách hàng không tồn tại');
    await refused({ tag_ids: [other.config.billing] }, 'tag_ids', 'Tag không tồn tại');
    await refused(
      { assignee_id: other.tenant.id('agent') },
      'assignee_id',
      'Người xử lý phải là nhân viên đang hoạt động',
    );
    await refused(
      { follower_ids: [other.tenant.id('agent')] },
      'follower_ids',
      'Người theo dõi phải là nhân viên',
    );
    // A customer group is not a department.
    await refused({ group_id: config.customerGroup }, 'group_id', 'Bộ phận không tồn tại');
    // The admin is not a member of the department.
    await refused(
      { group_id: config.department, assignee_id: tenant.id('admin') },
      'assignee_id',
      'Người xử lý không thuộc bộ phận đã chọn',
    );
    // Internet is a service of incidents only.
    await refused(
      { type_id: config.question, service_id: config.internet },
      'service_id',
      'Dịch vụ không áp dụng cho loại ticket đã chọn',
    );
    const right = await createTicket(admin, {
      subject: 'Đúng',
      group_id: config.department,
      assignee_id: tenant.id('agent2') === tenant.id('agent') ? undefined : tenant.id('agent'),
      type_id: config.incident,
      service_id: config.internet,
    });
    // Type and service taken off, then set again: the answers name them as a later read does.
    for (const change of [
      { type_id: null, service_id: null, priority_id: null },
      { type_id: config.incident, service_id: config.internet, priority_id: config.high },
    ]) {
      const changed = await call(admin, 'PUT', `/v2/tickets/${right._id}`, change);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toEqual(
        (await call(admin, 'GET', `/v2/tickets/${right._id}`)).json().data,
      );
    }
  });

  it('checks ticket custom fields, required ones included', async () => {
    const { tenant, admin } = await freshTenant();
    await t.database.db.insert(customFields).values([
      {
        tenantId: tenant.tenantId,
        entity: 'ticket',
        key: 'ma_hop_dong',
        label: 'Mã hợp đồng',
        type: 'text',
        required: true,
      },
      {
        tenantId: tenant.tenantId,
        entity: 'ticket',
        key: 'kenh_ban',
        label: 'Kênh bán',
        type: 'select',
        options: ['Online', 'Cửa hàng'],
      },
    ]);
    const missing = await call(admin, 'POST', '/v2/tickets', { subject: 'A' });
    expect(missing.json()).toEqual({
      statusCode: 422,
      message: 'Mã hợp đồng không được bỏ trống',
      errors: [{ param: 'custom.ma_hop_dong', message: 'Mã hợp đồng không được bỏ trống' }],
    });
    const created = await createTicket(admin, {
      subject: 'A',
      custom: { ma_hop_dong: 'HD-1', kenh_ban: 'Online' },
    });
    expect(created.custom).toEqual({ ma_hop_dong: 'HD-1', kenh_ban: 'Online' });
    await createTicket(admin, {
      subject: 'B',
      custom: { ma_hop_dong: 'HD-2', kenh_ban: 'Cửa hàng' },
    });
    const filtered = await listed(
      admin,
      `&custom=${encodeURIComponent(JSON.stringify({ kenh_ban: 'Online' }))}`,
    );
    expect(subjects(filtered)).toEqual(['A']);
    const unknown = await call(
      admin,
      'GET',
      `/v2/tickets?custom=${encodeURIComponent(JSON.stringify({ khong_co: 'x' }))}`,
    );
    expect(unknown.json()).toEqual({
      statusCode: 422,
      message: 'Trường không tồn tại',
      errors: [{ param: 'custom.khong_co', message: 'Trường không tồn tại' }],
    });
  });
});

describe('tenant isolation and data scope', () => {
  it("answers 404 for another tenant's ticket, by id and by number, on every route", async () => {
    const { admin } = await freshTenant();
    const other = await freshTenant();
    const foreign = await createTicket(other.admin, { subject: 'Của tenant khác' });
    for (const ref of [foreign._id, String(foreign.number)]) {
      for (const [method, url, body] of [
        ['GET', `/v2/tickets/${ref}`],
        ['PUT', `/v2/tickets/${ref}`, { subject: 'Đổi' }],
        ['DELETE', `/v2/tickets/${ref}`],
        ['GET', `/v2/tickets/${ref}/activities`],
      ] as [Method, string, object?][]) {
        const response = await call(admin, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ statusCode: 404, message: 'Không tìm thấy ticket' });
      }
    }
    expect((await listed(admin)).total).toBe(0);
    const bulk = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'status',
      status: 'open',
      ids: [foreign._id],
    });
    expect(bulk.json().data.results).toEqual([
      { _id: foreign._id, ok: false, message: 'Không tìm thấy ticket' },
    ]);
    const unchanged = await call(other.admin, 'GET', `/v2/tickets/${foreign._id}`);
    expect(unchanged.json().data.status).toBe('new');
  });

  it('shows an agent what is assigned to, created by or followed by them; a team leader their department', async () => {
    const { tenant, admin, agent, agent2, leader, config } = await freshTenant();
    await createTicket(admin, { subject: 'Giao agent', assignee_id: tenant.id('agent') });
    // Left unassigned on purpose (else it would be the agent's: `assign_own_tickets`).
    await createTicket(agent, { subject: 'Agent tạo', assignee_id: null });
    await createTicket(admin, { subject: 'Agent theo dõi', follower_ids: [tenant.id('agent')] });
    await createTicket(admin, { subject: 'Của bộ phận', group_id: config.department });
    const agent2Ticket = await createTicket(admin, {
      subject: 'Giao agent2',
      assignee_id: tenant.id('agent2'),
    });
    await createTicket(admin, { subject: 'Không ai' });

    expect(subjects(await listed(agent))).toEqual(['Agent theo dõi', 'Agent tạo', 'Giao agent']);
    expect(subjects(await listed(agent2))).toEqual(['Giao agent2']);
    // The leader's department holds the leader and agent (not agent2).
    expect(subjects(await listed(leader))).toEqual(['Của bộ phận', 'Giao agent']);
    expect((await listed(admin)).total).toBe(6);

    const hidden = await call(agent, 'GET', `/v2/tickets/${agent2Ticket._id}`);
    expect(hidden.statusCode).toBe(404);
    const update = await call(agent, 'PUT', `/v2/tickets/${agent2Ticket._id}`, {
      subject: 'Đổi',
    });
    expect(update.statusCode).toBe(404);
  });

  it('follows the tenant setting of a role: my_organization and all', async () => {
    const tenant = await seedTenant(t, 'Phạm vi', {
      data_scopes: { agent: 'all', team_leader: 'my_organization' },
    } as never);
    const admin = await t.login(tenant.email('admin'));
    const agent = await t.login(tenant.email('agent'));
    const leader = await t.login(tenant.email('leader'));
    await createTicket(admin, { subject: 'Một' });
    await createTicket(admin, { subject: 'Hai', assignee_id: tenant.id('leader') });
    expect((await listed(agent)).total).toBe(2);
    // The leader belongs to no organization: my_organization is their own tickets.
    expect(subjects(await listed(leader))).toEqual(['Hai']);
  });
});

describe('updating tickets', () => {
  it('changes what is sent, records before → after in the event, the audit and the activity log', async () => {
    const { tenant, admin, config } = await freshTenant();
    const ticket = await createTicket(admin, {
      subject: 'Cước tháng 10',
      priority_id: config.low,
      tag_ids: [config.billing],
    });
    const response = await call(admin, 'PUT', `/v2/tickets/${ticket.number}`, {
      status: 'open',
      priority_id: config.high,
      assignee_id: tenant.id('agent'),
      tag_ids: [config.billing, config.urgent],
      due_at: '2026-12-01T03:00:00.000Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Cập nhật ticket thành công',
      data: {
        subject: 'Cước tháng 10',
        status: 'open',
        priority: { name: 'Cao' },
        assignee: { name: 'Chuyên Viên Một' },
        updated_by: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      },
    });
    const [, updated] = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, ticket._id))
      .orderBy(asc(domainEvents.id));
    expect(updated).toMatchObject({
      type: 'ticket.updated',
      payload: {
        changes: {
          status: { before: 'new', after: 'open' },
          priority_id: { before: config.low, after: config.high },
          assignee_id: { before: null, after: tenant.id('agent') },
          tag_ids: {
            before: [config.billing],
            after: [config.billing, config.urgent].sort(),
          },
          due_at: { before: null, after: '2026-12-01T03:00:00.000Z' },
        },
      },
    });
    expect(Object.keys(updated!.payload.changes as object)).toHaveLength(5);

    const activities = await call(admin, 'GET', `/v2/tickets/${ticket._id}/activities`);
    const [latest] = activities.json().data;
    expect(latest).toMatchObject({
      kind: 'ticket.update',
      actor: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      objects: [],
    });
    expect(latest.changes).toEqual([
      { field: 'status', label: 'Trạng thái', from: 'Mới', to: 'Đang mở' },
      { field: 'priority', label: 'Mức độ ưu tiên', from: 'Thấp', to: 'Cao' },
      { field: 'assignee', label: 'Người xử lý', from: null, to: 'Chuyên Viên Một' },
      {
        field: 'tags',
        label: 'Tags',
        from: 'Cước phí',
        to: expect.stringMatching(/^(Cước phí, Gấp|Gấp, Cước phí)$/),
      },
      { field: 'due_at', label: 'Hạn xử lý', from: null, to: '01/12/2026 10:00' },
    ]);

    // Sending what it already has changes nothing and records nothing, not even its time.
    const same = await call(admin, 'PUT', `/v2/tickets/${ticket._id}`, {
      status: 'open',
      priority_id: config.high,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.updated_at).toBe(response.json().data.updated_at);
    const count = await call(admin, 'GET', `/v2/tickets/${ticket._id}/activities`);
    expect(count.json().total).toBe(2);
  });

  it('stamps solved and closed, counts reopens, and keeps closed final but for administrators', async () => {
    const { tenant, admin, agent } = await freshTenant();
    const ticket = await createTicket(agent, {
      subject: 'Vòng đời',
      assignee_id: tenant.id('agent'),
    });
    const put = (token: string, body: object) =>
      call(token, 'PUT', `/v2/tickets/${ticket._id}`, body);
    const solved = (await put(agent, { status: 'solved' })).json().data;
    expect(solved.solved_at).not.toBeNull();
    expect(solved.closed_at).toBeNull();
    const reopened = (await put(agent, { status: 'open' })).json().data;
    expect(reopened).toMatchObject({ status: 'open', solved_at: null, reopen_count: 1 });
    const closed = (await put(agent, { status: 'closed' })).json().data;
    expect(closed.closed_at).not.toBeNull();
    expect(closed.solved_at).not.toBeNull();

    const refused = await put(agent, { status: 'open' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi',
      errors: [{ param: 'status', message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi' }],
    });
    const otherField = await put(agent, { subject: 'Đổi tiêu đề' });
    expect(otherField.statusCode).toBe(422);

    const byAdmin = await put(admin, { status: 'open' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data).toMatchObject({
      status: 'open',
      closed_at: null,
      reopen_count: 2,
    });
  });

  it('reopens a solved ticket when the requester replies (for the channels)', async () => {
    const { tenant, admin } = await freshTenant();
    const ticket = await createTicket(admin, { subject: 'Đã xong', status: 'solved' });
    const changed = await t.database.db.transaction((tx) =>
      reopenOnRequesterReply(tx, { id: ticket._id, tenantId: tenant.tenantId, status: 'solved' }),
    );
    expect(changed).toBe(true);
    const read = (await call(admin, 'GET', `/v2/tickets/${ticket._id}`)).json().data;
    expect(read).toMatchObject({ status: 'open', reopen_count: 1, solved_at: null });
    const activities = (await call(admin, 'GET', `/v2/tickets/${ticket._id}/activities`)).json();
    expect(activities.data[0]).toMatchObject({
      kind: 'ticket.reopen',
      actor: null,
      changes: [{ field: 'status', label: 'Trạng thái', from: 'Đã giải quyết', to: 'Đang mở' }],
    });
    const open = await t.database.db.transaction((tx) =>
      reopenOnRequesterReply(tx, { id: ticket._id, tenantId: tenant.tenantId, status: 'open' }),
    );
    expect(open).toBe(false);
  });

  it('keeps a change made between its read and its write, and writes its own after it, once', async () => {
    const { admin, config } = await freshTenant();
    const ticket = await createTicket(admin, { subject: 'Trước' });
    // Another writer changes the row just before the one-statement write: that write finds
    // another version of the row, writes nothing, and the change is made under the lock.
    let meddled = false;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const query = args[0] as string | { text?: string };
      const text = typeof query === 'string' ? query : (query?.text ?? '');
      const run = () => (original as (...rest: unknown[]) => unknown).apply(this, args);
      if (meddled || !text.includes('.xmin =')) return run();
      meddled = true;
      const meddle = t.database.pool.query(
        `update tickets set subject = 'Người khác sửa' where id = $1`,
        [ticket._id],
      );
      if (typeof args.at(-1) === 'function') return void meddle.then(run);
      return meddle.then(run);
    } as typeof original;
    let response;
    try {
      response = await call(admin, 'PUT', `/v2/tickets/${ticket._id}`, {
        priority_id: config.high,
      });
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(meddled).toBe(true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      subject: 'Người khác sửa',
      priority: { _id: config.high },
    });
    const events = await t.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(eq(domainEvents.aggregateId, ticket._id), eq(domainEvents.type, 'ticket.updated')),
      );
    expect(events).toHaveLength(1);
    const activity = (await call(admin, 'GET', `/v2/tickets/${ticket._id}/activities`)).json();
    expect(activity.total).toBe(2);
  });

  it('refuses a bad update with whole 422 bodies', async () => {
    const { admin } = await freshTenant();
    const ticket = await createTicket(admin, { subject: 'A' });
    const empty = await call(admin, 'PUT', `/v2/tickets/${ticket._id}`, { subject: '  ' });
    expect(empty.json()).toEqual({
      statusCode: 422,
      message: 'Tiêu đề không được bỏ trống',
      errors: [{ param: 'subject', message: 'Tiêu đề không được bỏ trống' }],
    });
    const badRef = await call(admin, 'PUT', '/v2/tickets/abc', { subject: 'B' });
    expect(badRef.json()).toEqual({
      statusCode: 422,
      message: 'Mã ticket không hợp lệ',
      errors: [{ param: 'id', message: 'Mã ticket không hợp lệ' }],
    });
  });
});

describe('the ticket list', () => {
  it('filters by status, assignee (me, none), priority, tag, dates and sorts', async () => {
    const { tenant, admin, config } = await freshTenant();
    await createTicket(admin, { subject: 'Một', status: 'open', priority_id: config.high });
    await createTicket(admin, {
      subject: 'Hai',
      status: 'pending',
      assignee_id: tenant.id('admin'),
      tag_ids: [config.urgent],
    });
    await createTicket(admin, { subject: 'Ba', status: 'solved', source: 'email' });
    expect(subjects(await listed(admin, '&status=open,pending'))).toEqual(['Hai', 'Một']);
    expect(subjects(await listed(admin, '&assignee_id=me'))).toEqual(['Hai']);
    expect(subjects(await listed(admin, '&assignee_id=none'))).toEqual(['Ba', 'Một']);
    expect(subjects(await listed(admin, `&priority_id=${config.high}`))).toEqual(['Một']);
    expect(subjects(await listed(admin, `&tag=${config.urgent}`))).toEqual(['Hai']);
    expect(subjects(await listed(admin, '&source=email'))).toEqual(['Ba']);
    expect((await listed(admin, '&created_from=2000-01-01&updated_to=2999-01-01')).total).toBe(3);
    expect((await listed(admin, '&created_to=2000-01-01')).total).toBe(0);

    const byCode = await listed(admin, '&sort=code:asc');
    expect(byCode.data.map((row) => row.subject)).toEqual(['Một', 'Hai', 'Ba']);
    const bySubject = await listed(admin, '&sort=subject');
    expect(bySubject.data.map((row) => row.subject)).toEqual(['Ba', 'Hai', 'Một']);
    const byStatus = await listed(admin, '&sort=status:asc');
    expect(byStatus.data.map((row) => row.status)).toEqual(['open', 'pending', 'solved']);
    const byPriority = await listed(admin, '&sort=priority:desc&status=open');
    expect(byPriority.data[0]).toMatchObject({
      subject: 'Một',
      priority: { _id: config.high, name: 'Cao', color: '#dc2626' },
    });

    const paged = await call(admin, 'GET', '/v2/tickets?page=2&page_size=2&sort=code:asc');
    expect(paged.json()).toMatchObject({
      total: 3,
      total_capped: false,
      data: [{ subject: 'Ba' }],
    });
    expect(Object.keys(paged.json().data[0]).sort()).toEqual(
      [
        '_id',
        'code',
        'number',
        'subject',
        'status',
        'priority',
        'type',
        'service',
        'group',
        'requester',
        'assignee',
        'source',
        'tags',
        'due_at',
        'sla_due_at',
        'sla_breached_at',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('sorts by priority without sorting the tenant: pages in order, none first going down', async () => {
    // By priority: its position (Thấp 0, Cao 2), none last going up and first going down, ties
    // by id in the same direction; pages neither repeat nor skip a ticket.
    const { admin, config } = await freshTenant();
    await createTicket(admin, { subject: 'Một', priority_id: config.high });
    await createTicket(admin, { subject: 'Hai' });
    await createTicket(admin, { subject: 'Ba' });
    await createTicket(admin, { subject: 'Thấp 1', priority_id: config.low });
    await createTicket(admin, { subject: 'Thấp 2', priority_id: config.low });
    await createTicket(admin, { subject: 'Cao 2', priority_id: config.high });
    const all = (await listed(admin)).data;
    let ranks = [config.low, config.high];
    const rank = (row: (typeof all)[number]) => {
      const id = (row.priority as { _id: string } | null)?._id;
      return id ? ranks.indexOf(id) : 2;
    };
    const expected = (sign: 1 | -1) =>
      all
        .toSorted((a, b) => sign * (rank(a) - rank(b) || (a._id < b._id ? -1 : 1)))
        .map((row) => row.subject);
    const sorted = async (order: string) => {
      const subjects: string[] = [];
      for (const page of [1, 2, 3])
        subjects.push(
          ...(
            await call(admin, 'GET', `/v2/tickets?page=${page}&page_size=2&sort=priority:${order}`)
          )
            .json()
            .data.map((row: { subject: string }) => row.subject),
        );
      return subjects;
    };
    expect(await sorted('asc')).toEqual(expected(1));
    expect(await sorted('desc')).toEqual(expected(-1));
    expect((await sorted('desc')).slice(0, 2).sort()).toEqual(['Ba', 'Hai']);
    // Moved after 'Cao' in the settings, 'Thấp' sorts after it from the next request on.
    const moved = await call(admin, 'PUT', `/v2/priority/${config.low}`, {
      name: 'Thấp',
      color: '#16a34a',
      order: 9,
    });
    expect(moved.statusCode).toBe(200);
    ranks = [config.high, config.low];
    expect(await sorted('asc')).toEqual(expected(1));
    expect(await sorted('desc')).toEqual(expected(-1));
  });

  it('pages deep into a list from remembered anchors, each sort as the offset alone would', async () => {
    const { tenant, admin } = await freshTenant();
    const tenantId = tenant.tenantId;
    const COUNT = 2 * ANCHOR_STEP + 150;
    const first = ANCHOR_STEP / 20; // the last page before the first anchor
    const last = Math.ceil(COUNT / 20);
    const statuses = ['new', 'open', 'pending', 'solved', 'closed'];
    // Shared moments, subjects and statuses: ties that only the id breaks.
    await t.database.db.insert(tickets).values(
      Array.from({ length: COUNT }, (_, index) => {
        const at = new Date(Date.UTC(2026, 0, 1) + (index % 400) * 60_000 + (index % 7) * 0.123);
        return {
          tenantId,
          subject: `Phiếu ${index % 300}`,
          subjectKey: `phieu ${index % 300}`,
          status: statuses[index % statuses.length]!,
          createdAt: at,
          updatedAt: new Date(at.getTime() + (index % 11) * 1_000),
        };
      }),
    );
    const reference = async (sort: string) => {
      const [key, order] = sort.split(':');
      const column = {
        updated_at: 'updated_at',
        created_at: 'created_at',
        code: 'number',
        subject: 'subject_key',
        status: `array_position(array['new','open','pending','solved','closed'], status)`,
      }[key!]!;
      const { rows } = await t.database.pool.query<{ id: string }>(
        `select id from tickets where tenant_id = $1 order by ${column} ${order}, id ${order}`,
        [tenantId],
      );
      return rows.map((row) => row.id);
    };
    const pageOf = async (sort: string, page: number) => {
      const response = await call(
        admin,
        'GET',
        `/v2/tickets?page=${page}&page_size=20&sort=${sort}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { _id: string }[]).map((row) => row._id);
    };
    const sorts = ['updated_at:desc', 'created_at:asc', 'code:asc', 'subject:desc', 'status:asc'];
    for (const sort of sorts) {
      const all = await reference(sort);
      // Twice each: the anchor found, then remembered.
      for (const page of [first, first + 1, first + 2, 2 * first + 1, last, first + 1, last])
        expect(await pageOf(sort, page), `${sort} page ${page}`).toEqual(
          all.slice((page - 1) * 20, page * 20),
        );
      expect(await pageOf(sort, last + 1)).toEqual([]);
    }
    // The deep page reads on from the anchor: a keyset condition and a short offset.
    const texts: string[] = [];
    await whileWatchingStatements(
      () => pageOf('updated_at:desc', 2 * first + 3),
      (text) => texts.push(text),
    );
    expect(
      texts.some((text) => /"updated_at", "tickets"."id"\) < \(\$\d+::timestamptz/.test(text)),
    ).toBe(true);
    // A change moves a ticket: the anchors are found again, and the pages follow it.
    const moved = (await reference('updated_at:desc')).at(-1)!;
    const changed = await call(admin, 'PUT', `/v2/tickets/${moved}`, { subject: 'Vừa sửa' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await reference('updated_at:desc');
    expect(after[0]).toBe(moved);
    for (const page of [first + 1, last])
      expect(await pageOf('updated_at:desc', page)).toEqual(
        after.slice((page - 1) * 20, page * 20),
      );
  });

  it('searches code, subject and requester name without diacritics', async () => {
    const { admin, customerId } = await freshTenant();
    const first = await createTicket(admin, { subject: 'Lỗi đường truyền cáp quang' });
    await createTicket(admin, { subject: 'Hỏi cước', requester_id: customerId });
    await createTicket(admin, { subject: 'Khác' });
    const search = (text: string) => listed(admin, `&search=${encodeURIComponent(text)}`);
    expect(subjects(await search('duong truyen'))).toEqual(['Lỗi đường truyền cáp quang']);
    expect(subjects(await search('ĐƯỜNG'))).toEqual(['Lỗi đường truyền cáp quang']);
    expect(subjects(await search('nguyen van'))).toEqual(['Hỏi cước']);
    expect(subjects(await search('van an'))).toEqual(['Hỏi cước']);
    expect(subjects(await search(first.code))).toEqual(['Lỗi đường truyền cáp quang']);
    expect(subjects(await search(String(first.number)))).toEqual(['Lỗi đường truyền cáp quang']);
    expect((await search('!!!')).total).toBe(0);
  });

  it('filters on SLA state', async () => {
    const { tenant, admin } = await freshTenant();
    const breached = await createTicket(admin, { subject: 'Quá hạn' });
    const soon = await createTicket(admin, { subject: 'Sắp hạn', status: 'open' });
    await createTicket(admin, { subject: 'Còn lâu', status: 'open' });
    const db = t.database.db;
    const now = Date.now();
    await db
      .update(tickets)
      .set({ slaDueAt: new Date(now - 3_600_000), slaBreachedAt: new Date(now - 3_600_000) })
      .where(eq(tickets.id, breached._id));
    await db
      .update(tickets)
      .set({ slaDueAt: new Date(now + 20 * 60_000) })
      .where(eq(tickets.id, soon._id));
    await db
      .update(tickets)
      .set({ slaDueAt: new Date(now + 5 * 3_600_000) })
      .where(and(eq(tickets.tenantId, tenant.tenantId), eq(tickets.subject, 'Còn lâu')));
    expect(subjects(await listed(admin, '&sla=breached'))).toEqual(['Quá hạn']);
    expect(subjects(await listed(admin, '&sla=due_soon'))).toEqual(['Sắp hạn']);
  });

  it('refuses bad list parameters with Vietnamese 422s', async () => {
    const { admin } = await freshTenant();
    const cases: [string, string, string][] = [
      ['status=open,done', 'status', 'Trạng thái không hợp lệ'],
      ['sort=name', 'sort', 'Sắp xếp không hợp lệ'],
      ['sort=code:up', 'sort', 'Sắp xếp không hợp lệ'],
      ['sla=late', 'sla', 'Bộ lọc SLA không hợp lệ'],
      ['assignee_id=someone', 'assignee_id', 'Người xử lý không hợp lệ'],
      ['page_size=101', 'page_size', 'Số bản ghi mỗi trang tối đa là 100'],
      ['created_from=2026-02-31', 'created_from', 'Ngày không hợp lệ'],
      [
        'updated_from=2026-03-10&updated_to=2026-03-01',
        'updated_to',
        'Ngày bắt đầu không được sau ngày kết thúc',
      ],
      [`search=${'a'.repeat(201)}`, 'search', 'Từ khóa tối đa 200 ký tự'],
    ];
    for (const [query, param, message] of cases) {
      const response = await call(admin, 'GET', `/v2/tickets?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toEqual({
        statusCode: 422,
        message,
        errors: [{ param, message }],
      });
    }
    // A view the caller cannot see is not there.
    const view = await call(
      admin,
      'GET',
      '/v2/tickets?smart_view_id=00000000-0000-4000-8000-000000000000',
    );
    expect(view.statusCode).toBe(404);
  });

  it("counts each view's tickets for the caller up to 99, a saved view by its id", async () => {
    const { tenant, admin, agent, config } = await freshTenant();
    await createTicket(admin, { subject: 'Mở của agent', assignee_id: tenant.id('agent') });
    await createTicket(admin, {
      subject: 'Chờ của agent',
      status: 'pending',
      assignee_id: tenant.id('agent'),
      priority_id: config.high,
    });
    await createTicket(admin, { subject: 'Chưa giao' });
    const view = await call(admin, 'POST', '/v2/smart-view', {
      name: 'Ưu tiên cao',
      filters: { priority_id: [config.high] },
      columns: ['code', 'subject'],
      sort: { field: 'updated_at', direction: 'desc' },
      shared: true,
    });
    expect(view.statusCode, view.body).toBe(201);
    const views = [
      { id: 'open', filter: { status: 'new,open,pending' } },
      { id: 'unassigned', filter: { assignee_id: 'none' } },
      { id: 'high', filter: { smart_view_id: view.json().data._id } },
      { id: 'searched', filter: { search: 'chờ' } },
    ];
    const counts = async (token: string) => {
      const response = await call(token, 'POST', '/v2/tickets/view-counts', { views });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { id: string; count: number; capped: boolean }[];
    };
    expect(await counts(admin)).toEqual([
      { id: 'open', count: 3, capped: false },
      { id: 'unassigned', count: 1, capped: false },
      { id: 'high', count: 1, capped: false },
      { id: 'searched', count: 1, capped: false },
    ]);
    // The agent's scope: the two assigned to them, none unassigned.
    expect((await counts(agent)).map((item) => item.count)).toEqual([2, 0, 1, 1]);

    // Past 99: '99+'.
    for (let made = 0; made < 100; made += 20)
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          createTicket(admin, { subject: `Nhiều ${made + index}` }),
        ),
      );
    expect((await counts(admin))[1]).toEqual({ id: 'unassigned', count: 99, capped: true });

    for (const [payload, param] of [
      [{ views: [{ id: '', filter: {} }] }, 'views.0.id'],
      [{ views: [{ id: 'x', filter: { status: 'lost' } }] }, 'views.0.filter.status'],
      [
        { views: Array.from({ length: 51 }, (_, index) => ({ id: `v${index}`, filter: {} })) },
        'views',
      ],
      [{ views: 'all' }, 'views'],
    ] as const) {
      const refused = await call(admin, 'POST', '/v2/tickets/view-counts', payload);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors[0].param).toBe(param);
    }
  });

  it("lists a smart view's tickets: its statuses, priorities, 'me' and tags, within the caller's scope", async () => {
    const { tenant, admin, agent, leader, config } = await freshTenant();
    await createTicket(admin, {
      subject: 'Cao của agent',
      status: 'open',
      priority_id: config.high,
      assignee_id: tenant.id('agent'),
      tag_ids: [config.urgent],
    });
    await createTicket(admin, {
      subject: 'Cao đang chờ của agent',
      status: 'pending',
      priority_id: config.high,
      assignee_id: tenant.id('agent'),
      tag_ids: [config.urgent],
    });
    await createTicket(admin, {
      subject: 'Thấp của agent',
      status: 'open',
      priority_id: config.low,
      assignee_id: tenant.id('agent'),
      tag_ids: [config.urgent],
    });
    await createTicket(admin, {
      subject: 'Cao của leader',
      status: 'open',
      priority_id: config.high,
      assignee_id: tenant.id('leader'),
      tag_ids: [config.urgent],
    });
    await createTicket(admin, {
      subject: 'Cao không tag',
      status: 'open',
      priority_id: config.high,
      assignee_id: tenant.id('agent'),
    });
    const created = await call(admin, 'POST', '/v2/smart-view', {
      name: 'Gấp của tôi',
      shared: true,
      columns: ['code', 'subject'],
      filters: {
        status: ['new', 'open'],
        priority_id: [config.high],
        assignee_id: ['me'],
        tag: ['Gấp'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const viewId = created.json().data._id as string;
    expect(subjects(await listed(agent, `&smart_view_id=${viewId}`))).toEqual(['Cao của agent']);
    expect(subjects(await listed(leader, `&smart_view_id=${viewId}`))).toEqual(['Cao của leader']);
    // The list's own filters narrow the view further.
    expect((await listed(agent, `&smart_view_id=${viewId}&status=new`)).total).toBe(0);

    const personal = await call(agent, 'POST', '/v2/smart-view', {
      name: 'Của tôi',
      columns: ['code'],
      filters: { status: ['open'] },
    });
    const other = await call(
      leader,
      'GET',
      `/v2/tickets?smart_view_id=${personal.json().data._id}`,
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('smart views in the list', () => {
  it('applies every filter a view holds: leaving any one out lets its decoy in; scope still applies', async () => {
    const { tenant, admin, agent, config, customerId } = await freshTenant();
    const db = t.database.db;
    await db.insert(customFields).values([
      {
        tenantId: tenant.tenantId,
        entity: 'ticket',
        key: 'kenh_ban',
        label: 'Kênh bán',
        type: 'select',
        options: ['Online', 'Cửa hàng'],
      },
      {
        tenantId: tenant.tenantId,
        entity: 'ticket',
        key: 'gia_tri',
        label: 'Giá trị',
        type: 'number',
      },
    ]);
    // A service offered for every type, so the type decoy differs in its type alone.
    const [general] = await db
      .insert(ticketServices)
      .values({ tenantId: tenant.tenantId, name: 'Chung' })
      .returning();
    const matching = {
      status: 'open',
      priority_id: config.high,
      type_id: config.incident,
      service_id: general!.id,
      group_id: config.department,
      assignee_id: tenant.id('agent'),
      requester_id: customerId,
      source: 'email',
      tag_ids: [config.urgent],
      custom: { kenh_ban: 'Online', gia_tri: 500 },
    };
    // One ticket matches everything; each decoy misses exactly one filter.
    const decoys: Record<string, Record<string, unknown>> = {
      status: { status: 'pending' },
      priority: { priority_id: config.low },
      type: { type_id: config.question },
      service: { service_id: config.internet, type_id: config.incident },
      group: { group_id: null },
      assignee: { assignee_id: tenant.id('leader') },
      requester: { requester_id: null },
      source: { source: 'zalo' },
      tag: { tag_ids: [config.billing] },
      custom_select: { custom: { kenh_ban: 'Cửa hàng', gia_tri: 500 } },
      custom_number: { custom: { kenh_ban: 'Online', gia_tri: 5 } },
      search: {},
      sla: {},
      created: {},
      updated: {},
    };
    const ids: Record<string, string> = {};
    ids.target = (await createTicket(admin, { subject: 'Mục tiêu chính', ...matching }))._id;
    // Unassigned: in the view ('none'), outside an agent's own scope.
    ids.unassigned = (
      await createTicket(admin, {
        subject: 'Mục tiêu chưa giao',
        ...matching,
        assignee_id: null,
      })
    )._id;
    for (const [name, change] of Object.entries(decoys)) {
      const subject = name === 'search' ? 'Khác hẳn' : `Mục tiêu lệch ${name}`;
      ids[name] = (await createTicket(admin, { subject, ...matching, ...change }))._id;
    }
    // SLA and dates are set in place (the last writes: an update would move updated_at).
    const all = Object.entries(ids);
    for (const [name, id] of all)
      await db
        .update(tickets)
        .set({
          slaBreachedAt: name === 'sla' ? null : new Date('2025-06-20T03:00:00Z'),
          createdAt: new Date(name === 'created' ? '2025-05-10T03:00:00Z' : '2025-06-15T03:00:00Z'),
          updatedAt: new Date(name === 'updated' ? '2025-08-20T03:00:00Z' : '2025-07-15T03:00:00Z'),
        })
        .where(eq(tickets.id, id));

    const filters = {
      search: 'muc tieu',
      status: ['new', 'open'],
      priority_id: [config.high],
      type_id: [config.incident],
      service_id: [general!.id],
      group_id: [config.department],
      assignee_id: ['me', 'none'],
      requester_id: customerId,
      source: ['email', 'chat'],
      tag: [config.urgent],
      sla: 'breached',
      created_from: '2025-06-01',
      created_to: '2025-06-30',
      updated_from: '2025-07-01',
      updated_to: '2025-07-31',
      custom: { kenh_ban: 'Online', gia_tri: { min: 100 } },
    };
    const view = async (token: string, name: string, chosen: Record<string, unknown>) => {
      const created = await call(token, 'POST', '/v2/smart-view', {
        name,
        columns: ['code', 'subject'],
        filters: chosen,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data._id as string;
    };
    const found = async (token: string, id: string) =>
      (await listed(token, `&smart_view_id=${id}`)).data.map((row) => row._id).sort();

    // 'me' is the agent opening it; the unassigned one is outside the agent's own scope.
    const full = await view(agent, 'Tất cả điều kiện', filters);
    expect(await found(agent, full)).toEqual([ids.target]);
    // An administrator (scope all) naming the agent: the unassigned one comes in.
    filters.assignee_id = [tenant.id('agent'), 'none'];
    const adminView = await view(admin, 'Tất cả điều kiện', filters);
    expect(await found(admin, adminView)).toEqual([ids.target, ids.unassigned].sort());

    // Each filter left out lets its own decoy in, and only it.
    const decoyOf: Record<string, string[]> = {
      search: ['search'],
      status: ['status'],
      priority_id: ['priority'],
      type_id: ['type'],
      service_id: ['service'],
      group_id: ['group'],
      assignee_id: ['assignee'],
      requester_id: ['requester'],
      source: ['source'],
      tag: ['tag'],
      sla: ['sla'],
      created_from: ['created'],
      updated_to: ['updated'],
      custom: ['custom_select', 'custom_number'],
    };
    for (const [key, expected] of Object.entries(decoyOf)) {
      const without = Object.fromEntries(Object.entries(filters).filter(([name]) => name !== key));
      const id = await view(admin, `Thiếu ${key}`, without);
      const wanted = [ids.target!, ids.unassigned!, ...expected.map((name) => ids[name]!)];
      expect(await found(admin, id), key).toEqual(wanted.sort());
    }
  });

  it('keeps a view’s custom field filters checked and cleaned, and drops a removed field’s part', async () => {
    const { tenant, admin } = await freshTenant();
    const [field] = await t.database.db
      .insert(customFields)
      .values({
        tenantId: tenant.tenantId,
        entity: 'ticket',
        key: 'kenh_ban',
        label: 'Kênh bán',
        type: 'select',
        options: ['Online', 'Cửa hàng'],
      })
      .returning();
    const save = (custom: Record<string, unknown>) =>
      call(admin, 'POST', '/v2/smart-view', {
        name: `View ${JSON.stringify(custom)}`,
        columns: ['code'],
        filters: { custom },
      });
    expect((await save({ kenh_ban: 'Tại nhà' })).json()).toEqual({
      statusCode: 422,
      message: 'Kênh bán không có lựa chọn "Tại nhà"',
      errors: [
        { param: 'filters.custom.kenh_ban', message: 'Kênh bán không có lựa chọn "Tại nhà"' },
      ],
    });
    expect((await save({ khong_co: 'x' })).json().errors).toEqual([
      { param: 'filters.custom.khong_co', message: 'Trường không tồn tại' },
    ]);
    const saved = await save({ kenh_ban: ['Online'] });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.filters).toEqual({ custom: { kenh_ban: 'Online' } });

    await createTicket(admin, { subject: 'Online', custom: { kenh_ban: 'Online' } });
    await createTicket(admin, { subject: 'Cửa hàng', custom: { kenh_ban: 'Cửa hàng' } });
    const id = saved.json().data._id as string;
    expect(subjects(await listed(admin, `&smart_view_id=${id}`))).toEqual(['Online']);
    // The field switched off: the view lists without that part instead of failing.
    await t.database.db
      .update(customFields)
      .set({ active: false })
      .where(eq(customFields.id, field!.id));
    expect(subjects(await listed(admin, `&smart_view_id=${id}`))).toEqual(['Cửa hàng', 'Online']);
  });

  it('takes comma lists in the list query: any of the values', async () => {
    const { tenant, admin, config } = await freshTenant();
    await createTicket(admin, { subject: 'Cao', priority_id: config.high });
    await createTicket(admin, { subject: 'Thấp', priority_id: config.low });
    await createTicket(admin, { subject: 'Trống' });
    await createTicket(admin, { subject: 'Của agent', assignee_id: tenant.id('agent') });
    expect(subjects(await listed(admin, `&priority_id=${config.high},${config.low}`))).toEqual([
      'Cao',
      'Thấp',
    ]);
    expect(subjects(await listed(admin, `&assignee_id=none,${tenant.id('agent')}`))).toEqual([
      'Cao',
      'Của agent',
      'Thấp',
      'Trống',
    ]);
    expect(subjects(await listed(admin, `&assignee_id=${tenant.id('agent')}`))).toEqual([
      'Của agent',
    ]);
    const bad = await call(admin, 'GET', `/v2/tickets?priority_id=${config.high},x`);
    expect(bad.json()).toEqual({
      statusCode: 422,
      message: 'Mức độ ưu tiên không hợp lệ',
      errors: [{ param: 'priority_id', message: 'Mức độ ưu tiên không hợp lệ' }],
    });
  });
});

describe('bulk actions and delete', () => {
  it('changes status per ticket: a closed one fails alone for an agent', async () => {
    const { tenant, agent } = await freshTenant();
    const one = await createTicket(agent, { subject: 'Một' });
    const closed = await createTicket(agent, { subject: 'Đóng', status: 'closed' });
    const response = await call(agent, 'POST', '/v2/tickets/bulk', {
      action: 'status',
      status: 'pending',
      ids: [one._id, closed._id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: '1/2 thành công, 1 thất bại',
      data: {
        succeeded: 1,
        failed: 1,
        results: [
          { _id: one._id, ok: true },
          {
            _id: closed._id,
            ok: false,
            message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi',
          },
        ],
      },
    });
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.aggregateId, one._id), eq(domainEvents.type, 'ticket.updated')));
    expect(events).toHaveLength(1);
    expect(tenant).toBeDefined();
  });

  it('runs a bulk over more than 50 tickets as a job, with progress and every ticket’s result', async () => {
    const { agent } = await freshTenant();
    const made: { _id: string }[] = [];
    for (let from = 0; from < TICKET_BULK_SYNC_MAX + 5; from += 10)
      made.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            createTicket(agent, { subject: `Hàng loạt ${from + index}` }),
          ),
        )),
      );
    const closed = await createTicket(agent, { subject: 'Đã đóng', status: 'closed' });
    const ids = [...made.map((ticket) => ticket._id), closed._id];
    const started = await call(agent, 'POST', '/v2/tickets/bulk', {
      action: 'status',
      status: 'pending',
      ids,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      statusCode: 202,
      message: TICKET_BULK_MESSAGES.started,
      data: { kind: 'tickets.bulk', total: ids.length, items: [] },
    });
    const jobId: string = started.json().data._id;
    const job = await vi.waitFor(
      async () => {
        const read = (await call(agent, 'GET', `/v2/jobs/${jobId}`)).json().data;
        expect(read.status).toBe('completed');
        return read;
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(job).toMatchObject({
      processed: ids.length,
      percent: 100,
      result: { action: 'status', succeeded: ids.length - 1, failed: 1 },
    });
    // Each ticket's result, in the order asked; the closed one failed alone with its reason.
    expect(job.items).toEqual([
      ...made.map((ticket) => ({ _id: ticket._id, ok: true })),
      { _id: closed._id, ok: false, message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi' },
    ]);
    const statuses = await t.database.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          made.map((ticket) => ticket._id),
        ),
      );
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['pending']));
    // The list of jobs stays light: no items there.
    const listedJobs = (await call(agent, 'GET', '/v2/jobs')).json().data;
    expect(listedJobs.find((one: { _id: string }) => one._id === jobId)).not.toHaveProperty(
      'items',
    );
  });

  it('assigns, sets priority and tags by filter, and refuses what the body lacks', async () => {
    const { tenant, admin, config } = await freshTenant();
    await createTicket(admin, { subject: 'Lọc một', tag_ids: [config.billing] });
    await createTicket(admin, { subject: 'Lọc hai' });
    await createTicket(admin, { subject: 'Khác' });
    const assign = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'assign',
      group_id: config.department,
      assignee_id: tenant.id('agent'),
      filter: { search: 'loc' },
    });
    expect(assign.json().data).toMatchObject({ succeeded: 2, failed: 0 });
    expect(subjects(await listed(admin, `&assignee_id=${tenant.id('agent')}`))).toEqual([
      'Lọc hai',
      'Lọc một',
    ]);
    const outside = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'assign',
      group_id: config.department,
      assignee_id: tenant.id('admin'),
      filter: { search: 'khac' },
    });
    expect(outside.json().data.results[0]).toMatchObject({
      ok: false,
      message: 'Người xử lý không thuộc bộ phận đã chọn',
    });
    const tagged = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'tags',
      add_tag_ids: [config.urgent],
      remove_tag_ids: [config.billing],
      filter: { search: 'loc' },
    });
    expect(tagged.json().data).toMatchObject({ succeeded: 2 });
    expect(subjects(await listed(admin, `&tag=${config.urgent}`))).toEqual(['Lọc hai', 'Lọc một']);
    expect((await listed(admin, `&tag=${config.billing}`)).total).toBe(0);
    const priority = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'priority',
      priority_id: config.high,
      filter: { status: ['new'] },
    });
    expect(priority.json().data).toMatchObject({ succeeded: 3 });

    const invalid: [object, string, string][] = [
      [{ action: 'status', ids: [] }, 'ids', 'Vui lòng chọn ít nhất một ticket'],
      [{ action: 'delete' }, 'ids', 'Vui lòng chọn ít nhất một ticket'],
      [
        { action: 'status', ids: ['00000000-0000-4000-8000-000000000000'] },
        'status',
        'Vui lòng chọn trạng thái',
      ],
      [
        { action: 'tags', ids: ['00000000-0000-4000-8000-000000000000'] },
        'add_tag_ids',
        'Vui lòng chọn tag',
      ],
      [
        { action: 'archive', ids: ['00000000-0000-4000-8000-000000000000'] },
        'action',
        'Thao tác không hợp lệ',
      ],
    ];
    for (const [body, param, message] of invalid) {
      const response = await call(admin, 'POST', '/v2/tickets/bulk', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toContainEqual({ param, message });
    }
    const tooMany = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'delete',
      ids: Array.from({ length: 1001 }, () => '00000000-0000-4000-8000-000000000000'),
    });
    expect(tooMany.json().errors).toContainEqual({
      param: 'ids',
      message: 'Tối đa 1000 ticket mỗi lần',
    });
  });

  it('lets administrators and supervisors delete (401 for team leaders and agents), with an event and an audit entry', async () => {
    const { tenant, admin, agent, leader } = await freshTenant();
    const supervisor = await t.login(tenant.email('supervisor'));
    const mine = await createTicket(agent, { subject: 'Của agent' });
    for (const token of [agent, leader]) {
      const denied = await call(token, 'DELETE', `/v2/tickets/${mine._id}`);
      expect(denied.statusCode).toBe(401);
      expect(denied.json().message).toBe('Bạn không có quyền truy cập');
      const bulkDenied = await call(token, 'POST', '/v2/tickets/bulk', {
        action: 'delete',
        ids: [mine._id],
      });
      expect(bulkDenied.statusCode).toBe(401);
    }
    expect((await call(admin, 'GET', `/v2/tickets/${mine._id}`)).statusCode).toBe(200);
    const deleted = await call(admin, 'DELETE', `/v2/tickets/${mine.number}`);
    expect(deleted.json()).toEqual({
      statusCode: 200,
      message: 'Xóa ticket thành công',
      data: null,
    });
    expect((await call(admin, 'GET', `/v2/tickets/${mine._id}`)).statusCode).toBe(404);
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, mine._id))
      .orderBy(asc(domainEvents.id));
    expect(events.map((e) => e.type)).toEqual(['ticket.created', 'ticket.deleted']);
    const others = [
      await createTicket(admin, { subject: 'Xóa hàng loạt' }),
      await createTicket(agent, { subject: 'Xóa một' }),
    ];
    const bulk = await call(supervisor, 'POST', '/v2/tickets/bulk', {
      action: 'delete',
      ids: [others[0]?._id],
    });
    expect(bulk.json().data.results).toEqual([{ _id: others[0]?._id, ok: true }]);
    const one = await call(supervisor, 'DELETE', `/v2/tickets/${others[1]?._id}`);
    expect(one.statusCode).toBe(200);
    for (const ticket of others)
      expect((await call(admin, 'GET', `/v2/tickets/${ticket?._id}`)).statusCode).toBe(404);
  });
});

describe('bulk merge', () => {
  const comment = async (token: string, id: string, body: string) => {
    const response = await call(token, 'POST', `/v2/tickets/${id}/comments`, {
      body: `<p>${body}</p>`,
      public: false,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const commentsOf = async (token: string, id: string) => {
    const response = await call(token, 'GET', `/v2/tickets/${id}/comments?page_size=200`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { body: string }[]).map((item) => item.body);
  };

  it('merges each chosen ticket into the target; the target and a closed one fail alone', async () => {
    const { admin } = await freshTenant();
    const one = await createTicket(admin, { subject: 'Gộp một' });
    const two = await createTicket(admin, { subject: 'Gộp hai' });
    const target = await createTicket(admin, { subject: 'Đích' });
    const closed = await createTicket(admin, { subject: 'Đã đóng', status: 'closed' });
    await comment(admin, one._id, 'Bình luận của ticket một');
    const response = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'merge',
      target_id: target._id,
      ids: [one._id, target._id, two._id, closed._id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      message: '2/4 thành công, 2 thất bại',
      data: {
        succeeded: 2,
        failed: 2,
        results: [
          { _id: one._id, ok: true },
          { _id: target._id, ok: false, message: 'Đây là ticket đích, không gộp vào chính nó' },
          { _id: two._id, ok: true },
          { _id: closed._id, ok: false, message: 'Ticket đã đóng, không thể gộp' },
        ],
      },
    });
    for (const source of [one, two]) {
      const detail = (await call(admin, 'GET', `/v2/tickets/${source._id}`)).json().data;
      expect(detail).toMatchObject({
        status: 'closed',
        merged_into: { _id: target._id, code: target.code, number: target.number },
      });
    }
    const moved = await commentsOf(admin, target._id);
    expect(moved.some((body) => body.includes('Bình luận của ticket một'))).toBe(true);
    expect(moved.filter((body) => body.includes('vào ticket này'))).toHaveLength(2);
    const target_ = (await call(admin, 'GET', `/v2/tickets/${target._id}`)).json().data;
    expect(target_).toMatchObject({ status: 'new', merged_into: null });
    const links = (await call(admin, 'GET', `/v2/tickets/${target._id}/links`)).json().data;
    expect(links.map((link: { kind: string; ticket: { _id: string } }) => link.ticket._id)).toEqual(
      expect.arrayContaining([one._id, two._id]),
    );
  });

  it('merges what a filter finds, and refuses a missing, unknown or closed target', async () => {
    const { admin } = await freshTenant();
    const target = await createTicket(admin, { subject: 'Đích theo lọc' });
    const found = [
      await createTicket(admin, { subject: 'Trùng lặp một' }),
      await createTicket(admin, { subject: 'Trùng lặp hai' }),
    ];
    const response = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'merge',
      target_id: target._id,
      filter: { search: 'trung lap' },
    });
    expect(response.json().data).toMatchObject({ succeeded: 2, failed: 0 });
    expect(
      (response.json().data.results as { _id: string }[]).map((item) => item._id).sort(),
    ).toEqual(found.map((ticket) => ticket._id).sort());

    const closed = await createTicket(admin, { subject: 'Đích đã đóng', status: 'closed' });
    const other = await createTicket(admin, { subject: 'Nguồn' });
    const refused: [object, string, string][] = [
      [{ action: 'merge', ids: [other._id] }, 'target_id', 'Vui lòng chọn ticket đích'],
      [
        { action: 'merge', ids: [other._id], target_id: '00000000-0000-4000-8000-000000000000' },
        'target_id',
        'Không tìm thấy ticket đích',
      ],
      [
        { action: 'merge', ids: [other._id], target_id: closed._id },
        'target_id',
        'Ticket đích đã đóng, không thể gộp vào',
      ],
    ];
    for (const [body, param, message] of refused) {
      const answer = await call(admin, 'POST', '/v2/tickets/bulk', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(answer.json()).toEqual({ statusCode: 422, message, errors: [{ param, message }] });
    }
    const untouched = (await call(admin, 'GET', `/v2/tickets/${other._id}`)).json().data;
    expect(untouched).toMatchObject({ status: 'new', merged_into: null });
  });

  it('keeps to the caller scope: a ticket they cannot see fails alone, a target they cannot see is refused', async () => {
    const { admin, agent } = await freshTenant();
    const mine = await createTicket(agent, { subject: 'Của agent' });
    const target = await createTicket(agent, { subject: 'Đích của agent' });
    const hidden = await createTicket(admin, { subject: 'Của admin' });
    const response = await call(agent, 'POST', '/v2/tickets/bulk', {
      action: 'merge',
      target_id: target._id,
      ids: [mine._id, hidden._id],
    });
    expect(response.json().data.results).toEqual([
      { _id: mine._id, ok: true },
      { _id: hidden._id, ok: false, message: 'Không tìm thấy ticket' },
    ]);
    const outside = await call(agent, 'POST', '/v2/tickets/bulk', {
      action: 'merge',
      target_id: hidden._id,
      ids: [target._id],
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual([
      { param: 'target_id', message: 'Không tìm thấy ticket đích' },
    ]);
  });
});

describe('customers with tickets', () => {
  it('refuses to delete a requester of tickets, and merge moves the tickets to the survivor', async () => {
    const { admin, customerId } = await freshTenant();
    const ticket = await createTicket(admin, { subject: 'Của An', requester_id: customerId });
    const refused = await call(admin, 'DELETE', `/v2/customers/${customerId}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Khách hàng đang có ticket, không thể xóa',
    });
    const bulk = await call(admin, 'POST', '/v2/customers/bulk', {
      action: 'delete',
      ids: [customerId],
    });
    expect(bulk.json().data.results).toEqual([
      { id: customerId, ok: false, message: 'Khách hàng đang có ticket, không thể xóa' },
    ]);

    const survivor = await call(admin, 'POST', '/v2/customers', { name: 'Nguyễn Văn An (mới)' });
    const survivorId = survivor.json().data._id as string;
    const merged = await call(admin, 'POST', '/v2/customers/merge', {
      survivor_id: survivorId,
      merged_id: customerId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const read = (await call(admin, 'GET', `/v2/tickets/${ticket._id}`)).json().data;
    expect(read.requester).toEqual({ _id: survivorId, name: 'Nguyễn Văn An (mới)' });
  });
});
