import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import { sessions } from '../../db/schema/auth.js';
import { notifications } from '../../db/schema/notifications.js';
import { domainEvents } from '../../db/schema/outbox.js';
import { auditLog } from '../../db/schema/platform.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import { signOutExpiredPresence } from '../auth/auth.service.js';
import { addCustomerReply } from '../tickets/ticket-comments.service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** Assignment notifications are sent by the outbox's subscriber, after the commit. */
const delivered = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 };

const MEMBERS = ['leader', 'agent', 'agent2', 'supervisor'] as const;
type Member = (typeof MEMBERS)[number];

/**
 * A tenant whose department 'Tổng đài' has leader, agent, agent2 and supervisor as members,
 * made through the API with the settings given; everyone signed in, nobody AVAILABLE yet.
 */
async function setup(settings: Record<string, unknown> = { auto_assign: true }) {
  const tenant = await seedTenant(t);
  const admin = await t.login(tenant.email('admin'));
  const tokens = Object.fromEntries(
    await Promise.all(MEMBERS.map(async (name) => [name, await t.login(tenant.email(name))])),
  ) as Record<Member, string>;
  const department = await call(admin, 'POST', '/v2/group', {
    target: 'user',
    name: 'Tổng đài',
    member_ids: MEMBERS.map((name) => tenant.id(name)),
    ...settings,
  });
  expect(department.statusCode, department.body).toBe(201);
  const groupId = department.json().data._id as string;
  const nameOf = new Map(MEMBERS.map((name) => [tenant.id(name), name]));
  return {
    tenant,
    admin,
    tokens,
    groupId,
    /** The member name of a user id ('nobody' when null). */
    who: (id: string | null | undefined) => (id ? (nameOf.get(id) ?? id) : 'nobody'),
    async presence(name: Member, presence: string) {
      const response = await call(tokens[name], 'PUT', '/v2/my-presence', { presence });
      expect(response.statusCode, response.body).toBe(200);
    },
    async ticket(body: Record<string, unknown> = {}) {
      const response = await call(admin, 'POST', '/v2/tickets', {
        subject: 'Mất kết nối',
        group_id: groupId,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as {
        _id: string;
        number: number;
        code: string;
        assignee: { _id: string; name: string } | null;
        group: { _id: string } | null;
      };
    },
    async assigneeOf(id: string) {
      const [row] = await t.database.db
        .select({ assigneeId: tickets.assigneeId, groupId: tickets.groupId })
        .from(tickets)
        .where(eq(tickets.id, id));
      return row?.assigneeId ?? null;
    },
    async assignedNotices(name: Member) {
      return t.database.db
        .select({ title: notifications.title, link: notifications.link, body: notifications.body })
        .from(notifications)
        .where(
          and(eq(notifications.userId, tenant.id(name)), eq(notifications.kind, 'ticket.assigned')),
        );
    },
  };
}

const countBy = (values: string[]) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

describe('automatic assignment: round-robin among AVAILABLE members', () => {
  it('hands 9 tickets to 3 AVAILABLE members 3 each, in turn, skipping one not AVAILABLE', async () => {
    const s = await setup();
    for (const name of ['leader', 'agent', 'agent2'] as const) await s.presence(name, 'AVAILABLE');
    await s.presence('supervisor', 'NOT AVAILABLE');
    const made = [];
    for (let i = 0; i < 9; i += 1) made.push(await s.ticket({ subject: `Ticket ${i}` }));
    const order = made.map((ticket) => s.who(ticket.assignee?._id));
    expect(countBy(order)).toEqual({ leader: 3, agent: 3, agent2: 3 });
    // Round-robin: each run of three gives one to each.
    for (let i = 0; i < 9; i += 3) expect(new Set(order.slice(i, i + 3)).size).toBe(3);
    expect(order.slice(0, 3)).toEqual(order.slice(3, 6));

    // Recorded as a manual assignment would be, by nobody: event, audit entry, notification.
    const first = made[0]!;
    const [event] = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.aggregateId, first._id), eq(domainEvents.type, 'ticket.updated')));
    expect(event?.actorId).toBeNull();
    expect(event?.payload).toEqual({
      changes: { assignee_id: { before: null, after: first.assignee!._id } },
      reason: 'auto_assign',
    });
    const activities = await call(s.admin, 'GET', `/v2/tickets/${first._id}/activities`);
    expect(activities.statusCode).toBe(200);
    const assigned = activities.json().data[0];
    expect(assigned.actor).toBeNull();
    expect(assigned.changes).toEqual([
      expect.objectContaining({ field: 'assignee', to: first.assignee!.name }),
    ]);
    for (const name of ['leader', 'agent', 'agent2'] as const) {
      const notices = await vi.waitFor(async () => {
        const sent = await s.assignedNotices(name);
        expect(sent).toHaveLength(3);
        return sent;
      }, delivered);
      expect(notices.every((n) => /^Bạn được giao ticket #\d{6}$/.test(n.title))).toBe(true);
    }
    expect(await s.assignedNotices('supervisor')).toHaveLength(0);
    const notice = (await s.assignedNotices(s.who(first.assignee!._id) as Member)).find(
      (n) => n.link === `/tickets/${first.number}`,
    );
    expect(notice).toEqual({
      title: `Bạn được giao ticket ${first.code}`,
      body: 'Ticket 0',
      link: `/tickets/${first.number}`,
    });
  });

  it('leaves alone tickets with an assignee, solved ones, and departments without auto assignment', async () => {
    const s = await setup();
    await s.presence('agent', 'AVAILABLE');
    await s.presence('agent2', 'AVAILABLE');
    const chosen = await s.ticket({ assignee_id: s.tenant.id('agent2') });
    expect(s.who(chosen.assignee?._id)).toBe('agent2');
    const solved = await s.ticket({ status: 'solved' });
    expect(solved.assignee).toBeNull();
    const noDepartment = await s.ticket({ group_id: null });
    expect(noDepartment.assignee).toBeNull();
    const off = await call(s.admin, 'POST', '/v2/group', {
      target: 'user',
      name: 'Kỹ thuật',
      member_ids: [s.tenant.id('agent')],
    });
    expect(off.json().data.auto_assign).toBe(false);
    const manual = await s.ticket({ group_id: off.json().data._id });
    expect(manual.assignee).toBeNull();
    // Moved into the auto-assign department: assigned then.
    const moved = await call(s.admin, 'PUT', `/v2/tickets/${manual._id}`, { group_id: s.groupId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(['agent', 'agent2']).toContain(s.who(moved.json().data.assignee?._id));
  });

  it('assigns a ticket split off a waiting one when someone is AVAILABLE', async () => {
    const s = await setup();
    const waiting = await s.ticket();
    expect(waiting.assignee).toBeNull();
    const comment = await addCustomerReply(t.app.platform, s.tenant.tenantId, waiting._id, {
      body: '<p>Việc thứ hai</p>',
    });
    // AVAILABLE set behind the queue's back (no hand-out): the original keeps waiting, the
    // split (a copy of an unassigned ticket) is assigned as it is made.
    await t.database.db
      .update(users)
      .set({ presence: 'AVAILABLE' })
      .where(eq(users.id, s.tenant.id('agent2')));
    const split = await call(s.admin, 'POST', `/v2/tickets/${waiting._id}/split`, {
      comment_id: comment._id,
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(await s.assigneeOf(waiting._id)).toBeNull();
    expect(s.who(await s.assigneeOf(split.json().data._id))).toBe('agent2');
    await vi.waitFor(
      async () => expect(await s.assignedNotices('agent2')).toHaveLength(1),
      delivered,
    );
  });

  it('gives a ticket taken off its assignee to another member, not back to them', async () => {
    const s = await setup();
    await s.presence('agent', 'AVAILABLE');
    await s.presence('agent2', 'AVAILABLE');
    const ticket = await s.ticket();
    const first = ticket.assignee!._id;
    const cleared = await call(s.admin, 'PUT', `/v2/tickets/${ticket._id}`, { assignee_id: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const second = cleared.json().data.assignee?._id;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it('keeps concurrent creates and moves fair (the department row is locked while choosing)', async () => {
    const s = await setup();
    for (const name of ['leader', 'agent', 'agent2'] as const) await s.presence(name, 'AVAILABLE');
    const made = await Promise.all(
      Array.from({ length: 9 }, (_, i) => s.ticket({ subject: `Song song ${i}` })),
    );
    expect(countBy(made.map((ticket) => s.who(ticket.assignee?._id)))).toEqual({
      leader: 3,
      agent: 3,
      agent2: 3,
    });
    // Creates are also serialised by the ticket number; moves into the department are not.
    const loose = [];
    for (let i = 0; i < 9; i += 1) loose.push(await s.ticket({ group_id: null }));
    const moved = await Promise.all(
      loose.map((ticket) =>
        call(s.admin, 'PUT', `/v2/tickets/${ticket._id}`, { group_id: s.groupId }),
      ),
    );
    expect(moved.every((response) => response.statusCode === 200)).toBe(true);
    expect(countBy(moved.map((response) => s.who(response.json().data.assignee?._id)))).toEqual({
      leader: 3,
      agent: 3,
      agent2: 3,
    });
  });
});

describe('automatic assignment: capacity', () => {
  it('skips a member at capacity; everyone full leaves the ticket queued until room frees', async () => {
    const s = await setup({ auto_assign: true, assign_capacity: 2 });
    await s.presence('agent', 'AVAILABLE');
    await s.presence('agent2', 'AVAILABLE');
    // agent already holds 2 open tickets (given by hand, outside any department).
    for (let i = 0; i < 2; i += 1)
      await s.ticket({ group_id: null, assignee_id: s.tenant.id('agent') });
    // A solved ticket does not count.
    await s.ticket({ group_id: null, assignee_id: s.tenant.id('agent2'), status: 'solved' });
    const a = await s.ticket();
    const b = await s.ticket();
    expect([s.who(a.assignee?._id), s.who(b.assignee?._id)]).toEqual(['agent2', 'agent2']);
    // Everyone is full: the ticket waits in the department's queue.
    const queued = await s.ticket({ subject: 'Chờ' });
    expect(queued.assignee).toBeNull();
    expect(queued.group?._id).toBe(s.groupId);
    // agent2 solves one: they have room and take the waiting ticket.
    const solved = await call(s.tokens.agent2, 'PUT', `/v2/tickets/${a._id}`, { status: 'solved' });
    expect(solved.statusCode, solved.body).toBe(200);
    expect(s.who(await s.assigneeOf(queued._id))).toBe('agent2');
    await vi.waitFor(
      async () =>
        expect(
          (await s.assignedNotices('agent2')).some((n) => n.link === `/tickets/${queued.number}`),
        ).toBe(true),
      delivered,
    );
  });

  it('a ticket merged away (closed) gives its assignee room for a waiting ticket', async () => {
    const s = await setup({ auto_assign: true, assign_capacity: 1 });
    await s.presence('agent', 'AVAILABLE');
    const held = await s.ticket();
    expect(s.who(held.assignee?._id)).toBe('agent');
    const queued = await s.ticket({ subject: 'Chờ' });
    expect(queued.assignee).toBeNull();
    const target = await s.ticket({ group_id: null, subject: 'Ticket đích' });
    const merged = await call(s.admin, 'POST', `/v2/tickets/${held._id}/merge`, {
      target_id: target._id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(s.who(await s.assigneeOf(queued._id))).toBe('agent');
  });

  it('saves the settings, answers them, and keeps them when an edit leaves them out', async () => {
    const s = await setup({ auto_assign: true, assign_capacity: 5, reassign_on_logout: true });
    const list = await call(s.admin, 'GET', '/v2/all-group?target=user&page=1&page_size=10');
    const row = list.json().data.list.find((g: { _id: string }) => g._id === s.groupId);
    expect(row).toMatchObject({ auto_assign: true, assign_capacity: 5, reassign_on_logout: true });
    const kept = await call(s.admin, 'PUT', '/v2/updateGroup', {
      id: s.groupId,
      target: 'user',
      name: 'Tổng đài 2',
      member_ids: MEMBERS.map((name) => s.tenant.id(name)),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      auto_assign: true,
      assign_capacity: 5,
      reassign_on_logout: true,
    });
    const cleared = await call(s.admin, 'PUT', '/v2/updateGroup', {
      id: s.groupId,
      target: 'user',
      name: 'Tổng đài 2',
      member_ids: MEMBERS.map((name) => s.tenant.id(name)),
      auto_assign: false,
      assign_capacity: null,
      reassign_on_logout: false,
    });
    expect(cleared.json().data).toMatchObject({
      auto_assign: false,
      assign_capacity: null,
      reassign_on_logout: false,
    });
  });

  it('refuses a capacity outside 1..1000 or not an integer, and flags that are not booleans', async () => {
    const s = await setup();
    const capacity = {
      param: 'assign_capacity',
      message: 'Số ticket đang mở tối đa phải là số nguyên từ 1 đến 1000',
    };
    for (const value of [0, 1001, 2.5, '3', -1]) {
      const response = await call(s.admin, 'POST', '/v2/group', {
        target: 'user',
        name: `Phòng ${String(value)}`,
        assign_capacity: value,
      });
      expect(response.statusCode, String(value)).toBe(422);
      expect(response.json().errors).toEqual([capacity]);
    }
    const update = await call(s.admin, 'PUT', '/v2/updateGroup', {
      id: s.groupId,
      target: 'user',
      name: 'Tổng đài',
      assign_capacity: 1001,
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual([capacity]);
    const flags = await call(s.admin, 'POST', '/v2/group', {
      target: 'user',
      name: 'Phòng cờ',
      auto_assign: 'có',
      reassign_on_logout: 1,
    });
    expect(flags.statusCode).toBe(422);
    expect(flags.json().errors).toEqual([
      { param: 'auto_assign', message: 'Giá trị bật/tắt không hợp lệ' },
      { param: 'reassign_on_logout', message: 'Giá trị bật/tắt không hợp lệ' },
    ]);
    // A team leader may not change a department at all (its settings included).
    const leader = await call(s.tokens.leader, 'PUT', '/v2/updateGroup', {
      id: s.groupId,
      target: 'user',
      name: 'Tổng đài',
      auto_assign: false,
    });
    expect(leader.statusCode).toBe(401);
  });
});

describe('automatic assignment: presence', () => {
  it('hands the waiting queue, oldest first, to a member who becomes AVAILABLE (up to capacity)', async () => {
    const s = await setup({ auto_assign: true, assign_capacity: 2 });
    const waiting = [];
    for (let i = 0; i < 3; i += 1) waiting.push(await s.ticket({ subject: `Chờ ${i}` }));
    expect(waiting.every((ticket) => ticket.assignee === null)).toBe(true);
    await s.presence('agent', 'AVAILABLE');
    expect(await Promise.all(waiting.map((ticket) => s.assigneeOf(ticket._id)))).toEqual([
      s.tenant.id('agent'),
      s.tenant.id('agent'),
      null,
    ]);
    await vi.waitFor(
      async () => expect(await s.assignedNotices('agent')).toHaveLength(2),
      delivered,
    );
    // The next one AVAILABLE takes the rest.
    await s.presence('agent2', 'AVAILABLE');
    expect(s.who(await s.assigneeOf(waiting[2]!._id))).toBe('agent2');
  });

  it('signing in with AVAILABLE as default presence also takes waiting tickets', async () => {
    const s = await setup();
    const waiting = await s.ticket();
    await t.database.db
      .update(users)
      .set({ defaultPresence: 'AVAILABLE' })
      .where(eq(users.id, s.tenant.id('agent2')));
    await t.login(s.tenant.email('agent2'));
    expect(s.who(await s.assigneeOf(waiting._id))).toBe('agent2');
  });

  it('turning auto assignment on hands out the waiting queue', async () => {
    const s = await setup({ auto_assign: false });
    await s.presence('agent', 'AVAILABLE');
    const waiting = await s.ticket();
    expect(waiting.assignee).toBeNull();
    const on = await call(s.admin, 'PUT', '/v2/updateGroup', {
      id: s.groupId,
      target: 'user',
      name: 'Tổng đài',
      member_ids: MEMBERS.map((name) => s.tenant.id(name)),
      auto_assign: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(s.who(await s.assigneeOf(waiting._id))).toBe('agent');
  });

  it("never touches another tenant's department", async () => {
    const other = await setup();
    const foreign = await other.ticket();
    expect(foreign.assignee).toBeNull();
    const s = await setup();
    await s.presence('agent', 'AVAILABLE');
    const mine = await s.ticket();
    expect(s.who(mine.assignee?._id)).toBe('agent');
    expect(await other.assigneeOf(foreign._id)).toBeNull();
    const queue = await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.tenantId, other.tenant.tenantId), isNull(tickets.assigneeId)));
    expect(queue).toHaveLength(1);
  });
});

describe('sign-out: presence LOGOUT and reassignment', () => {
  it('sets LOGOUT on the last session only, then reassigns unsolved tickets round-robin', async () => {
    const s = await setup({ auto_assign: true, reassign_on_logout: true });
    await s.presence('agent', 'AVAILABLE');
    const held = [await s.ticket(), await s.ticket(), await s.ticket({ status: 'pending' })];
    const solved = await s.ticket();
    expect(held.every((ticket) => s.who(ticket.assignee?._id) === 'agent')).toBe(true);
    await call(s.admin, 'PUT', `/v2/tickets/${solved._id}`, { status: 'solved' });
    await s.presence('agent2', 'AVAILABLE');
    await s.presence('leader', 'AVAILABLE');

    // A second session of the agent: signing out of one keeps them signed in.
    const second = await t.login(s.tenant.email('agent'));
    const out = await call(second, 'POST', '/v2/logout');
    expect(out.statusCode, out.body).toBe(200);
    const presenceOf = async () =>
      (
        await t.database.db
          .select({ presence: users.presence })
          .from(users)
          .where(eq(users.id, s.tenant.id('agent')))
      )[0]?.presence;
    expect(await presenceOf()).toBe('AVAILABLE');
    expect(await s.assigneeOf(held[0]!._id)).toBe(s.tenant.id('agent'));

    expect((await call(s.tokens.agent, 'POST', '/v2/logout')).statusCode).toBe(200);
    expect(await presenceOf()).toBe('LOGOUT');
    const after = await Promise.all(held.map((ticket) => s.assigneeOf(ticket._id)));
    // Round-robin among the others: the first two to different members, nothing left to agent.
    expect(new Set(after.map(s.who))).toEqual(new Set(['agent2', 'leader']));
    expect(new Set(after.slice(0, 2).map(s.who)).size).toBe(2);
    // The solved ticket stays with them.
    expect(s.who(await s.assigneeOf(solved._id))).toBe('agent');
    await vi.waitFor(async () => {
      const notified =
        (await s.assignedNotices('agent2')).length + (await s.assignedNotices('leader')).length;
      expect(notified).toBe(3);
    }, delivered);
    const reasons = (
      await t.database.db
        .select({ payload: domainEvents.payload })
        .from(domainEvents)
        .where(eq(domainEvents.aggregateId, held[0]!._id))
    ).map((row) => (row.payload as { reason?: string }).reason);
    expect(reasons).toContain('logout_reassign');

    // Signing in again without a default presence: no longer LOGOUT.
    await t.login(s.tenant.email('agent'));
    expect(await presenceOf()).toBe('NOT AVAILABLE');
  });

  it('sessions that all expired (nobody signed out) make the agent LOGOUT and reassign', async () => {
    const s = await setup({ auto_assign: true, reassign_on_logout: true });
    await s.presence('agent', 'AVAILABLE');
    const held = await s.ticket();
    expect(s.who(held.assignee?._id)).toBe('agent');
    await s.presence('agent2', 'AVAILABLE');
    // Another member whose session lives on is left alone.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, s.tenant.id('agent')));
    await signOutExpiredPresence(t.app.platform);
    const presence = await t.database.db
      .select({ id: users.id, presence: users.presence })
      .from(users)
      .where(eq(users.tenantId, s.tenant.tenantId));
    const of = (name: Member) => presence.find((row) => row.id === s.tenant.id(name))?.presence;
    expect([of('agent'), of('agent2')]).toEqual(['LOGOUT', 'AVAILABLE']);
    expect(s.who(await s.assigneeOf(held._id))).toBe('agent2');
  });

  it('leaves the tickets when the department says no, and queues them when nobody is eligible', async () => {
    const s = await setup({ auto_assign: true, reassign_on_logout: false });
    await s.presence('agent', 'AVAILABLE');
    const kept = await s.ticket();
    const other = await call(s.admin, 'POST', '/v2/group', {
      target: 'user',
      name: 'Hậu mãi',
      member_ids: [s.tenant.id('agent'), s.tenant.id('agent2')],
      reassign_on_logout: true,
    });
    expect(other.statusCode, other.body).toBe(201);
    const queued = await s.ticket({
      group_id: other.json().data._id,
      assignee_id: s.tenant.id('agent'),
    });
    // agent2 is not AVAILABLE: nobody can take it.
    expect((await call(s.tokens.agent, 'POST', '/v2/logout')).statusCode).toBe(200);
    expect(s.who(await s.assigneeOf(kept._id))).toBe('agent');
    expect(await s.assigneeOf(queued._id)).toBeNull();
    const entries = await t.database.db
      .select({ actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, queued._id), eq(auditLog.action, 'update')));
    expect(entries).toEqual([{ actorId: null, after: { assignee: null } }]);
  });

  it('an administrator signing a user out everywhere (password reset) sets LOGOUT and reassigns', async () => {
    const s = await setup({ auto_assign: true, reassign_on_logout: true });
    await s.presence('agent', 'AVAILABLE');
    const held = await s.ticket();
    await s.presence('agent2', 'AVAILABLE');
    const reset = await call(s.admin, 'POST', `/v2/reset-password/${s.tenant.id('agent')}`, {
      password: 'Moi12345',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(s.who(await s.assigneeOf(held._id))).toBe('agent2');
    await vi.waitFor(
      async () => expect(await s.assignedNotices('agent2')).toHaveLength(1),
      delivered,
    );
  });
});
