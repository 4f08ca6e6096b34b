import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { queueHotlines, queueMembers, queues } from '../../db/schema/telephony.js';
import { users } from '../../db/schema/users.js';
import { vietnameseOrder } from '../../platform/sql.js';

type Db = Database | Transaction;

export type QueueRow = typeof queues.$inferSelect;
export type QueueColumns = Pick<
  QueueRow,
  | 'name'
  | 'strategy'
  | 'ringTimeoutSeconds'
  | 'maxWaitSeconds'
  | 'overflowAction'
  | 'overflowQueueId'
>;

/** The tenant's queues (or one of them), by name, with hotlines and members. */
export async function listQueues(db: Db, tenantId: string, id?: string) {
  const rows = await db
    .select()
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), id ? eq(queues.id, id) : undefined))
    .orderBy(vietnameseOrder(queues.name));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const hotlines = await db
    .select()
    .from(queueHotlines)
    .where(inArray(queueHotlines.queueId, ids))
    .orderBy(asc(queueHotlines.hotline));
  const members = await db
    .select({
      queueId: queueMembers.queueId,
      _id: users.id,
      name: users.name,
      agent_id: users.agentId,
      presence: users.presence,
    })
    .from(queueMembers)
    .innerJoin(users, eq(users.id, queueMembers.userId))
    .where(inArray(queueMembers.queueId, ids))
    .orderBy(vietnameseOrder(users.name));
  const names = new Map(
    (
      await db
        .select({ id: queues.id, name: queues.name })
        .from(queues)
        .where(eq(queues.tenantId, tenantId))
    ).map((row) => [row.id, row.name]),
  );
  return rows.map((queue) => ({
    queue,
    hotlines: hotlines.filter((h) => h.queueId === queue.id).map((h) => h.hotline),
    members: members
      .filter((m) => m.queueId === queue.id)
      .map(({ queueId: _queueId, ...member }) => member),
    overflowQueueName: queue.overflowQueueId ? (names.get(queue.overflowQueueId) ?? '') : null,
  }));
}

export async function findQueue(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)))
    .limit(1);
  return row;
}

/** Name, id and overflow of every queue of the tenant (the name and loop checks). */
export const queueOutline = (db: Db, tenantId: string) =>
  db
    .select({ id: queues.id, name: queues.name, overflowQueueId: queues.overflowQueueId })
    .from(queues)
    .where(eq(queues.tenantId, tenantId));

/** Which queues (of any tenant) answer these hotlines. */
export async function hotlineOwners(db: Db, hotlines: string[]) {
  if (hotlines.length === 0) return [];
  return db
    .select({
      hotline: queueHotlines.hotline,
      tenantId: queueHotlines.tenantId,
      queueId: queueHotlines.queueId,
      queueName: queues.name,
    })
    .from(queueHotlines)
    .innerJoin(queues, eq(queues.id, queueHotlines.queueId))
    .where(inArray(queueHotlines.hotline, hotlines));
}

/** The active staff among these ids (queue members must be). */
export async function activeStaff(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, ids),
        eq(users.active, true),
        ne(users.role, 'end_user'),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertQueue(tx: Transaction, tenantId: string, columns: QueueColumns) {
  const [row] = await tx
    .insert(queues)
    .values({ tenantId, ...columns })
    .returning();
  if (!row) throw new Error('queue not created');
  return row;
}

export async function updateQueue(
  tx: Transaction,
  tenantId: string,
  id: string,
  columns: QueueColumns,
) {
  await tx
    .update(queues)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)));
}

/** Makes the queue's hotlines and members exactly these (members keep their cursors). */
export async function syncQueueParts(
  tx: Transaction,
  tenantId: string,
  queueId: string,
  hotlines: string[],
  memberIds: string[],
) {
  await tx.delete(queueHotlines).where(eq(queueHotlines.queueId, queueId));
  if (hotlines.length)
    await tx
      .insert(queueHotlines)
      .values(hotlines.map((hotline) => ({ hotline, tenantId, queueId })));
  await tx.delete(queueMembers).where(
    and(
      eq(queueMembers.queueId, queueId),
      memberIds.length
        ? sql`${queueMembers.userId} not in (${sql.join(
            memberIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : undefined,
    ),
  );
  if (memberIds.length)
    await tx
      .insert(queueMembers)
      .values(memberIds.map((userId) => ({ tenantId, queueId, userId })))
      .onConflictDoNothing();
}

/** Queues sending their overflow to this one. */
export const overflowUsers = (db: Db, tenantId: string, id: string) =>
  db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(and(eq(queues.tenantId, tenantId), eq(queues.overflowQueueId, id)))
    .orderBy(vietnameseOrder(queues.name));

export async function deleteQueue(db: Db, tenantId: string, id: string) {
  await db.delete(queues).where(and(eq(queues.tenantId, tenantId), eq(queues.id, id)));
}
