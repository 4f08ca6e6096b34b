import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { preparedOnce, type Database, type Transaction } from '../../platform/db.js';
import { containsPattern, prefixPattern } from '../../platform/sql.js';
import { customerPhones, customers } from '../../db/schema/customers.js';
import {
  callEvents,
  calls,
  queueHotlines,
  queueMembers,
  queues,
} from '../../db/schema/telephony.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';

type Db = Database | Transaction;
export type CallRow = typeof calls.$inferSelect;
export type CallEventRow = typeof callEvents.$inferSelect;

/**
 * The tenants having a call of this gateway call id (at most two: enough to tell one from
 * several). Call ids come from SIP clients, so two tenants may hold the same one.
 */
export async function tenantsOfCallId(db: Db, callId: string) {
  const rows = await db
    .select({ tenantId: calls.tenantId })
    .from(calls)
    .where(eq(calls.callId, callId))
    .limit(2);
  return rows.map((row) => row.tenantId);
}

/** The tenant's call of a gateway call id. */
export async function callOfTenant(db: Db, tenantId: string, callId: string) {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.tenantId, tenantId), eq(calls.callId, callId)));
  return row;
}

/** The calls a gateway had open before it started at `startedAt` (every tenant's). */
export async function openCallsOfGateway(db: Db, gateway: string, startedAt: Date) {
  return db
    .select({ tenantId: calls.tenantId, callId: calls.callId })
    .from(calls)
    .where(and(eq(calls.gateway, gateway), isNull(calls.endedAt), lt(calls.startedAt, startedAt)));
}

/** The queue answering a dialled hotline, with its tenant. */
export async function queueOfHotline(db: Db, hotline: string) {
  const [row] = await db
    .select({ queue: queues })
    .from(queueHotlines)
    .innerJoin(queues, eq(queues.id, queueHotlines.queueId))
    .where(eq(queueHotlines.hotline, hotline));
  return row?.queue;
}

/**
 * The queue a routing ask is about, in one statement: the call's own (it may have overflowed
 * into another), else the dialled hotline's (a first ask, or a call the events made first). The
 * call is the hotline's tenant's: another tenant's call of the same call id is never read.
 */
export async function routingQueue(db: Db, callId: string, hotline: string) {
  const [row] = await preparedOnce(
    db
      .select()
      .from(queues)
      .where(
        eq(
          queues.id,
          sql`coalesce(
            (select ${calls.queueId} from ${calls} where ${calls.callId} = ${callId} and ${calls.queueId} is not null
               and ${calls.tenantId} = (select ${queueHotlines.tenantId} from ${queueHotlines} where ${queueHotlines.hotline} = ${hotline})),
            (select ${queueHotlines.queueId} from ${queueHotlines} where ${queueHotlines.hotline} = ${hotline}))`,
        ),
      ),
    'route-queue',
  ).execute();
  return row;
}

export async function queueById(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)));
  return row;
}

/**
 * One routing decision at a time per tenant, until the transaction ends. An agent may belong to
 * several queues, so a lock on the queue's row would not keep two queues from ringing the same
 * free agent; this does, and each decision sees the rings the previous ones committed.
 */
export async function lockTenantRouting(tx: Transaction, tenantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`route:${tenantId}`}, 0))`);
}

/**
 * The call row (made if missing) locked for this transaction, in one statement: an existing row
 * is "updated" to itself, which locks it and returns it as it stands.
 */
export async function claimCallRow(
  tx: Transaction,
  values: typeof calls.$inferInsert,
): Promise<CallRow> {
  const [row] = await preparedOnce(
    tx
      .insert(calls)
      .values(values)
      .onConflictDoUpdate({
        target: [calls.tenantId, calls.callId],
        set: { callId: sql`${calls.callId}` },
      })
      .returning(),
    'call-claim',
  ).execute();
  if (!row) throw new Error('call row missing');
  return row;
}

export async function updateCall(tx: Db, id: string, values: Partial<typeof calls.$inferInsert>) {
  await tx
    .update(calls)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(calls.id, id));
}

/**
 * A ring decided: the call's row and the member's round-robin cursor, in one statement (a
 * data-modifying CTE).
 */
export async function recordRing(
  tx: Transaction,
  callRowId: string,
  values: Partial<typeof calls.$inferInsert>,
  queueId: string,
  userId: string,
) {
  const ring = tx
    .update(calls)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(calls.id, callRowId));
  await tx.execute(
    sql`with ring as (${ring.getSQL()}) update ${queueMembers} set ${sql.identifier(
      'last_offered_at',
    )} = clock_timestamp() where ${and(
      eq(queueMembers.queueId, queueId),
      eq(queueMembers.userId, userId),
    )}`,
  );
}

/** Moves the longest-idle cursor of the agent in every queue of theirs. */
export async function markCallEnded(db: Db, tenantId: string, userId: string, at: Date) {
  await db
    .update(queueMembers)
    .set({ lastCallEndedAt: at })
    .where(
      and(
        eq(queueMembers.tenantId, tenantId),
        eq(queueMembers.userId, userId),
        or(isNull(queueMembers.lastCallEndedAt), lt(queueMembers.lastCallEndedAt, at)),
      ),
    );
}

// ---- after-call work (wrap-up): `calls.acw_until` while it runs, `acw_seconds` once it ended

/** Starts the agent's wrap-up after the call `id` ended: until `until`. */
export async function startWrapUp(db: Db, id: string, until: Date) {
  await db.update(calls).set({ acwUntil: until }).where(eq(calls.id, id));
}

/**
 * The after-call work of an ending wrap-up: from the call's end to now, at most to its due time
 * (a wrap-up ended after its time ran out, by a late sweep, counts its whole time).
 */
const acwSecondsNow = sql`greatest(0, round(extract(epoch from least(now(), ${calls.acwUntil}) - ${calls.endedAt})))::int`;

export type EndedWrapUp = { id: string; tenantId: string; agentId: string; acwSeconds: number };

const endedWrapUp = {
  id: calls.id,
  tenantId: calls.tenantId,
  agentId: sql<string>`${calls.agentId}`,
  acwSeconds: calls.acwSeconds,
};

/** Ends the wrap-ups of the calls `which` picks, recording each one's seconds. */
const endWrapUpsWhere = (db: Db, which: SQL): Promise<EndedWrapUp[]> =>
  db
    .update(calls)
    .set({ acwSeconds: acwSecondsNow, acwUntil: null })
    .where(and(isNotNull(calls.acwUntil), which))
    .returning(endedWrapUp);

/** Ends the wrap-up of one call of the agent (their own, in their tenant), recording its seconds. */
export async function endWrapUp(
  db: Db,
  tenantId: string,
  agentId: string,
  id: string,
): Promise<EndedWrapUp | undefined> {
  const [row] = await endWrapUpsWhere(
    db,
    and(eq(calls.tenantId, tenantId), eq(calls.agentId, agentId), eq(calls.id, id))!,
  );
  return row;
}

/**
 * Ends every wrap-up of the agent but the call `exceptId`'s (they took or placed another call),
 * or every one (a supervisor ended it).
 */
export const endWrapUpsOfAgent = (db: Db, tenantId: string, agentId: string, exceptId?: string) =>
  endWrapUpsWhere(
    db,
    and(
      eq(calls.tenantId, tenantId),
      eq(calls.agentId, agentId),
      exceptId ? ne(calls.id, exceptId) : undefined,
    )!,
  );

/** Ends the wrap-ups whose time ran out, every tenant's (the sweep), their whole time recorded. */
export const endExpiredWrapUps = (db: Db) => endWrapUpsWhere(db, lt(calls.acwUntil, sql`now()`));

/** The agent's call whose wrap-up runs now, if any. */
export async function runningWrapUp(db: Db, tenantId: string, agentId: string) {
  const [row] = await db
    .select({ id: calls.id, endedAt: calls.endedAt, acwUntil: calls.acwUntil })
    .from(calls)
    .where(
      and(
        eq(calls.tenantId, tenantId),
        eq(calls.agentId, agentId),
        isNotNull(calls.acwUntil),
        sql`${calls.acwUntil} > now()`,
      ),
    )
    .orderBy(desc(calls.acwUntil))
    .limit(1);
  return row;
}

/** The agent's own call (tenant and agent), for telling an ended wrap-up from someone else's call. */
export async function ownCall(db: Db, tenantId: string, agentId: string, id: string) {
  const [row] = await db
    .select({ id: calls.id, acwSeconds: calls.acwSeconds, endedAt: calls.endedAt })
    .from(calls)
    .where(and(eq(calls.tenantId, tenantId), eq(calls.agentId, agentId), eq(calls.id, id)));
  return row;
}

/** A staff member of the tenant by agent id or SIP username. */
export async function staffByAgent(db: Db, tenantId: string, agent: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.tenantId, tenantId), or(eq(users.agentId, agent), eq(users.sipUsername, agent))),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id;
}

/** Tenants having a staff member with this SIP username (an outbound call's caller). */
export async function tenantsOfSipUser(db: Db, sipUsername: string) {
  const rows = await db
    .selectDistinct({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.sipUsername, sipUsername))
    .limit(2);
  return rows.map((row) => row.tenantId);
}

/** Whether the call already has an event with this id. */
export async function hasEvent(db: Db, tenantId: string, callId: string, eventId: string) {
  const [row] = await db
    .select({ id: callEvents.id })
    .from(callEvents)
    .where(
      and(
        eq(callEvents.tenantId, tenantId),
        eq(callEvents.callId, callId),
        eq(callEvents.eventId, eventId),
      ),
    );
  return !!row;
}

/** When the server received the call.ended that ended the call at `endedAt` (its first). */
export async function endReceivedAt(db: Db, callRowId: string, endedAt: Date) {
  const [row] = await db
    .select({ receivedAt: callEvents.receivedAt })
    .from(callEvents)
    .where(
      and(
        eq(callEvents.callRowId, callRowId),
        eq(callEvents.type, 'call.ended'),
        eq(callEvents.at, endedAt),
      ),
    )
    .orderBy(asc(callEvents.receivedAt))
    .limit(1);
  return row?.receivedAt;
}

/** Stores an event; false when the call already has one with this id. */
export async function insertEvent(tx: Transaction, values: typeof callEvents.$inferInsert) {
  const rows = await tx
    .insert(callEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: callEvents.id });
  return rows.length > 0;
}

export const eventsOf = (db: Db, callRowId: string) =>
  db
    .select()
    .from(callEvents)
    .where(eq(callEvents.callRowId, callRowId))
    .orderBy(asc(callEvents.at), asc(callEvents.receivedAt));

/**
 * Takes the right to make the call's ticket (one writer; a claim older than a minute is taken
 * over, its writer having died). Answers the call row when taken.
 */
export async function claimTicket(db: Db, id: string) {
  const [row] = await db
    .update(calls)
    .set({ ticketClaimedAt: new Date() })
    .where(
      and(
        eq(calls.id, id),
        isNull(calls.ticketId),
        or(
          isNull(calls.ticketClaimedAt),
          lt(calls.ticketClaimedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    )
    .returning();
  return row;
}

/**
 * Takes the call's voicemail ticket step once (`voicemail` becomes 'ticket'): only a call with
 * its ticket, and only the first time, whatever events repeat.
 */
export async function claimVoicemailTicket(db: Db, id: string) {
  const [row] = await db
    .update(calls)
    .set({ voicemail: 'ticket' })
    .where(
      and(
        eq(calls.id, id),
        isNotNull(calls.ticketId),
        or(isNull(calls.voicemail), ne(calls.voicemail, 'ticket')),
      ),
    )
    .returning({ id: calls.id });
  return !!row;
}

/** The subject of a ticket of the tenant (undefined when there is none). */
export async function ticketSubject(db: Db, tenantId: string, ticketId: string) {
  const [row] = await db
    .select({ subject: tickets.subject })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)));
  return row?.subject;
}

/** Whether a call other than `callId` is linked to the ticket (a ticket continued by calls). */
export async function ticketHasOtherCalls(db: Db, ticketId: string, callId: string) {
  const [row] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.ticketId, ticketId), ne(calls.id, callId)))
    .limit(1);
  return !!row;
}

/** The customer owning a phone (national number) in the tenant. */
export async function customerByNational(db: Db, tenantId: string, national: string) {
  if (!national) return undefined;
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customerPhones)
    .innerJoin(customers, eq(customers.id, customerPhones.customerId))
    .where(and(eq(customerPhones.tenantId, tenantId), eq(customerPhones.national, national)))
    .limit(1);
  return row;
}

/**
 * The open ticket (new, open, pending) a call continues: the requester's newest created since
 * `since`, or, for a caller no customer owns, the newest ticket of an earlier call with the same
 * number since then.
 */
export async function openTicketToContinue(
  db: Db,
  tenantId: string,
  since: Date,
  who: { customerId: string } | { national: string; exceptCallId: string },
) {
  const owner =
    'customerId' in who
      ? eq(tickets.requesterId, who.customerId)
      : and(
          isNull(tickets.requesterId),
          sql`exists (select 1 from ${calls} c where c.ticket_id = ${tickets.id} and c.id <> ${who.exceptCallId}
            and (c.from_national = ${who.national} or c.to_national = ${who.national}))`,
        );
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.status, ['new', 'open', 'pending']),
        gte(tickets.createdAt, since),
        owner,
      ),
    )
    .orderBy(desc(tickets.createdAt))
    .limit(1);
  return row?.id;
}

/** The history's filters (days already turned into instants). */
export interface CallFilter {
  id?: string;
  scope: SQL | undefined;
  direction?: string;
  results?: string[];
  agentIds?: string[];
  queueIds?: string[];
  hotline?: string;
  ticketId?: string;
  customerId?: string;
  from?: Date;
  to?: Date;
  number?: { digits: string; fromStart: boolean };
}

export function callConditions(filter: CallFilter): (SQL | undefined)[] {
  const conditions = [filter.scope];
  if (filter.id) conditions.push(eq(calls.id, filter.id));
  if (filter.direction) conditions.push(eq(calls.direction, filter.direction));
  if (filter.results?.length) conditions.push(inArray(calls.result, filter.results));
  if (filter.agentIds?.length) conditions.push(inArray(calls.agentId, filter.agentIds));
  if (filter.queueIds?.length) conditions.push(inArray(calls.queueId, filter.queueIds));
  if (filter.hotline) conditions.push(eq(calls.hotline, filter.hotline));
  if (filter.ticketId) conditions.push(eq(calls.ticketId, filter.ticketId));
  if (filter.customerId) conditions.push(eq(calls.customerId, filter.customerId));
  if (filter.from) conditions.push(gte(calls.startedAt, filter.from));
  if (filter.to) conditions.push(lt(calls.startedAt, filter.to));
  if (filter.number?.digits) {
    const { digits, fromStart } = filter.number;
    const pattern = fromStart ? prefixPattern(digits) : containsPattern(digits);
    conditions.push(
      or(sql`${calls.fromNational} like ${pattern}`, sql`${calls.toNational} like ${pattern}`),
    );
  }
  return conditions;
}

// Written out: drizzle leaves the table off columns inside a select list's subqueries.
const customerName = sql<
  string | null
>`(select cu.name from customers cu where cu.id = "calls"."customer_id")`;
const customerNumber = sql<
  number | null
>`(select cu.number from customers cu where cu.id = "calls"."customer_id")`;
const agentName = sql<string | null>`(select u.name from users u where u.id = "calls"."agent_id")`;
const agentCode = sql<
  string | null
>`(select u.agent_id from users u where u.id = "calls"."agent_id")`;
const queueName = sql<string | null>`(select q.name from queues q where q.id = "calls"."queue_id")`;
const ticketNumber = sql<
  number | null
>`(select t.number from tickets t where t.id = "calls"."ticket_id")`;

const listColumns = {
  call: calls,
  customerName,
  customerNumber,
  agentName,
  agentCode,
  queueName,
  ticketNumber,
};
export type CallListRow = {
  call: CallRow;
  customerName: string | null;
  customerNumber: number | null;
  agentName: string | null;
  agentCode: string | null;
  queueName: string | null;
  ticketNumber: number | null;
};

export async function listCalls(
  db: Db,
  tenantId: string,
  conditions: (SQL | undefined)[],
  page: { offset: number; limit: number },
) {
  const where = and(eq(calls.tenantId, tenantId), ...conditions);
  const rows = await db
    .select(listColumns)
    .from(calls)
    .where(where)
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(calls)
    .where(where);
  return { rows: rows as CallListRow[], total: count?.total ?? 0 };
}

/** One call of the tenant as the history shows it, within `scope` (the caller's data scope). */
export async function findCall(db: Db, tenantId: string, id: string, scope: SQL | undefined) {
  const [row] = await db
    .select(listColumns)
    .from(calls)
    .where(and(eq(calls.tenantId, tenantId), eq(calls.id, id), scope));
  return row as CallListRow | undefined;
}

/**
 * Attaches a call that has no ticket to one, unless its ticket is being made meanwhile (the
 * claim of `claimTicket`, not expired); the call's customer is kept, else `customerId`. Answers
 * the call row when it was linked.
 */
export async function linkTicket(db: Db, id: string, ticketId: string, customerId: string | null) {
  const [row] = await db
    .update(calls)
    .set({
      ticketId,
      customerId: sql`coalesce(${calls.customerId}, ${customerId}::uuid)`,
      ticketClaimedAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(calls.id, id),
        isNull(calls.ticketId),
        or(
          isNull(calls.ticketClaimedAt),
          lt(calls.ticketClaimedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    )
    .returning();
  return row;
}

/** Names of staff, for the transfer chain. */
/** Names of queues, for the transfer chain (transfers to a queue). */
export async function queueNames(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), inArray(queues.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function staffNames(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
