import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { tagGroups, tags } from '../../db/schema/customers.js';
import { auditLog } from '../../db/schema/platform.js';
import { ticketPriorities } from '../../db/schema/ticket-config.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let leader: string;
let supervisor: string;
let agent: string;
let agent2: string;
let otherAdmin: string;
let high: string;
let vip: string;
let billing: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Macro');
  const other = await seedTenant(t, 'Khác');
  [admin, leader, supervisor, agent, agent2, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('leader')),
    t.login(tenant.email('supervisor')),
    t.login(tenant.email('agent')),
    t.login(tenant.email('agent2')),
    t.login(other.email('admin')),
  ]);
  const db = t.database.db;
  const tenantId = tenant.tenantId;
  const [priority] = await db
    .insert(ticketPriorities)
    .values({ tenantId, name: 'Cao', color: '#dc2626', position: 2 })
    .returning();
  high = priority!.id;
  const [group] = await db.insert(tagGroups).values({ tenantId, name: 'Chủ đề' }).returning();
  const [vipTag, billingTag] = await db
    .insert(tags)
    .values([
      { tenantId, tagGroupId: group!.id, name: 'VIP', key: 'vip' },
      { tenantId, tagGroupId: group!.id, name: 'Cước phí', key: 'cuoc phi' },
    ])
    .returning();
  vip = vipTag!.id;
  billing = billingTag!.id;
  const customer = await call('POST', '/v2/customers', admin, {
    name: 'Nguyễn <Văn> An',
    phones: [{ phone: '0912345678' }],
    emails: [{ email: 'an@example.com' }],
  });
  expect(customer.statusCode, customer.body).toBe(201);
  customerId = customer.json().data._id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const names = async (token: string) =>
  (await call('GET', '/v2/macros', token)).json().data.map((row: { name: string }) => row.name);

async function newTicket(body: Record<string, unknown> = {}) {
  const response = await call('POST', '/v2/tickets', admin, {
    subject: 'Khách hỏi cước tháng 10',
    requester_id: customerId,
    assignee_id: tenant.id('agent'),
    tag_ids: [billing],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; code: string; number: number };
}

describe('macros', () => {
  it('keeps personal macros to their owner and shares the shared ones, answering usage counts', async () => {
    const mine = await call('POST', '/v2/macros', agent, {
      name: 'Xin thêm thông tin',
      body: 'Chào {{customer.name}}, anh/chị cho em xin số hợp đồng ạ.',
      actions: { status: 'pending' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      message: 'Tạo mới macro thành công',
      data: {
        name: 'Xin thêm thông tin',
        shared: false,
        editable: true,
        usage_count: 0,
        actions: { status: 'pending' },
        owner: { _id: tenant.id('agent'), name: 'Chuyên Viên Một' },
      },
    });
    const shared = await call('POST', '/v2/macros', leader, {
      name: 'Đóng vì đã xử lý',
      body: 'Cảm ơn anh/chị đã liên hệ.',
      actions: { status: 'solved' },
      shared: true,
    });
    expect(shared.statusCode, shared.body).toBe(201);

    expect(await names(agent)).toEqual(
      expect.arrayContaining(['Xin thêm thông tin', 'Đóng vì đã xử lý']),
    );
    expect(await names(agent2)).toEqual(['Đóng vì đã xử lý']);
    expect(await names(otherAdmin)).toEqual([]);
    const seenByAgent2 = (await call('GET', '/v2/macros', agent2)).json().data[0];
    expect(seenByAgent2).toMatchObject({ shared: true, editable: false });

    // Another's personal macro is not there for them; a shared one is not theirs to change.
    const mineId = mine.json().data._id;
    expect((await call('GET', `/v2/macros/${mineId}`, agent2)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/macros/${mineId}`, agent2)).statusCode).toBe(404);
    const sharedId = shared.json().data._id;
    expect(
      (await call('PUT', `/v2/macros/${sharedId}`, agent2, { name: 'Đổi tên', body: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await call('DELETE', `/v2/macros/${sharedId}`, agent2)).statusCode).toBe(401);
    expect((await call('GET', `/v2/macros/${sharedId}`, agent2)).json().data.name).toBe(
      'Đóng vì đã xử lý',
    );
  });

  it('lets only administrators and team leaders share, and refuses bad macros on their field', async () => {
    for (const token of [agent, supervisor]) {
      const refused = await call('POST', '/v2/macros', token, {
        name: `Dùng chung ${token.slice(-4)}`,
        body: 'Xin chào',
        shared: true,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        { param: 'shared', message: 'Chỉ quản trị viên và trưởng nhóm được tạo macro dùng chung' },
      ]);
    }
    const byAdmin = await call('POST', '/v2/macros', admin, {
      name: 'Chuyển bộ phận kỹ thuật',
      body: '',
      actions: { priority_id: high },
      shared: true,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', body: 'x' }, 'name', 'Tên macro không được bỏ trống'],
      [
        { name: 'Biến lạ', body: 'Chào {{khach.ten}}' },
        'body',
        'Biến không được hỗ trợ: {{khach.ten}}',
      ],
      [{ name: 'Trống' }, 'body', 'Macro cần có nội dung trả lời hoặc ít nhất một thay đổi'],
      [
        { name: 'Tag hai chiều', actions: { add_tag_ids: [vip], remove_tag_ids: [vip] } },
        'actions.remove_tag_ids',
        'Một tag không thể vừa được thêm vừa được gỡ',
      ],
      [
        { name: 'Trạng thái lạ', actions: { status: 'lost' } },
        'actions.status',
        'Trạng thái không hợp lệ',
      ],
      [
        { name: 'Chuyển bộ phận kỹ thuật', body: 'x', shared: true },
        'name',
        'Tên macro đã tồn tại',
      ],
    ];
    for (const [body, param, message] of cases) {
      const response = await call('POST', '/v2/macros', admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toContainEqual({ param, message });
    }
    // The same name among one's personal macros is another scope.
    expect(
      (await call('POST', '/v2/macros', admin, { name: 'Chuyển bộ phận kỹ thuật', body: 'x' }))
        .statusCode,
    ).toBe(201);
  });

  it('applies a macro: the reply with its placeholders filled, then its changes as one audited change', async () => {
    const ticket = await newTicket();
    const made = await call('POST', '/v2/macros', agent, {
      name: 'Nhận xử lý gấp',
      body: 'Chào {{customer.name}},\nEm là {{agent.name}}, đã nhận {{ticket.code}}.',
      actions: {
        status: 'pending',
        priority_id: high,
        assignee: 'me',
        add_tag_ids: [vip],
        remove_tag_ids: [billing],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const macro = made.json().data as { _id: string };

    const placeholders = await call('GET', `/v2/tickets/${ticket._id}/placeholders`, agent);
    expect(placeholders.json().data).toMatchObject({
      'customer.name': 'Nguyễn <Văn> An',
      'customer.phone': '0912345678',
      'customer.email': 'an@example.com',
      'agent.name': 'Chuyên Viên Một',
      'ticket.code': ticket.code,
    });

    const applied = await call('POST', `/v2/tickets/${ticket._id}/macros/${macro._id}`, agent, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe('Đã áp dụng macro Nhận xử lý gấp');
    const { ticket: after, comment } = applied.json().data;
    // Placeholders filled and escaped, a paragraph a line.
    expect(comment).toMatchObject({ public: true });
    expect(comment.body).toBe(
      `<p>Chào Nguyễn &lt;Văn&gt; An,</p><p>Em là Chuyên Viên Một, đã nhận ${ticket.code}.</p>`,
    );
    expect(after).toMatchObject({
      status: 'pending',
      priority: { _id: high },
      assignee: { _id: tenant.id('agent') },
    });
    expect(after.tags.map((tag: { _id: string }) => tag._id)).toEqual([vip]);

    // One entry for the changes, naming the macro and the agent.
    const entries = await t.database.db
      .select({ action: auditLog.action, via: auditLog.via })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, ticket._id)));
    expect(entries.filter((entry) => entry.action === 'update')).toEqual([
      { action: 'update', via: { kind: 'macro', name: 'Nhận xử lý gấp' } },
    ]);
    const activity = (await call('GET', `/v2/tickets/${ticket._id}/activities`, agent)).json().data;
    expect(activity[0]).toMatchObject({
      kind: 'ticket.update',
      actor: { _id: tenant.id('agent') },
      via: { kind: 'macro', name: 'Nhận xử lý gấp', label: 'Áp dụng macro Nhận xử lý gấp' },
    });
    expect(activity[0].changes.map((change: { field: string }) => change.field)).toEqual(
      expect.arrayContaining(['status', 'priority', 'tags']),
    );
    const listed = (await call('GET', '/v2/macros', agent)).json().data;
    expect(listed.find((row: { _id: string }) => row._id === macro._id).usage_count).toBe(1);
  });

  it('posts the reply as the agent edited it, and refuses what the caller may not reach', async () => {
    const ticket = await newTicket();
    const macro = (
      await call('POST', '/v2/macros', agent, {
        name: 'Trả lời mẫu',
        body: 'Chào {{customer.name}}',
      })
    ).json().data as { _id: string };
    const edited = await call('POST', `/v2/tickets/${ticket.number}/macros/${macro._id}`, agent, {
      body: '<p>Chào anh An, em đã sửa lời chào.</p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.comment.body).toBe('<p>Chào anh An, em đã sửa lời chào.</p>');
    // No changes: the ticket answers as it is, nothing audited as the macro.
    expect(edited.json().data.ticket.status).toBe('open');

    // Another's personal macro, a ticket out of the tenant, a closed ticket, malformed ids.
    expect(
      (await call('POST', `/v2/tickets/${ticket._id}/macros/${macro._id}`, agent2, {})).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/v2/tickets/${ticket._id}/macros/${macro._id}`, otherAdmin, {}))
        .statusCode,
    ).toBe(404);
    const closed = await newTicket({ status: 'closed' });
    const refused = await call('POST', `/v2/tickets/${closed._id}/macros/${macro._id}`, admin, {});
    expect(refused.statusCode).toBe(404);
    const ownMacro = (
      await call('POST', '/v2/macros', admin, { name: 'Của quản trị', body: 'Xin chào' })
    ).json().data as { _id: string };
    const onClosed = await call(
      'POST',
      `/v2/tickets/${closed._id}/macros/${ownMacro._id}`,
      admin,
      {},
    );
    expect(onClosed.statusCode).toBe(422);
    expect(onClosed.json().errors).toEqual([
      { param: 'body', message: 'Ticket đã đóng, không thể thêm bình luận' },
    ]);
    const malformed = await call('POST', `/v2/tickets/${ticket._id}/macros/abc`, agent, {});
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual([{ param: 'macroId', message: 'Macro không hợp lệ' }]);
  });
});
