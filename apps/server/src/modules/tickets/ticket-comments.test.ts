import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_CONVERSATION_MESSAGES as M,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { channels } from '../../db/schema/conversations.js';
import { customers } from '../../db/schema/customers.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { notifications } from '../../db/schema/notifications.js';
import { domainEvents } from '../../db/schema/outbox.js';
import { auditLog } from '../../db/schema/platform.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import {
  bearer,
  createTestApp,
  seedTenant,
  type TestApp,
  OUTBOX_DELIVERY_WAIT_MS,
} from '../../test/helpers.js';
import { addCustomerReply } from './ticket-comments.service.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a2b6d50000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PAGE = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
const tokens: Record<string, string> = {};
let otherAdmin = '';
let requesterId = '';
let departmentId = '';

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Hội thoại');
  other = await seedTenant(t, 'Khác');
  const [department] = await t.database.db
    .insert(groups)
    .values({ tenantId: tenant.tenantId, target: 'user', name: 'CSKH' })
    .returning();
  departmentId = department?.id ?? '';
  await t.database.db.insert(groupMembers).values(
    ['leader', 'agent'].map((name) => ({
      tenantId: tenant.tenantId,
      groupId: departmentId,
      userId: tenant.id(name),
    })),
  );
  for (const name of ['admin', 'leader', 'agent', 'agent2'])
    tokens[name] = await t.login(tenant.email(name));
  otherAdmin = await t.login(other.email('admin'));
  const [customer] = await t.database.db
    .insert(customers)
    .values({ tenantId: tenant.tenantId, name: 'Khách Hỏi' })
    .returning();
  requesterId = customer?.id ?? '';
});
afterAll(() => t.close());

async function newTicket(values: Partial<typeof tickets.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(tickets)
    .values({ tenantId: tenant.tenantId, subject: 'Không đăng nhập được', requesterId, ...values })
    .returning();
  if (!row) throw new Error('no ticket');
  return row;
}
const ticketRow = async (id: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

const post = (who: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/tickets/${id}/comments`,
    headers: bearer(tokens[who] ?? who),
    payload: payload as Record<string, unknown>,
  });
const get = (who: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? who) });

function form(
  fields: Record<string, string>,
  files: { name: string; content: Buffer; field?: string }[],
) {
  const boundary = '----omnicare-comment';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}
const postForm = (
  who: string,
  id: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[],
) => {
  const body = form(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/v2/tickets/${id}/comments`,
    headers: { ...bearer(tokens[who] ?? who), ...body.headers },
    payload: body.payload,
  });
};

const unprocessable = (param: string, message: string) => ({
  statusCode: 422,
  message,
  errors: [{ param, message }],
});

describe('comments', () => {
  it('a public staff reply opens a new ticket, stamps the first response and counts replies', async () => {
    const ticket = await newTicket();
    const first = await post('admin', ticket.id, {
      body: '<p>Chào anh, em kiểm tra ngay.</p>',
      public: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(M.commented);
    expect(first.json().data).toMatchObject({
      ticket_id: ticket.id,
      author_type: 'user',
      author: { _id: tenant.id('admin'), name: 'Quản Trị Viên', avatar_url: null },
      body: '<p>Chào anh, em kiểm tra ngay.</p>',
      public: true,
      attachments: [],
      mentions: [],
    });
    const afterFirst = await ticketRow(ticket.id);
    expect(afterFirst?.status).toBe('open');
    expect(afterFirst?.replyCount).toBe(1);
    expect(afterFirst?.firstResponseAt).toBeInstanceOf(Date);

    await post('admin', ticket.id, { body: 'Lần hai', public: true });
    const afterSecond = await ticketRow(ticket.id);
    expect(afterSecond?.replyCount).toBe(2);
    expect(afterSecond?.firstResponseAt?.toISOString()).toBe(
      afterFirst?.firstResponseAt?.toISOString(),
    );

    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, ticket.id))
      .orderBy(asc(domainEvents.id));
    expect(events.map((event) => event.type)).toEqual([
      'ticket.commented',
      'ticket.updated',
      'ticket.commented',
    ]);
    expect(events[0]?.payload).toMatchObject({ comment_id: first.json().data._id, public: true });
    expect(events[1]?.payload).toEqual({ changes: { status: { before: 'new', after: 'open' } } });

    const activity = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, ticket.id)))
      .orderBy(asc(auditLog.createdAt));
    expect(activity.map((entry) => entry.action)).toEqual(['comment', 'comment']);
    expect(activity[0]?.before).toEqual({ status: 'new' });
    expect(activity[0]?.after).toMatchObject({ status: 'open', public: true });
  });

  it('an internal note changes neither the status nor the counters', async () => {
    const ticket = await newTicket();
    const note = await post('admin', ticket.id, { body: 'Ghi chú nội bộ', public: false });
    expect(note.statusCode).toBe(201);
    expect(note.json().data.public).toBe(false);
    const row = await ticketRow(ticket.id);
    expect(row).toMatchObject({ status: 'new', replyCount: 0, firstResponseAt: null });
  });

  it('sanitises the body: no scripts, handlers, javascript: links or foreign images', async () => {
    const ticket = await newTicket();
    const own = `/v2/tickets/${ticket.id}/attachments/6f1c2a52-8d0e-4b3a-9c71-2f4e5d6a7b80`;
    const response = await post('admin', ticket.id, {
      body:
        `<p onclick="steal()">Xem <b>đậm</b> <a href="javascript:alert(1)">x</a> ` +
        `<a href="https://omnicare.vn/huong-dan">hướng dẫn</a> <a href="/tickets/5" target="_top">#5</a></p><script>alert(1)</script>` +
        `<ul><li>một</li></ul><img src="https://evil.example/x.png" onerror="x()"><img src="${own}">` +
        `<style>p{}</style><iframe src="https://evil.example"></iframe>`,
      public: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.body).toBe(
      '<p>Xem <b>đậm</b> <a target="_blank" rel="noopener noreferrer nofollow">x</a> ' +
        '<a href="https://omnicare.vn/huong-dan" target="_blank" rel="noopener noreferrer nofollow">hướng dẫn</a> <a href="/tickets/5">#5</a></p>' +
        `<ul><li>một</li></ul><img src="${own}" />`,
    );
  });

  it('refuses bad comments with whole Vietnamese 422 bodies', async () => {
    const ticket = await newTicket();
    const cases: [unknown, object][] = [
      [{ body: '', public: true }, unprocessable('body', M.bodyRequired)],
      [{ body: '   ', public: true }, unprocessable('body', M.bodyRequired)],
      [{ public: true }, unprocessable('body', M.bodyRequired)],
      [{ body: 'Xin chào' }, unprocessable('public', M.publicRequired)],
      [{ body: 'Xin chào', public: 'có' }, unprocessable('public', M.publicRequired)],
      [{ body: 12, public: true }, unprocessable('body', M.bodyRequired)],
      [{ body: 'x'.repeat(100_001), public: true }, unprocessable('body', M.bodyTooLong)],
      [{ body: '<script>alert(1)</script>', public: true }, unprocessable('body', M.bodyRequired)],
    ];
    for (const [payload, expected] of cases) {
      const response = await post('admin', ticket.id, payload);
      expect(response.json(), JSON.stringify(payload).slice(0, 80)).toEqual(expected);
    }
    const none = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${ticket.id}/comments`,
      headers: bearer(tokens.admin ?? ''),
    });
    expect(none.json()).toEqual({
      statusCode: 422,
      message: M.bodyRequired,
      errors: [
        { param: 'body', message: M.bodyRequired },
        { param: 'public', message: M.publicRequired },
      ],
    });
    const badId = await post('admin', 'khong-phai-ma', { body: 'x', public: true });
    expect(badId.json()).toEqual(unprocessable('id', M.invalidTicketId));
    const badPage = await get('admin', `/v2/tickets/${ticket.id}/comments?page_size=1000`);
    expect(badPage.statusCode).toBe(422);
    expect(badPage.json().errors).toEqual([
      { param: 'page_size', message: 'Số bản ghi mỗi trang tối đa là 200' },
    ]);
  });

  it('a closed ticket takes no comment', async () => {
    const ticket = await newTicket({ status: 'closed' });
    const response = await post('admin', ticket.id, { body: 'Muộn rồi', public: true });
    expect(response.json()).toEqual(unprocessable('body', M.closed));
    await expect(
      addCustomerReply(t.app.platform, tenant.tenantId, ticket.id, { body: 'Còn đó không?' }),
    ).rejects.toMatchObject({ statusCode: 422, message: M.closed });
  });

  it('lists the conversation oldest first, a page at a time, with each author', async () => {
    const ticket = await newTicket();
    for (const n of [1, 2, 3])
      await post('admin', ticket.id, { body: `Tin ${n}`, public: n !== 2 });
    await addCustomerReply(t.app.platform, tenant.tenantId, ticket.id, { body: 'Khách trả lời' });
    const all = await get('admin', `/v2/tickets/${ticket.id}/comments`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    expect(all.json().data.map((c: { body: string }) => c.body)).toEqual([
      'Tin 1',
      'Tin 2',
      'Tin 3',
      'Khách trả lời',
    ]);
    expect(all.json().data[3]).toMatchObject({
      author_type: 'customer',
      author: { _id: requesterId, name: 'Khách Hỏi', avatar_url: null },
      public: true,
    });
    const second = await get('admin', `/v2/tickets/${ticket.id}/comments?page=2&page_size=3`);
    expect(second.json().data.map((c: { body: string }) => c.body)).toEqual(['Khách trả lời']);
    expect(second.json().total).toBe(4);
    // Past the end: no row, the count still told.
    const beyond = await get('admin', `/v2/tickets/${ticket.id}/comments?page=3&page_size=3`);
    expect(beyond.json()).toMatchObject({ data: [], total: 4 });
  });

  it("the requester's reply reopens a solved ticket and counts the reopening", async () => {
    const ticket = await newTicket({ status: 'solved', reopenCount: 1 });
    const reply = await addCustomerReply(t.app.platform, tenant.tenantId, ticket.id, {
      body: 'Vẫn chưa được <script>x</script>',
      providerMessageId: 'mail-123',
    });
    expect(reply).toMatchObject({
      body: 'Vẫn chưa được',
      direction: 'in',
      author_type: 'customer',
      provider_message_id: 'mail-123',
      delivery: null,
    });
    expect(await ticketRow(ticket.id)).toMatchObject({
      status: 'open',
      reopenCount: 2,
      replyCount: 0,
    });
    // Only a customer of the ticket's tenant writes in it.
    const [stranger] = await t.database.db
      .insert(customers)
      .values({ tenantId: other.tenantId, name: 'Người Lạ' })
      .returning();
    await expect(
      addCustomerReply(t.app.platform, tenant.tenantId, ticket.id, {
        body: 'Xin chào',
        customerId: stranger?.id,
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: M.customerNotFound });
  });

  it('replies arriving together share a transaction, yet each one keeps its own rules and refusal', async () => {
    const pending = await newTicket({ status: 'pending' });
    const solved = await newTicket({ status: 'solved', reopenCount: 0 });
    const closed = await newTicket({ status: 'closed' });
    const reply = (id: string, body: string) =>
      addCustomerReply(t.app.platform, tenant.tenantId, id, { body });
    // Started in one turn, so they go to the database as one wave.
    const transactions = vi.spyOn(t.app.platform.db, 'transaction');
    const outcomes = await Promise.allSettled([
      reply(pending.id, 'Một'),
      reply(closed.id, 'Muộn rồi'),
      reply(solved.id, 'Vẫn lỗi'),
      reply(pending.id, 'Hai'),
      reply('00000000-0000-4000-8000-000000000000', 'Không có'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
    expect(outcomes[1]).toMatchObject({ reason: { statusCode: 422, message: M.closed } });
    expect(outcomes[4]).toMatchObject({ reason: { statusCode: 404 } });
    expect(await ticketRow(pending.id)).toMatchObject({ status: 'open' });
    expect(await ticketRow(solved.id)).toMatchObject({ status: 'open', reopenCount: 1 });
    // The second reply to the pending ticket found it open: one status change, two messages.
    const events = await t.database.db
      .select({ type: domainEvents.type })
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, pending.id))
      .orderBy(asc(domainEvents.id));
    expect(events.map((event) => event.type)).toEqual([
      'ticket.commented',
      'ticket.updated',
      'ticket.commented',
    ]);
    const closedComments = await get('admin', `/v2/tickets/${closed.id}/comments`);
    expect(closedComments.json().total).toBe(0);
  });

  it('writes a message sent again with its client id once, even when both arrive at once', async () => {
    const ticket = await newTicket();
    const body = { body: 'Em đã nhận', public: true, client_message_id: 'composer-7f3a' };
    const [a, b] = await Promise.all([
      post('admin', ticket.id, body),
      post('admin', ticket.id, body),
    ]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().data._id).toBe(a.json().data._id);
    const again = await post('admin', ticket.id, body);
    expect(again.json().data._id).toBe(a.json().data._id);
    const listed = await get('admin', `/v2/tickets/${ticket.id}/comments`);
    expect(listed.json().total).toBe(1);
    expect(listed.json().data[0]).toMatchObject({ direction: 'out', kind: 'text', delivery: null });
    expect((await ticketRow(ticket.id))?.replyCount).toBe(1);
    // Another id is another message; an id of nothing but spaces or too long is refused.
    await post('admin', ticket.id, { ...body, client_message_id: 'composer-8b1c' });
    expect((await ticketRow(ticket.id))?.replyCount).toBe(2);
    const blank = await post('admin', ticket.id, { ...body, client_message_id: '   ' });
    expect(blank.json()).toEqual(unprocessable('client_message_id', M.clientMessageIdInvalid));
    const long = await post('admin', ticket.id, { ...body, client_message_id: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
  });

  it("a channel's message delivered twice is written once (its provider id)", async () => {
    const ticket = await newTicket({ status: 'solved', reopenCount: 0 });
    const deliver = () =>
      addCustomerReply(t.app.platform, tenant.tenantId, ticket.id, {
        body: 'Vẫn lỗi',
        providerMessageId: '<abc@mail.example>',
      });
    const [first, second] = await Promise.all([deliver(), deliver()]);
    expect(second._id).toBe(first._id);
    expect((await deliver())._id).toBe(first._id);
    const listed = await get('admin', `/v2/tickets/${ticket.id}/comments`);
    expect(listed.json().total).toBe(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open', reopenCount: 1 });

    // Through a channel (the insert finds the twin by the unique provider id): the same.
    const [channel] = await t.database.db
      .insert(channels)
      .values({ tenantId: tenant.tenantId, kind: 'zalo', name: 'Zalo OA' })
      .returning();
    const viaChannel = () =>
      addCustomerReply(t.app.platform, tenant.tenantId, ticket.id, {
        body: 'Gửi lại',
        providerMessageId: 'zalo-msg-1',
        channelId: channel!.id,
      });
    const [one, two] = await Promise.all([viaChannel(), viaChannel()]);
    expect(two._id).toBe(one._id);
    expect((await viaChannel())._id).toBe(one._id);
    expect((await get('admin', `/v2/tickets/${ticket.id}/comments`)).json().total).toBe(2);
  });

  it('notifies the mentioned staff of the tenant only', async () => {
    const ticket = await newTicket();
    const body =
      `<p><span data-mention="${tenant.id('agent')}">@Một</span> ` +
      `<span data-mention="${other.id('agent')}">@Người lạ</span> ` +
      `<span data-mention="${tenant.id('admin')}">@Tôi</span></p>`;
    const response = await post('admin', ticket.id, { body, public: false });
    expect(
      response
        .json()
        .data.mentions.map((m: { _id: string }) => m._id)
        .sort(),
    ).toEqual([tenant.id('agent'), tenant.id('admin')].sort());
    // The conversation names them; the other tenant's user is no mention at all.
    const byId = (a: { _id: string }, b: { _id: string }) => a._id.localeCompare(b._id);
    const named = await t.database.db
      .select({ _id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [tenant.id('agent'), tenant.id('admin')]));
    const listed = (await get('admin', `/v2/tickets/${ticket.id}/comments`)).json().data;
    expect([...listed[0].mentions].sort(byId)).toEqual(named.sort(byId));
    // Sent by the outbox subscriber once the comment's event is delivered.
    const forTicket = await vi.waitFor(
      async () => {
        const sent = await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.kind, 'ticket.mention'));
        const rows = sent.filter(
          (n) => n.body === ticket.subject && n.link === `/tickets/${ticket.number}`,
        );
        expect(rows.map((n) => n.userId)).toEqual([tenant.id('agent')]);
        return rows;
      },
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
    expect(forTicket[0]?.title).toBe(
      `Quản Trị Viên đã nhắc đến bạn trong ticket ${formatTicketCode(ticket.number)}`,
    );
  });

  it('makes the mentioned staff followers, so the ticket opens for them whatever their scope', async () => {
    const ticket = await newTicket({ assigneeId: tenant.id('agent2') });
    // agent sees only their own tickets ('me').
    expect((await get('agent', `/v2/tickets/${ticket.id}`)).statusCode).toBe(404);
    const body = `<p><span data-mention="${tenant.id('agent')}">@Một</span> xem giúp</p>`;
    expect((await post('admin', ticket.id, { body, public: false })).statusCode).toBe(201);
    const opened = await get('agent', `/v2/tickets/${ticket.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.followers.map((f: { _id: string }) => f._id)).toEqual([
      tenant.id('agent'),
    ]);
    const activity = (await get('admin', `/v2/tickets/${ticket.id}/activities`)).json().data;
    expect(JSON.stringify(activity)).toContain('followers');
    // Mentioned again: already following, nothing more is recorded.
    expect((await post('admin', ticket.id, { body, public: false })).statusCode).toBe(201);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticket.id), eq(auditLog.action, 'update')));
    expect(entries).toHaveLength(1);
  });

  it('takes the ticket by its number as well as its id, as its detail does', async () => {
    const ticket = await newTicket();
    const posted = await post('admin', String(ticket.number), { body: 'Theo số', public: false });
    expect(posted.statusCode, posted.body).toBe(201);
    const listed = await get('admin', `/v2/tickets/${ticket.number}/comments`);
    expect(listed.json().data.map((c: { body: string }) => c.body)).toEqual(['Theo số']);
    const other = await newTicket();
    const linked = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${ticket.number}/links`,
      headers: bearer(tokens.admin!),
      payload: { related_id: other.id },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const links = await get('admin', `/v2/tickets/${ticket.number}/links`);
    expect(links.json().data.map((l: { ticket: { _id: string } }) => l.ticket._id)).toEqual([
      other.id,
    ]);
    // Neither a number nor an id: 422 on the parameter; another tenant's number: 404.
    expect((await get('admin', '/v2/tickets/abc/comments')).json()).toEqual(
      unprocessable('id', M.invalidTicketId),
    );
    expect((await get(otherAdmin, `/v2/tickets/${ticket.number}/comments`)).statusCode).toBe(404);
    const merged = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${ticket.number}/merge`,
      headers: bearer(tokens.admin!),
      payload: { target_id: other.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await ticketRow(ticket.id))?.mergedIntoId).toBe(other.id);
  });

  it("keeps tickets to their tenant and to the caller's data scope", async () => {
    const mine = await newTicket({ assigneeId: tenant.id('agent') });
    const colleagues = await newTicket({ assigneeId: tenant.id('agent2') });
    const grouped = await newTicket({ groupId: departmentId });
    const notFound = { statusCode: 404, message: M.ticketNotFound };
    // Another tenant's administrator.
    expect((await get(otherAdmin, `/v2/tickets/${mine.id}/comments`)).json()).toEqual(notFound);
    expect((await post(otherAdmin, mine.id, { body: 'x', public: true })).json()).toEqual(notFound);
    // agent: me.
    expect((await get('agent', `/v2/tickets/${mine.id}/comments`)).statusCode).toBe(200);
    expect((await get('agent', `/v2/tickets/${colleagues.id}/comments`)).json()).toEqual(notFound);
    expect((await post('agent', grouped.id, { body: 'x', public: true })).json()).toEqual(notFound);
    // team leader: my_group (the department and its members' tickets).
    expect((await get('leader', `/v2/tickets/${mine.id}/comments`)).statusCode).toBe(200);
    expect((await get('leader', `/v2/tickets/${grouped.id}/comments`)).statusCode).toBe(200);
    expect((await get('leader', `/v2/tickets/${colleagues.id}/comments`)).json()).toEqual(notFound);
    // A ticket the agent created is theirs too.
    const created = await newTicket({ createdBy: tenant.id('agent2') });
    expect((await post('agent2', created.id, { body: 'Của tôi', public: true })).statusCode).toBe(
      201,
    );
  });
});

describe('attachments', () => {
  it('stores files checked by content and serves them to who sees the ticket', async () => {
    const ticket = await newTicket({ assigneeId: tenant.id('agent') });
    const response = await postForm(
      'agent',
      ticket.id,
      { body: '<p>Ảnh lỗi</p>', public: 'true' },
      [
        { name: 'loi.png', content: PNG },
        { name: '..\\..\\bao-cao.pdf', content: PDF },
        { name: 'ghi-chu.txt', content: Buffer.from('Dòng một\nDòng hai') },
      ],
    );
    expect(response.statusCode).toBe(201);
    const files = response.json().data.attachments;
    expect(
      files.map((f: { file_name: string; content_type: string; size: number }) => [
        f.file_name,
        f.content_type,
        f.size,
      ]),
    ).toEqual([
      ['loi.png', 'image/png', PNG.length],
      ['bao-cao.pdf', 'application/pdf', PDF.length],
      ['ghi-chu.txt', 'text/plain; charset=utf-8', Buffer.byteLength('Dòng một\nDòng hai')],
    ]);
    // The conversation's page shows the comment with the same files, in the same order.
    const listed = (await get('agent', `/v2/tickets/${ticket.id}/comments`)).json().data;
    expect(listed.at(-1).attachments).toEqual(files);
    expect(files[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const png = await get('agent', files[0].url);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe("inline; filename*=UTF-8''loi.png");
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const pdf = await get('agent', files[1].url);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // Not for another tenant, nor for a colleague outside the data scope, nor by another ticket.
    const notFound = { statusCode: 404, message: M.ticketNotFound };
    expect((await get(otherAdmin, files[0].url)).json()).toEqual(notFound);
    expect((await get('agent2', files[0].url)).json()).toEqual(notFound);
    const elsewhere = await newTicket({ assigneeId: tenant.id('agent') });
    const wrong = await get('agent', `/v2/tickets/${elsewhere.id}/attachments/${files[0]._id}`);
    expect(wrong.json()).toEqual({ statusCode: 404, message: M.attachmentNotFound });
    // A file alone is a comment.
    const fileOnly = await postForm('agent', ticket.id, { body: ' ', public: 'false' }, [
      { name: 'a.png', content: PNG },
    ]);
    expect(fileOnly.json()).toEqual(unprocessable('body', M.bodyRequired));
  });

  it('refuses files of other types, too large, or too many, with 422', async () => {
    const ticket = await newTicket();
    const cases: [{ name: string; content: Buffer }[], object][] = [
      [
        [{ name: 'a.png', content: Buffer.concat([Buffer.from('GIF89a'), PAGE]) }],
        unprocessable('files', M.attachmentType),
      ],
      [[{ name: 'trang.html', content: PAGE }], unprocessable('files', M.attachmentType)],
      [
        [{ name: 'ghi-chu.txt', content: Buffer.from('a\u0000b') }],
        unprocessable('files', M.attachmentType),
      ],
      [
        [{ name: 'setup.exe', content: Buffer.from('MZ\x90\x00\x03') }],
        unprocessable('files', M.attachmentType),
      ],
      [
        [{ name: 'to.pdf', content: Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES + 1, 0x20) }],
        unprocessable('files', M.attachmentSize),
      ],
      [
        Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, content: PNG })),
        unprocessable('files', M.attachmentCount),
      ],
    ];
    for (const [files, expected] of cases) {
      const response = await postForm('admin', ticket.id, { body: 'Tệp', public: 'true' }, files);
      expect(response.json(), files[0]?.name).toEqual(expected);
    }
    const wrongFlag = await postForm('admin', ticket.id, { body: 'Tệp', public: 'có' }, []);
    expect(wrongFlag.json()).toEqual(unprocessable('public', M.publicRequired));
    expect((await get('admin', `/v2/tickets/${ticket.id}/comments`)).json().total).toBe(0);
  });
});

describe('merge', () => {
  it('moves the conversation, files and links to the target and closes the source', async () => {
    const source = await newTicket({ subject: 'Nguồn' });
    const target = await newTicket({ subject: 'Đích' });
    const third = await newTicket({ subject: 'Thứ ba' });
    const withFile = await postForm('admin', source.id, { body: 'Có tệp', public: 'true' }, [
      { name: 'a.png', content: PNG },
    ]);
    const oldUrl = withFile.json().data.attachments[0].url as string;
    await post('admin', source.id, { body: 'Ghi chú', public: false });
    const linked = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${source.id}/links`,
      headers: bearer(tokens.admin ?? ''),
      payload: { related_id: third.id },
    });
    expect(linked.statusCode).toBe(201);

    const merged = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${source.id}/merge`,
      headers: bearer(tokens.admin ?? ''),
      payload: { target_id: target.id },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({
      statusCode: 200,
      message: M.merged,
      data: {
        source: {
          _id: source.id,
          code: formatTicketCode(source.number),
          subject: 'Nguồn',
          status: 'closed',
        },
        target: {
          _id: target.id,
          code: formatTicketCode(target.number),
          subject: 'Đích',
          status: 'new',
        },
        moved_comments: 2,
        moved_attachments: 1,
        moved_links: 1,
      },
    });
    expect(await ticketRow(source.id)).toMatchObject({ status: 'closed', mergedIntoId: target.id });
    const sourceEvents = await t.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.aggregateId, source.id))
      .orderBy(asc(domainEvents.id));
    expect(sourceEvents.at(-1)).toMatchObject({
      type: 'ticket.updated',
      payload: {
        changes: {
          status: { before: 'open', after: 'closed' },
          merged_into_id: { before: null, after: target.id },
        },
      },
    });
    const mergeEntries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.action, 'merge')));
    expect(
      mergeEntries
        .filter((entry) => entry.entityId === source.id || entry.entityId === target.id)
        .map((entry) => [entry.entityId, entry.after]),
    ).toEqual(
      expect.arrayContaining([
        [source.id, { merged_into: formatTicketCode(target.number), status: 'closed' }],
        [target.id, { merged_from: formatTicketCode(source.number) }],
      ]),
    );

    const sourceComments = (await get('admin', `/v2/tickets/${source.id}/comments`)).json().data;
    expect(
      sourceComments.map((c: { body: string; public: boolean }) => [c.body, c.public]),
    ).toEqual([
      [
        `<p>Đã gộp vào ticket <a href="/tickets/${target.number}">${formatTicketCode(target.number)}</a></p>`,
        false,
      ],
    ]);
    const targetComments = (await get('admin', `/v2/tickets/${target.id}/comments`)).json().data;
    expect(targetComments.map((c: { body: string }) => c.body)).toEqual([
      'Có tệp',
      'Ghi chú',
      `<p>Đã gộp ticket <a href="/tickets/${source.number}">${formatTicketCode(source.number)}</a> vào ticket này</p>`,
    ]);
    expect(targetComments[0].attachments[0].url).toBe(
      `/v2/tickets/${target.id}/attachments/${withFile.json().data.attachments[0]._id}`,
    );
    // The address from before the merge still serves the file.
    expect((await get('admin', oldUrl)).rawPayload.equals(PNG)).toBe(true);

    const targetLinks = (await get('admin', `/v2/tickets/${target.id}/links`)).json();
    expect(
      targetLinks.data.map((l: { kind: string; ticket: { _id: string } }) => [
        l.kind,
        l.ticket._id,
      ]),
    ).toEqual([
      ['related', third.id],
      ['merged', source.id],
    ]);
    const thirdLinks = (await get('admin', `/v2/tickets/${third.id}/links`)).json();
    expect(thirdLinks.data.map((l: { ticket: { _id: string } }) => l.ticket._id)).toEqual([
      target.id,
    ]);
  });

  it('refuses merges that cannot be, with 422', async () => {
    const source = await newTicket();
    const target = await newTicket();
    const closed = await newTicket({ status: 'closed' });
    const theirs = await t.database.db
      .insert(tickets)
      .values({ tenantId: other.tenantId, subject: 'Của tenant khác' })
      .returning();
    const merge = (who: string, id: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/tickets/${id}/merge`,
        headers: bearer(tokens[who] ?? who),
        payload: payload as Record<string, unknown>,
      });
    expect((await merge('admin', source.id, {})).json()).toEqual(
      unprocessable('target_id', M.targetRequired),
    );
    expect((await merge('admin', source.id, { target_id: 'abc' })).json()).toEqual(
      unprocessable('target_id', M.targetRequired),
    );
    expect((await merge('admin', source.id, { target_id: source.id })).json()).toEqual(
      unprocessable('target_id', M.mergeSelf),
    );
    expect((await merge('admin', source.id, { target_id: closed.id })).json()).toEqual(
      unprocessable('target_id', M.targetClosed),
    );
    expect((await merge('admin', source.id, { target_id: theirs[0]?.id })).json()).toEqual(
      unprocessable('target_id', M.targetNotFound),
    );
    expect((await merge('admin', closed.id, { target_id: target.id })).json()).toEqual(
      unprocessable('target_id', M.sourceClosed),
    );
    // The agent sees the source (theirs) but not the target.
    const agents = await newTicket({ assigneeId: tenant.id('agent') });
    expect((await merge('agent', agents.id, { target_id: target.id })).json()).toEqual(
      unprocessable('target_id', M.targetNotFound),
    );
    expect((await merge('agent', target.id, { target_id: agents.id })).json()).toEqual({
      statusCode: 404,
      message: M.ticketNotFound,
    });
    expect((await merge('admin', source.id, { target_id: target.id })).statusCode).toBe(200);
    expect((await merge('admin', source.id, { target_id: agents.id })).json()).toEqual(
      unprocessable('target_id', M.alreadyMerged),
    );
  });
});

describe('split', () => {
  it('makes a new ticket of a comment, linked to the original, the comment copied', async () => {
    const original = await newTicket({ subject: 'Nhiều việc', assigneeId: tenant.id('agent') });
    const comment = await addCustomerReply(t.app.platform, tenant.tenantId, original.id, {
      body: '<p>Thêm nữa: <b>đổi địa chỉ</b> giao hàng</p>',
      files: [{ fileName: 'a.png', content: PNG }],
    });
    const split = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${original.id}/split`,
      headers: bearer(tokens.agent ?? ''),
      payload: { comment_id: comment._id },
    });
    expect(split.statusCode).toBe(201);
    const created = split.json().data;
    expect(created).toMatchObject({ subject: 'Thêm nữa: đổi địa chỉ giao hàng', status: 'new' });
    expect(await ticketRow(created._id)).toMatchObject({
      description: '<p>Thêm nữa: <b>đổi địa chỉ</b> giao hàng</p>',
      requesterId,
      assigneeId: tenant.id('agent'),
      createdBy: tenant.id('agent'),
    });
    const newComments = (await get('agent', `/v2/tickets/${created._id}/comments`)).json().data;
    expect(newComments[0].body).toBe('<p>Thêm nữa: <b>đổi địa chỉ</b> giao hàng</p>');
    expect((await get('agent', newComments[0].attachments[0].url)).rawPayload.equals(PNG)).toBe(
      true,
    );
    expect(newComments[1].body).toContain(`Tách từ ticket <a href="/tickets/${original.number}"`);
    const originalComments = (await get('agent', `/v2/tickets/${original.id}/comments`)).json()
      .data;
    expect(originalComments).toHaveLength(2);
    expect(originalComments[1].body).toContain('Đã tách bình luận thành ticket');
    const links = (await get('agent', `/v2/tickets/${original.id}/links`)).json().data;
    expect(links).toEqual([
      expect.objectContaining({
        kind: 'split',
        ticket: expect.objectContaining({ _id: created._id }),
      }),
    ]);
  });

  it("refuses an agent's reply and an internal note: only customer messages are split", async () => {
    const ticket = await newTicket();
    const reply = await post('admin', ticket.id, { body: 'Trả lời khách', public: true });
    const note = await post('admin', ticket.id, { body: 'Ghi chú nội bộ', public: false });
    for (const comment of [reply, note]) {
      const split = await t.app.inject({
        method: 'POST',
        url: `/v2/tickets/${ticket.id}/split`,
        headers: bearer(tokens.admin ?? ''),
        payload: { comment_id: comment.json().data._id },
      });
      expect(split.statusCode).toBe(422);
      expect(split.json()).toEqual(unprocessable('comment_id', M.splitNotCustomer));
    }
    expect((await ticketRow(ticket.id))?.id).toBe(ticket.id);
  });

  it('refuses a comment of another ticket and a closed ticket', async () => {
    const one = await newTicket();
    const two = await newTicket();
    const comment = await post('admin', two.id, { body: 'Ở ticket hai', public: true });
    const split = (id: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/tickets/${id}/split`,
        headers: bearer(tokens.admin ?? ''),
        payload: payload as Record<string, unknown>,
      });
    expect((await split(one.id, { comment_id: comment.json().data._id })).json()).toEqual(
      unprocessable('comment_id', M.splitCommentNotFound),
    );
    expect((await split(one.id, { comment_id: 12 })).json()).toEqual(
      unprocessable('comment_id', M.splitCommentNotFound),
    );
    const closed = await newTicket({ status: 'closed' });
    expect((await split(closed.id, { comment_id: comment.json().data._id })).json()).toEqual(
      unprocessable('comment_id', M.splitClosed),
    );
  });
});

describe('links', () => {
  it('links related tickets both ways, once, and unlinks them', async () => {
    const a = await newTicket({ subject: 'A' });
    const b = await newTicket({ subject: 'B' });
    const link = (payload: unknown, id = a.id, who = 'admin') =>
      t.app.inject({
        method: 'POST',
        url: `/v2/tickets/${id}/links`,
        headers: bearer(tokens[who] ?? who),
        payload: payload as Record<string, unknown>,
      });
    const made = await link({ related_id: b.id });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      kind: 'related',
      ticket: { _id: b.id, code: formatTicketCode(b.number), subject: 'B', status: 'new' },
    });
    expect((await link({ related_id: a.id }, b.id)).json()).toEqual(
      unprocessable('related_id', M.linkExists),
    );
    expect((await link({ related_id: a.id })).json()).toEqual(
      unprocessable('related_id', M.linkSelf),
    );
    expect((await link({})).json()).toEqual(unprocessable('related_id', M.relatedRequired));
    const theirs = await t.database.db
      .insert(tickets)
      .values({ tenantId: other.tenantId, subject: 'Khác' })
      .returning();
    expect((await link({ related_id: theirs[0]?.id })).json()).toEqual(
      unprocessable('related_id', M.relatedNotFound),
    );
    const fromB = (await get('admin', `/v2/tickets/${b.id}/links`)).json();
    expect(fromB.total).toBe(1);
    expect(fromB.data[0].ticket._id).toBe(a.id);

    const remove = (id: string, linkedId: string, who = 'admin') =>
      t.app.inject({
        method: 'DELETE',
        url: `/v2/tickets/${id}/links/${linkedId}`,
        headers: bearer(tokens[who] ?? who),
      });
    const removed = await remove(b.id, a.id);
    expect(removed.json()).toEqual({ statusCode: 200, message: M.unlinked, data: null });
    expect((await get('admin', `/v2/tickets/${a.id}/links`)).json().total).toBe(0);
    expect((await remove(a.id, b.id)).json()).toEqual({ statusCode: 404, message: M.linkNotFound });

    const source = await newTicket();
    await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${source.id}/merge`,
      headers: bearer(tokens.admin ?? ''),
      payload: { target_id: a.id },
    });
    expect((await remove(a.id, source.id)).json()).toEqual(unprocessable('linkedId', M.linkFixed));
    // Links never show a ticket outside the caller's scope.
    const agents = await newTicket({ assigneeId: tenant.id('agent') });
    await link({ related_id: b.id }, agents.id);
    expect((await get('agent', `/v2/tickets/${agents.id}/links`)).json().data).toEqual([]);
  });
});
