// Statements per operation (the performance project): what a ticket's change costs the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  bearer,
  createTestApp,
  seedTenant,
  whileWatchingStatements,
  type TestApp,
} from '../../test/helpers.js';
import { TICKET_MESSAGES } from '@omnicare/shared/tickets/tickets.schemas';
import { domainEvents } from '../../db/schema/outbox.js';
import { ticketPriorities } from '../../db/schema/ticket-config.js';
import { updateTicketAsSystem } from './ticket-changes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** A tenant with a 'Cao' priority, signed in as its administrator and an agent. */
async function freshTenant() {
  const tenant = await seedTenant(t);
  const [high] = await t.database.db
    .insert(ticketPriorities)
    .values({ tenantId: tenant.tenantId, name: 'Cao', color: '#dc2626', position: 2 })
    .returning();
  return {
    tenant,
    admin: await t.login(tenant.email('admin')),
    agent: await t.login(tenant.email('agent')),
    config: { high: high!.id },
  };
}

async function createTicket(token: string, body: Record<string, unknown>) {
  const response = await call(token, 'POST', '/v2/tickets', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string };
}

describe('a ticket change', () => {
  it("gathers the system's changes made at once into one transaction and one write; a refused one fails alone", async () => {
    const { tenant, admin, config } = await freshTenant();
    const first = await createTicket(admin, { subject: 'Một' });
    const second = await createTicket(admin, { subject: 'Hai' });
    const third = await createTicket(admin, { subject: 'Ba' });
    const begins: string[] = [];
    const ticketWrites: string[] = [];
    const change = (id: string, changes: Record<string, unknown>) =>
      updateTicketAsSystem(t.app.platform, tenant.tenantId, id, changes);
    const outcomes = await whileWatchingStatements(
      () =>
        Promise.allSettled([
          change(first._id, { status: 'open' }),
          change(second._id, { priority_id: crypto.randomUUID() }),
          change(first._id, { status: 'pending', priority_id: config.high }),
          change(third._id, { subject: 'Ba (đã sửa)' }),
        ]),
      (text) => {
        if (text.trim().toLowerCase() === 'begin') begins.push(text);
        if (/^\s*(with|update)\b[\s\S]*update "tickets"/i.test(text)) ticketWrites.push(text);
      },
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe(
      TICKET_MESSAGES.priorityMissing,
    );
    expect(begins).toHaveLength(1);
    // The three changes' rows, events and audit entries: one statement.
    expect(ticketWrites).toHaveLength(1);
    // The later change of a ticket saw the earlier one: two events, in order.
    const events = await t.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.aggregateId, first._id), eq(domainEvents.type, 'ticket.updated')))
      .orderBy(asc(domainEvents.id));
    expect(
      events.map((event) => (event.payload as { changes: { status: unknown } }).changes.status),
    ).toEqual([
      { before: 'new', after: 'open' },
      { before: 'open', after: 'pending' },
    ]);
    const read = async (id: string) => (await call(admin, 'GET', `/v2/tickets/${id}`)).json().data;
    const [firstNow, secondNow, thirdNow] = await Promise.all([
      read(first._id),
      read(second._id),
      read(third._id),
    ]);
    expect(firstNow).toMatchObject({ status: 'pending', priority: { _id: config.high } });
    expect(secondNow.priority).toBeNull();
    expect(thirdNow.subject).toBe('Ba (đã sửa)');
    // Each change has its audit entry, in the activity log in order.
    const activity = (await call(admin, 'GET', `/v2/tickets/${first._id}/activities`)).json().data;
    const statusChanges = activity
      .flatMap(
        (entry: { changes?: { field: string; from: unknown; to: unknown }[] }) =>
          entry.changes ?? [],
      )
      .filter((item: { field: string }) => item.field === 'status')
      .map((item: { from: unknown; to: unknown }) => [item.from, item.to]);
    expect(statusChanges).toEqual([
      ['Đang mở', 'Đang chờ'],
      ['Mới', 'Đang mở'],
    ]);
  });

  it("writes a person's change in one statement, without a transaction, naming them as its updater", async () => {
    const { tenant, admin, agent, config } = await freshTenant();
    const ticket = await createTicket(agent, {
      subject: 'Một lần ghi',
      assignee_id: tenant.id('agent'),
    });
    const texts: string[] = [];
    const response = await whileWatchingStatements(
      () =>
        call(admin, 'PUT', `/v2/tickets/${ticket._id}`, {
          status: 'open',
          priority_id: config.high,
        }),
      (text) => texts.push(text.trim().toLowerCase()),
    );
    expect(response.statusCode, response.body).toBe(200);
    // Last updated by the agent: the answer still names the administrator, as a read would.
    expect(response.json().data).toMatchObject({
      status: 'open',
      priority: { _id: config.high, name: 'Cao' },
      updated_by: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
    });
    // No lock taken (the transaction's FOR UPDATE read): one write, of the version read.
    expect(texts.filter((text) => text.includes('for update of "tickets"'))).toEqual([]);
    const writes = texts.filter((text) => text.includes('update "tickets"'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('.xmin =');
    const read = (await call(admin, 'GET', `/v2/tickets/${ticket._id}`)).json().data;
    expect(read).toMatchObject({
      status: 'open',
      priority: { _id: config.high },
      updated_by: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      updated_at: response.json().data.updated_at,
    });
    const activity = (await call(admin, 'GET', `/v2/tickets/${ticket._id}/activities`)).json();
    expect(activity.data[0].changes.map((item: { field: string }) => item.field)).toEqual([
      'status',
      'priority',
    ]);
  });
});
