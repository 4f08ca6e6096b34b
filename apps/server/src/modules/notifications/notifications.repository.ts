import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { notifications } from '../../db/schema/notifications.js';
import { users } from '../../db/schema/users.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Inserts them; one already sent for the same event (`source_event_id`) is left out. */
export function insertNotifications(db: Database, rows: (typeof notifications.$inferInsert)[]) {
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({
      target: [notifications.userId, notifications.sourceEventId],
      where: sql`${notifications.sourceEventId} is not null`,
    })
    .returning();
}

/** Of these users, those with an unread notification pointing at the link. */
export async function withUnreadAt(db: Database, userIds: string[], link: string) {
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, userIds),
        isNull(notifications.readAt),
        eq(notifications.link, link),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function listForUser(
  db: Database,
  userId: string,
  filter: { unreadOnly: boolean; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (filter.unreadOnly) conditions.push(isNull(notifications.readAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function unreadCount(db: Database, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

export async function markRead(db: Database, userId: string, id: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.id, id), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function exists(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .limit(1);
  return !!row;
}

export async function markAllRead(db: Database, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Active staff of the tenant among the given ids, or all of them when no ids are given. */
export async function activeStaffIds(db: Database, tenantId: string, ids?: string[]) {
  const conditions: SQL[] = [eq(users.tenantId, tenantId), eq(users.active, true)];
  if (ids) conditions.push(inArray(users.id, ids));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  return rows.map((row) => row.id);
}
