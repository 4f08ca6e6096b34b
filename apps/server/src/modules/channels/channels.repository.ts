import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { channels, conversations, messages } from '../../db/schema/conversations.js';
import { groups } from '../../db/schema/groups.js';

type Db = Database | Transaction;
export type { ChannelRow } from './channel-loader.js';

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

/** The ids of a tenant's channels of a kind (whatever their state: receipts still arrive). */
export async function channelIdsOfKind(db: Db, tenantId: string, kind: string) {
  const rows = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.kind, kind)));
  return rows.map((row) => row.id);
}

/** Writes `values` over these keys of a channel's settings (what a provider reported). */
export async function mergeSettings(
  db: Db,
  tenantId: string,
  id: string,
  values: Record<string, unknown>,
) {
  await db
    .update(channels)
    .set({ settings: sql`${channels.settings} || ${JSON.stringify(values)}::jsonb` })
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id)));
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

/**
 * A provider's verdict on a channel (an error with its reason, or working again), written only
 * while the channel is in `from` (a pause made meanwhile by an administrator is never undone).
 */
export async function setChannelHealth(
  db: Db,
  tenantId: string,
  id: string,
  from: readonly string[],
  values: { status: 'active' | 'error'; statusReason: string | null },
) {
  await db
    .update(channels)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(channels.tenantId, tenantId),
        eq(channels.id, id),
        inArray(channels.status, [...from]),
      ),
    );
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

/**
 * Each channel's messages of a day (`[start, end)`), in and out: one scan of the tenant's messages
 * of the day (`messages_tenant_day_idx`). A message counts for the channel it came through or went
 * out by; a public one written without a channel (a livechat reply) counts for its
 * conversation's channel. Notes are not counted.
 */
export async function messageCountsByChannel(
  db: Db,
  tenantId: string,
  day: { start: Date; end: Date },
) {
  const { rows } = await db.execute<{ channel_id: string; in: number; out: number }>(sql`
    select coalesce(m.channel_id, cv.channel_id) as channel_id,
           count(*) filter (where m.direction = 'in')::int as in,
           count(*) filter (where m.direction = 'out')::int as out
    from ${messages} m
    left join ${conversations} cv
      on m.channel_id is null and cv.ticket_id = m.ticket_id and cv.tenant_id = m.tenant_id
    where m.tenant_id = ${tenantId}
      and m.created_at >= ${day.start.toISOString()} and m.created_at < ${day.end.toISOString()}
      and m.public
      and coalesce(m.channel_id, cv.channel_id) is not null
    group by 1`);
  return rows;
}
