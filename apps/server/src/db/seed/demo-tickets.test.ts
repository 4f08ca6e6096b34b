import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull, lt, notInArray } from 'drizzle-orm';
import { createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { customers } from '../schema/customers.js';
import { groups } from '../schema/groups.js';
import { ticketPriorities, ticketTypes } from '../schema/ticket-config.js';
import { messages } from '../schema/conversations.js';
import { slaTargets, workingSchedules } from '../schema/ticket-settings.js';
import { tickets } from '../schema/tickets.js';
import { SAMPLE_TICKET_COUNT, seedDemoTickets } from './demo-tickets.js';
import { seededRandom } from './sample-people.js';
import { seedTicketDefaults } from './ticket-defaults.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo tickets', () => {
  it('seeds the default configuration once and tickets over every status, some overdue', async () => {
    const tenant = await seedTenant(t);
    const db = t.database.db;
    const tenantId = tenant.tenantId;
    const sample = await db
      .insert(customers)
      .values(
        ['Khách Một', 'Khách Hai', 'Khách Ba'].map((name) => ({ tenantId, name, nameKey: name })),
      )
      .returning({ id: customers.id });
    const [department] = await db
      .insert(groups)
      .values({ tenantId, target: 'user', name: 'Tổng đài' })
      .returning();
    const staff = Object.fromEntries(
      ['admin', 'supervisor', 'leader', 'agent', 'agent2'].map((name) => [
        `${name}@demo.vn`,
        tenant.id(name),
      ]),
    );
    await db.transaction((tx) =>
      seedDemoTickets(tx, tenantId, {
        random: seededRandom(7),
        staff,
        customerIds: sample.map((row) => row.id),
        departmentId: department!.id,
        tagIds: [],
      }),
    );
    const priorities = await db
      .select({ name: ticketPriorities.name, color: ticketPriorities.color })
      .from(ticketPriorities)
      .where(eq(ticketPriorities.tenantId, tenantId))
      .orderBy(asc(ticketPriorities.position));
    expect(priorities.map((p) => p.name)).toEqual(['Thấp', 'Trung bình', 'Cao', 'Khẩn cấp']);
    // A second call adds nothing to what the tenant has.
    await seedTicketDefaults(db, tenantId);
    const [types] = await db
      .select({ value: count() })
      .from(ticketTypes)
      .where(eq(ticketTypes.tenantId, tenantId));
    expect(types!.value).toBe(4);

    const byStatus = await db
      .select({ status: tickets.status, value: count() })
      .from(tickets)
      .where(eq(tickets.tenantId, tenantId))
      .groupBy(tickets.status);
    expect(byStatus.map((row) => row.status).sort()).toEqual(
      ['closed', 'new', 'open', 'pending', 'solved'].sort(),
    );
    expect(byStatus.reduce((sum, row) => sum + row.value, 0)).toBe(SAMPLE_TICKET_COUNT);
    const [overdue] = await db
      .select({ value: count() })
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, tenantId),
          isNotNull(tickets.dueAt),
          lt(tickets.dueAt, new Date()),
          notInArray(tickets.status, ['solved', 'closed']),
        ),
      );
    expect(overdue!.value).toBeGreaterThan(10);
    // SLA computed as ticket writes do: breaches recorded, pending and finished without a due.
    const sla = await db
      .select({ status: tickets.status, due: tickets.slaDueAt, breached: tickets.slaBreachedAt })
      .from(tickets)
      .where(eq(tickets.tenantId, tenantId));
    expect(sla.filter((row) => row.breached !== null).length).toBeGreaterThan(10);
    expect(
      sla.filter((row) => ['pending', 'solved', 'closed'].includes(row.status) && row.due),
    ).toEqual([]);
    expect(sla.filter((row) => row.status === 'open' && row.due).length).toBeGreaterThan(10);

    // Handled tickets have a conversation: the customer's message, a reply, some a note.
    const conversation = await db
      .select({ public: messages.public, authorType: messages.authorType })
      .from(messages)
      .where(eq(messages.tenantId, tenantId));
    expect(conversation.filter((c) => c.authorType === 'customer')).toHaveLength(
      SAMPLE_TICKET_COUNT,
    );
    expect(conversation.some((c) => c.authorType === 'user' && c.public)).toBe(true);
    expect(conversation.some((c) => !c.public)).toBe(true);
    // Office hours as the default schedule, and an SLA target for every priority.
    const schedules = await db
      .select({ isDefault: workingSchedules.isDefault })
      .from(workingSchedules)
      .where(eq(workingSchedules.tenantId, tenantId));
    expect(schedules).toEqual([{ isDefault: true }]);
    expect(await db.select().from(slaTargets)).not.toHaveLength(0);
  });
});
