import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { channels, messages } from '../../db/schema/conversations.js';
import { groups } from '../../db/schema/groups.js';

type Db = Database | Transaction;
export type ChannelRow = typeof channels.$inferSelect;

const groupName = sql<
  string | null
>`(select g.name from ${groups} g where g.id = ${channels.groupId} and g.tenant_id = ${channels.tenantId})`;

/** The tenant's channels (of one kind), oldest first, each with its department's name. */
export async function listChannels(
  db: Db,
  tenantId: string,
  filter: { kind?: string; id?: string },
) {
  return db
    .select({ channel: channels, groupName })
    .from(channels)
    .where(
      and(
        eq(channels.tenantId, tenantId),
        filter.kind ? eq(channels.kind, filter.kind) : undefined,
        filter.id ? eq(channels.id, filter.id) : undefined,
      ),
    )
    .orderBy(asc(channels.createdAt), asc(channels.id));
}
export type ListedChannel = Awaited<ReturnType<typeof listChannels>>[number];

/** The first active channel of a kind (the one automation sends SMS or ZNS through). */
export async function activeChannelOf(db: Db, tenantId: string, kind: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(
      and(eq(channels.tenantId, tenantId), eq(channels.kind, kind), eq(channels.status, 'active')),
    )
    .orderBy(asc(channels.createdAt), asc(channels.id))
    .limit(1);
  return row;
}

export async function insertChannel(db: Db, values: typeof channels.$inferInsert) {
  const [row] = await db.insert(channels).values(values).returning({ id: channels.id });
  return row!.id;
}

export async function updateChannel(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof channels.$inferInsert>,
) {
  await db
    .update(channels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)));
}

export async function deleteChannel(db: Db, tenantId: string, id: string) {
  await db.delete(channels).where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)));
}

/** Whether messages came or went through the channel (it is then kept, and may be paused). */
export async function channelHasMessages(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.channelId, id)))
    .limit(1);
  return row !== undefined;
}

export async function groupExists(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)))
    .limit(1);
  return row !== undefined;
}
