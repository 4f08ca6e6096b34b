import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addBusinessMinutes, type BusinessSchedule } from '@omnicare/shared/sla/business-time';
import {
  bearer,
  createTestApp,
  seedTenant,
  type TestApp,
  OUTBOX_DELIVERY_WAIT_MS,
} from '../../test/helpers.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { notifications } from '../../db/schema/notifications.js';
import { domainEvents } from '../../db/schema/outbox.js';
import { auditLog } from '../../db/schema/platform.js';
import { ticketPriorities, ticketTypes } from '../../db/schema/ticket-config.js';
import {
  slaPolicies,
  slaTargets,
  workingHolidays,
  workingPeriods,
  workingSchedules,
} from '../../db/schema/ticket-settings.js';
import { tickets } from '../../db/schema/tickets.js';
import { notifySlaBreach, refreshTicketSla, runSlaBreaches, SLA_BREACH_JOB } from './ticket-sla.js';
import { addCustomerReply } from './ticket-comments.service.js';
import { updateTicketAsSystem } from './ticket-changes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** Office hours Monday–Friday 08:00–17:00 (Bangkok), Monday 30/11/2026 a holiday. */
const SCHEDULE: BusinessSchedule = {
  periods: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
  holidays: [{ date: '2026-11-30' }],
  timeZone: 'Asia/Bangkok',
};
const HIGH = { first: 120, resolution: 600 };
const LOW = { first: 60, resolution: 240 };

/** A tenant with the schedule, a policy for two priorities (a third has none), a department. */
async function slaTenant() {
  const tenant = await seedTenant(t);
  const tenantId = tenant.tenantId;
  const db = t.database.db;
  const [low, high, none] = await db
    .insert(ticketPriorities)
    .values([
      { tenantId, name: 'Thấp', color: '#64748b', position: 0 },
      { tenantId, name: 'Cao', color: '#dc2626', position: 2 },
      { tenantId, name: 'Không SLA', color: '#000000', position: 3 },
    ])
    .returning();
  const [question] = await db
    .insert(ticketTypes)
    .values({ tenantId, name: 'Hỏi đáp', position: 0 })
    .returning();
  const [schedule] = await db
    .insert(workingSchedules)
    .values({ tenantId, name: 'Giờ hành chính' })
    .returning();
  await db.insert(workingPeriods).values(
    [1, 2, 3, 4, 5].map((weekday) => ({
      scheduleId: schedule!.id,
      weekday,
      startMinute: 480,
      endMinute: 1020,
    })),
  );
  await db
    .insert(workingHolidays)
    .values({ scheduleId: schedule!.id, date: '2026-11-30', name: 'Nghỉ bù' });
  const [policy] = await db
    .insert(slaPolicies)
    .values({ tenantId, name: 'Chuẩn', scheduleId: schedule!.id })
    .returning();
  await db.insert(slaTargets).values([
    {
      policyId: policy!.id,
      priorityId: low!.id,
      firstResponseMinutes: LOW.first,
      resolutionMinutes: LOW.resolution,
    },
    {
      policyId: policy!.id,
      priorityId: high!.id,
      firstResponseMinutes: HIGH.first,
      resolutionMinutes: HIGH.resolution,
    },
  ]);
  const [department] = await db
    .insert(groups)
    .values({ tenantId, target: 'user', name: 'Tổng đài', leaderId: tenant.id('leader') })
    .returning();
  await db.insert(groupMembers).values(
    ['leader', 'agent'].map((name) => ({
      tenantId,
      groupId: department!.id,
      userId: tenant.id(name),
    })),
  );
  const admin = await t.login(tenant.email('admin'));
  return {
    tenant,
    admin,
    low: low!.id,
    high: high!.id,
    none: none!.id,
    question: question!.id,
    department: department!.id,
  };
}

async function createTicket(token: string, body: Record<string, unknown>) {
  const response = await call(token, 'POST', '/v2/tickets', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; code: string; sla_due_at: string | null };
}
const row = async (id: string) => {
  const [found] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
  if (!found) throw new Error('no ticket');
  return found;
};
const put = async (token: string, id: string, body: object) => {
  const response = await call(token, 'PUT', `/v2/tickets/${id}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { sla_due_at: string | null; sla_breached_at: string | null };
};
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Moves the ticket to a fixed status and recomputes its SLA as of `now`. */
async function at(tenantId: string, id: string, now: string, values: object = {}) {
  await t.database.db.transaction(async (tx) => {
    if (Object.keys(values).length > 0)
      await tx.update(tickets).set(values).where(eq(tickets.id, id));
    await refreshTicketSla(tx, tenantId, id, { now: new Date(now) });
  });
  return row(id);
}

describe('ticket SLA', () => {
  it('counts the first-response target in business time across a weekend and a holiday', async () => {
    const { tenant, admin, high } = await slaTenant();
    const created = await createTicket(admin, { subject: 'Mất mạng', priority_id: high });
    const stored = await row(created._id);
    expect(stored.slaPolicyId).not.toBeNull();
    expect(created.sla_due_at).toBe(
      addBusinessMinutes(stored.createdAt, HIGH.first, SCHEDULE).toISOString(),
    );

    // Friday 27/11/2026 16:00 Bangkok: one hour on Friday, Saturday, Sunday and the Monday
    // holiday skipped, the second hour on Tuesday 08:00–09:00.
    await t.database.db
      .update(tickets)
      .set({ createdAt: new Date('2026-11-27T09:00:00Z'), slaDueAt: null })
      .where(eq(tickets.id, created._id));
    await t.database.db.transaction((tx) =>
      refreshTicketSla(tx, tenant.tenantId, created._id, {
        resolve: true,
        now: new Date('2026-11-27T09:00:00Z'),
      }),
    );
    expect(iso((await row(created._id)).slaDueAt)).toBe('2026-12-01T02:00:00.000Z');
  });

  it('pauses while pending: the due moves later by exactly the paused business minutes', async () => {
    const { tenant, admin, high } = await slaTenant();
    const { _id: id } = await createTicket(admin, { subject: 'Chờ khách', priority_id: high });
    await t.database.db
      .update(tickets)
      .set({ createdAt: new Date('2026-11-27T09:00:00Z'), slaDueAt: null })
      .where(eq(tickets.id, id));
    await t.database.db.transaction((tx) =>
      refreshTicketSla(tx, tenant.tenantId, id, {
        resolve: true,
        now: new Date('2026-11-27T09:00:00Z'),
      }),
    );
    // Pending from Friday 16:30 to Tuesday 08:30 (Bangkok): 30 + 30 business minutes.
    const paused = await at(tenant.tenantId, id, '2026-11-27T09:30:00Z', { status: 'pending' });
    expect(paused.slaDueAt).toBeNull();
    expect(iso(paused.slaPausedAt)).toBe('2026-11-27T09:30:00.000Z');
    const resumed = await at(tenant.tenantId, id, '2026-12-01T01:30:00Z', { status: 'open' });
    expect(resumed.slaPausedAt).toBeNull();
    expect(resumed.slaPausedMinutes).toBe(60);
    // Tuesday 09:00 before the pause, 10:00 after it.
    expect(iso(resumed.slaDueAt)).toBe('2026-12-01T03:00:00.000Z');
    expect(resumed.slaBreachedAt).toBeNull();

    // Through the API: pending has no due, leaving it gives one back.
    const { _id: other } = await createTicket(admin, { subject: 'Qua API', priority_id: high });
    expect((await put(admin, other, { status: 'pending' })).sla_due_at).toBeNull();
    const back = await put(admin, other, { status: 'open' });
    const stored = await row(other);
    expect(back.sla_due_at).toBe(
      addBusinessMinutes(
        stored.createdAt,
        HIGH.first + stored.slaPausedMinutes,
        SCHEDULE,
      ).toISOString(),
    );
  });

  it('answers an update with the ticket as a later read shows it, whoever changes it', async () => {
    const { tenant, admin, high } = await slaTenant();
    const agent = await t.login(tenant.email('agent'));
    const ticket = await createTicket(admin, {
      subject: 'Mất mạng',
      priority_id: high,
      assignee_id: tenant.id('agent'),
    });
    const read = async () => (await call(admin, 'GET', `/v2/tickets/${ticket._id}`)).json().data;
    // The same updater, a status pausing the SLA: the answer is built from what was written.
    const paused = await call(admin, 'PUT', `/v2/tickets/${ticket._id}`, { status: 'pending' });
    expect(ticket.sla_due_at).not.toBeNull();
    expect(paused.json().data.sla_due_at).toBeNull();
    expect(paused.json().data).toEqual(await read());
    // Another updater: read back, with their name.
    const resumed = await call(agent, 'PUT', `/v2/tickets/${ticket._id}`, { status: 'open' });
    expect(resumed.json().data.updated_by).toEqual({
      _id: tenant.id('agent'),
      name: 'Chuyên Viên Một',
    });
    expect(resumed.json().data).toEqual(await read());
    // The system: no updater name.
    const solved = await updateTicketAsSystem(t.app.platform, tenant.tenantId, ticket._id, {
      status: 'solved',
    });
    expect(solved.updated_by).toBeNull();
    expect(JSON.parse(JSON.stringify(solved))).toEqual(await read());
  });

  it('switches to the resolution target on the first public staff reply', async () => {
    const { admin, high } = await slaTenant();
    const { _id: id } = await createTicket(admin, { subject: 'Cần trả lời', priority_id: high });
    const note = await call(admin, 'POST', `/v2/tickets/${id}/comments`, {
      body: 'Ghi chú nội bộ',
      public: false,
    });
    expect(note.statusCode, note.body).toBe(201);
    const createdAt = (await row(id)).createdAt;
    expect(iso((await row(id)).slaDueAt)).toBe(
      addBusinessMinutes(createdAt, HIGH.first, SCHEDULE).toISOString(),
    );
    const reply = await call(admin, 'POST', `/v2/tickets/${id}/comments`, {
      body: 'Chúng tôi đang kiểm tra',
      public: true,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replied = await row(id);
    expect(replied.firstResponseAt).not.toBeNull();
    expect(iso(replied.slaDueAt)).toBe(
      addBusinessMinutes(createdAt, HIGH.resolution, SCHEDULE).toISOString(),
    );
  });

  it('recomputes when the priority changes; a priority without a policy has no SLA', async () => {
    const { admin, low, high, none } = await slaTenant();
    const created = await createTicket(admin, { subject: 'Đổi ưu tiên', priority_id: low });
    const { createdAt } = await row(created._id);
    expect(created.sla_due_at).toBe(
      addBusinessMinutes(createdAt, LOW.first, SCHEDULE).toISOString(),
    );
    expect((await put(admin, created._id, { priority_id: high })).sla_due_at).toBe(
      addBusinessMinutes(createdAt, HIGH.first, SCHEDULE).toISOString(),
    );
    expect((await put(admin, created._id, { priority_id: none })).sla_due_at).toBeNull();
    expect((await row(created._id)).slaPolicyId).toBeNull();
    // A due missed before the breach job saw it is recorded when the SLA is recomputed.
    await put(admin, created._id, { priority_id: low });
    const missed = new Date(Date.now() - 5 * 60_000);
    await t.database.db
      .update(tickets)
      .set({ slaDueAt: missed })
      .where(eq(tickets.id, created._id));
    const changed = await put(admin, created._id, { priority_id: high });
    expect(changed.sla_breached_at).toBe(missed.toISOString());
    expect(changed.sla_due_at).toBe(
      addBusinessMinutes(createdAt, HIGH.first, SCHEDULE).toISOString(),
    );
    const without = await createTicket(admin, { subject: 'Không ưu tiên' });
    expect(without.sla_due_at).toBeNull();
  });

  it("uses a policy's new target and a schedule's new holiday from the next ticket on", async () => {
    // Policies and schedules are remembered per tenant until they change (the 'sla' topic).
    const { tenant, admin, low } = await slaTenant();
    await createTicket(admin, { subject: 'Trước', priority_id: low });
    await t.database.db
      .update(slaTargets)
      .set({ firstResponseMinutes: 30 })
      .where(eq(slaTargets.priorityId, low));
    await t.app.platform.memo.settled();
    const second = await createTicket(admin, { subject: 'Mục tiêu mới', priority_id: low });
    const secondCreated = (await row(second._id)).createdAt;
    const due = addBusinessMinutes(secondCreated, 30, SCHEDULE);
    expect(second.sla_due_at).toBe(due.toISOString());
    // A holiday on the day that due falls on moves the next ticket's due past it.
    const dueDay = due.toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
    const [schedule] = await t.database.db
      .select({ id: workingSchedules.id })
      .from(workingSchedules)
      .where(eq(workingSchedules.tenantId, tenant.tenantId));
    await t.database.db
      .insert(workingHolidays)
      .values({ scheduleId: schedule!.id, date: dueDay, name: 'Nghỉ thêm' });
    await t.app.platform.memo.settled();
    const third = await createTicket(admin, { subject: 'Sau ngày nghỉ', priority_id: low });
    const thirdCreated = (await row(third._id)).createdAt;
    const withHoliday = { ...SCHEDULE, holidays: [...SCHEDULE.holidays, { date: dueDay }] };
    expect(third.sla_due_at).toBe(addBusinessMinutes(thirdCreated, 30, withHoliday).toISOString());
    expect(third.sla_due_at).not.toBe(addBusinessMinutes(thirdCreated, 30, SCHEDULE).toISOString());
  });

  it('pauses through bulk, resumes on the customer reply, ends when merged away', async () => {
    const { tenant, admin, high } = await slaTenant();
    const { _id: id } = await createTicket(admin, { subject: 'Hàng loạt', priority_id: high });
    const bulk = await call(admin, 'POST', '/v2/tickets/bulk', {
      action: 'status',
      status: 'pending',
      ids: [id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await row(id)).slaDueAt).toBeNull();
    expect((await row(id)).slaPausedAt).not.toBeNull();
    await addCustomerReply(t.app.platform, tenant.tenantId, id, { body: 'Tôi đã gửi ảnh' });
    const resumed = await row(id);
    expect(resumed.status).toBe('open');
    expect(resumed.slaPausedAt).toBeNull();
    expect(iso(resumed.slaDueAt)).toBe(
      addBusinessMinutes(
        resumed.createdAt,
        HIGH.first + resumed.slaPausedMinutes,
        SCHEDULE,
      ).toISOString(),
    );
    const { _id: target } = await createTicket(admin, { subject: 'Gộp vào', priority_id: high });
    const merge = await call(admin, 'POST', `/v2/tickets/${id}/merge`, { target_id: target });
    expect(merge.statusCode, merge.body).toBe(200);
    expect((await row(id)).slaDueAt).toBeNull();
    expect((await row(target)).slaDueAt).not.toBeNull();
  });

  it('marks a breach once, notifies the assignee and the department leader once, lists it', async () => {
    const { tenant, admin, high, department } = await slaTenant();
    const ticket = await createTicket(admin, {
      subject: 'Quá hạn',
      priority_id: high,
      group_id: department,
      assignee_id: tenant.id('agent'),
    });
    await createTicket(admin, { subject: 'Còn hạn', priority_id: high });
    const due = new Date(Date.now() - 60 * 60_000);
    await t.database.db.update(tickets).set({ slaDueAt: due }).where(eq(tickets.id, ticket._id));

    // The job runs every minute on its own; here it is called directly, twice.
    const scheduled = await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = ${SLA_BREACH_JOB}`,
    );
    expect(scheduled.rows).toEqual([{ cron: '* * * * *' }]);
    await runSlaBreaches(t.app.platform);
    await runSlaBreaches(t.app.platform);

    const breached = await row(ticket._id);
    expect(iso(breached.slaBreachedAt)).toBe(due.toISOString());
    // The notifications follow the breach event through the outbox.
    const sent = await vi.waitFor(
      async () => {
        const rows = await breachNotifications(tenant.tenantId);
        expect(rows).toHaveLength(2);
        return rows;
      },
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
    expect(sent.map((one) => one.userId).sort()).toEqual(
      [tenant.id('agent'), tenant.id('leader')].sort(),
    );
    expect(sent[0]).toMatchObject({
      title: `Ticket ${ticket.code} đã quá hạn SLA`,
      link: `/tickets/${Number(ticket.code.slice(1))}`,
    });
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.aggregateId, ticket._id), eq(domainEvents.type, 'ticket.updated')),
      );
    expect(events.map((event) => event.payload)).toEqual([
      {
        changes: { sla_breached_at: { before: null, after: due.toISOString() } },
        reason: 'sla_breach',
        // What the live push and the activity log credit it to.
        via: { kind: 'job', name: 'Kiểm tra SLA' },
      },
    ]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticket._id), eq(auditLog.action, 'sla_breach')));
    expect(entries).toHaveLength(1);

    // Delivered again (at least once): nobody is notified twice.
    const [event] = await t.database.db
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.aggregateId, ticket._id), eq(domainEvents.type, 'ticket.updated')),
      );
    await notifySlaBreach(t.app.platform, {
      ...event!,
      id: Number(event!.id),
      createdAt: event!.createdAt.toISOString(),
    } as Parameters<typeof notifySlaBreach>[1]);
    expect(await breachNotifications(tenant.tenantId)).toHaveLength(2);

    const list = await call(admin, 'GET', '/v2/tickets?sla=breached');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((one: { subject: string }) => one.subject)).toEqual(['Quá hạn']);

    // Solved: achieved, no due any more, the breach stays recorded.
    const solved = await put(admin, ticket._id, { status: 'solved' });
    expect(solved.sla_due_at).toBeNull();
    expect(solved.sla_breached_at).toBe(due.toISOString());
  });

  it('a due found passed when the ticket changes is a breach too: recorded and notified', async () => {
    const { tenant, admin, high, low } = await slaTenant();
    const ticket = await createTicket(admin, {
      subject: 'Quá hạn khi sửa',
      priority_id: high,
      assignee_id: tenant.id('agent'),
    });
    const due = new Date(Date.now() - 30 * 60_000);
    await t.database.db.update(tickets).set({ slaDueAt: due }).where(eq(tickets.id, ticket._id));

    // Before the scan runs, an edit recomputes the SLA and finds the due passed.
    const changed = await put(admin, ticket._id, { priority_id: low });
    expect(changed.sla_breached_at).toBe(due.toISOString());
    const sent = await vi.waitFor(
      async () => {
        const rows = await breachNotifications(tenant.tenantId);
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 },
    );
    expect(sent[0]).toMatchObject({ userId: tenant.id('agent') });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticket._id), eq(auditLog.action, 'sla_breach')));
    expect(entries).toHaveLength(1);
    // The scan finds nothing more to mark.
    await runSlaBreaches(t.app.platform);
    expect(await breachNotifications(tenant.tenantId)).toHaveLength(1);
  });
});

function breachNotifications(tenantId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.tenantId, tenantId), eq(notifications.kind, 'ticket.sla_breached')),
    );
}
