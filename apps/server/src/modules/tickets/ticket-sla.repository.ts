import { and, eq, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { groups } from '../../db/schema/groups.js';
import { slaPolicies } from '../../db/schema/ticket-settings.js';
import { tickets } from '../../db/schema/tickets.js';

type Db = Database | Transaction;

/** What the SLA computation reads of a ticket, locked for the caller's transaction. */
export async function findSlaRow(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select({
      id: tickets.id,
      status: tickets.status,
      priorityId: tickets.priorityId,
      typeId: tickets.typeId,
      createdAt: tickets.createdAt,
      firstResponseAt: tickets.firstResponseAt,
      slaPolicyId: tickets.slaPolicyId,
      slaFirstResponseMinutes: tickets.slaFirstResponseMinutes,
      slaResolutionMinutes: tickets.slaResolutionMinutes,
      slaPausedAt: tickets.slaPausedAt,
      slaPausedMinutes: tickets.slaPausedMinutes,
      slaDueAt: tickets.slaDueAt,
      slaBreachedAt: tickets.slaBreachedAt,
    })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)))
    .for('update');
  return row;
}
export type SlaRow = NonNullable<Awaited<ReturnType<typeof findSlaRow>>>;

export type SlaColumns = Pick<
  typeof tickets.$inferInsert,
  | 'slaPolicyId'
  | 'slaFirstResponseMinutes'
  | 'slaResolutionMinutes'
  | 'slaPausedAt'
  | 'slaPausedMinutes'
  | 'slaDueAt'
  | 'slaBreachedAt'
>;

export async function saveSla(tx: Transaction, tenantId: string, id: string, values: SlaColumns) {
  await tx
    .update(tickets)
    .set(values)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
}

export async function policySchedule(db: Db, tenantId: string, policyId: string) {
  const [row] = await db
    .select({ scheduleId: slaPolicies.scheduleId })
    .from(slaPolicies)
    .where(and(eq(slaPolicies.tenantId, tenantId), eq(slaPolicies.id, policyId)));
  return row;
}

/**
 * Marks open tickets past their due as breached (at the due instant) and answers them; tickets
 * another instance holds are skipped (SKIP LOCKED) and found by the next run.
 */
export async function markBreaches(tx: Transaction, now: Date, limit: number) {
  const due = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        isNotNull(tickets.slaDueAt),
        isNull(tickets.slaBreachedAt),
        lt(tickets.slaDueAt, now),
        notInArray(tickets.status, ['solved', 'closed']),
        isNull(tickets.mergedIntoId),
      ),
    )
    .orderBy(tickets.slaDueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(tickets)
    .set({ slaBreachedAt: sql`${tickets.slaDueAt}` })
    .where(and(inArray(tickets.id, due), isNull(tickets.slaBreachedAt)))
    .returning({
      id: tickets.id,
      tenantId: tickets.tenantId,
      slaBreachedAt: tickets.slaBreachedAt,
    });
}

/** Whom a breach notifies: the ticket's assignee and its department's leader. */
export async function breachRecipients(db: Db, ticketId: string) {
  const [row] = await db
    .select({
      tenantId: tickets.tenantId,
      number: tickets.number,
      subject: tickets.subject,
      assigneeId: tickets.assigneeId,
      leaderId: groups.leaderId,
    })
    .from(tickets)
    .leftJoin(groups, eq(groups.id, tickets.groupId))
    .where(eq(tickets.id, ticketId));
  return row;
}
