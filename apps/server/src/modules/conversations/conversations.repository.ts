import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { UNSOLVED_STATUSES } from '@omnicare/shared/tickets/ticket-enums';
import type { ConversationReferral } from '@omnicare/shared/conversations/conversations.schemas';
import { builtOnce, type Database, type Transaction } from '../../platform/db.js';
import { visibilityFactColumns, type TicketVisibilityFacts } from '../tickets/ticket-queries.js';
import {
  channels,
  chatConfigs,
  conversationReads,
  conversations,
  livechatVisitors,
  messages,
} from '../../db/schema/conversations.js';
import { customers, tags } from '../../db/schema/customers.js';
import { groups } from '../../db/schema/groups.js';
import { ticketPriorities } from '../../db/schema/ticket-config.js';
import { ticketTags, tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';

type Db = Database | Transaction;

/** A conversation begins with its ticket (the caller's transaction made or holds it). */
export async function insertConversation(
  tx: Transaction,
  values: {
    tenantId: string;
    ticketId: string;
    channelId: string | null;
    at: Date;
    referral?: ConversationReferral;
  },
) {
  await tx
    .insert(conversations)
    .values({
      tenantId: values.tenantId,
      ticketId: values.ticketId,
      channelId: values.channelId,
      lastMessageAt: values.at,
      referral: values.referral ?? null,
      adId: values.referral?.ad_id ?? null,
    })
    // The outbox subscriber may make the row first (channel unknown to it, from `ticket.created`,
    // committed before the channel's own insert): the channel is then filled in, never replaced.
    .onConflictDoUpdate({
      target: conversations.ticketId,
      set: {
        channelId: sql`coalesce(${conversations.channelId}, excluded.channel_id)`,
        referral: sql`coalesce(${conversations.referral}, excluded.referral)`,
        adId: sql`coalesce(${conversations.adId}, excluded.ad_id)`,
      },
    });
}

/** A referral on a later message: kept only when the conversation has none yet. */
export async function keepReferral(db: Db, ticketId: string, referral: ConversationReferral) {
  await db
    .update(conversations)
    .set({ referral, adId: referral.ad_id })
    .where(and(eq(conversations.ticketId, ticketId), isNull(conversations.referral)));
}

/** The newest message of a ticket (what the list previews). */
export async function lastMessage(db: Db, ticketId: string) {
  const [row] = await db
    .select({
      authorType: messages.authorType,
      kind: messages.kind,
      public: messages.public,
      body: messages.body,
      bodyFormat: messages.bodyFormat,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.ticketId, ticketId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}

/** A conversation's last message, as its row shows it. */
export interface LastMessage {
  at: Date;
  preview: Record<string, unknown>;
}

/**
 * The rows' last message (when given) and waiting time, worked out again from the messages (a
 * redelivered event changes nothing): waiting since the customer's oldest message after the
 * team's last public reply. Every message's event asks it, many side by side: one statement for
 * those asked together, built and prepared once. Answers which tickets have a row.
 */
export async function refreshConversations(
  db: Db,
  wanted: { ticketId: string; last: LastMessage | undefined }[],
): Promise<boolean[]> {
  const updated = new Set<string>();
  // A ticket twice in one statement would be updated once: each round has a ticket once.
  for (const round of roundsOfDistinct(wanted, (item) => item.ticketId)) {
    const rows = await builtOnce(db, 'conversations-refresh', () => {
      const at = sql`asked.at`;
      return db
        .update(conversations)
        .set({
          // Never back to an older message (an event delivered again after a newer one).
          lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at})`,
          lastMessage: sql`case when ${at} >= ${conversations.lastMessageAt}
            then asked.preview else ${conversations.lastMessage} end`,
          waitingSince: sql`(select min(m.created_at) from ${messages} m
            where m.ticket_id = ${conversations.ticketId} and m.author_type = 'customer'
              and m.created_at > coalesce((select max(r.created_at) from ${messages} r
                where r.ticket_id = ${conversations.ticketId} and r.public
                  and r.author_type in ('user', 'bot')), '-infinity'::timestamptz))`,
        })
        .from(
          sql`unnest(${sql.placeholder('ticketIds')}::uuid[], ${sql.placeholder('ats')}::timestamptz[],
            ${sql.placeholder('previews')}::jsonb[]) as asked(ticket_id, at, preview)`,
        )
        .where(sql`${conversations.ticketId} = asked.ticket_id`)
        .returning({ ticketId: conversations.ticketId });
    }).execute({
      ticketIds: round.map((item) => item.ticketId),
      ats: round.map((item) => item.last?.at.toISOString() ?? null),
      previews: round.map((item) => (item.last ? JSON.stringify(item.last.preview) : null)),
    });
    for (const row of rows) updated.add(row.ticketId);
  }
  return wanted.map((item) => updated.has(item.ticketId));
}

/** The items in rounds, each holding an item's key at most once, in their order. */
function roundsOfDistinct<Item>(items: Item[], keyOf: (item: Item) => string): Item[][] {
  const rounds: { keys: Set<string>; items: Item[] }[] = [];
  for (const item of items) {
    const key = keyOf(item);
    let round = rounds.find((candidate) => !candidate.keys.has(key));
    if (!round) rounds.push((round = { keys: new Set(), items: [] }));
    round.keys.add(key);
    round.items.push(item);
  }
  return rounds.map((round) => round.items);
}

export interface ConversationFilter {
  tenantId: string;
  /** Whose read marker counts `unread` (null: nobody's, every customer message is unread). */
  userId: string | null;
  box: 'mine' | 'unassigned' | 'all';
  /** Undefined: either. */
  state?: 'open' | 'resolved';
  sources?: string[];
  groupId?: string;
  tagId?: string;
  search?: { key: string; number?: number };
  scope?: SQL;
}

const openStatuses = sql.raw(UNSOLVED_STATUSES.map((status) => `'${status}'`).join(', '));

function conditions(filter: ConversationFilter): SQL[] {
  const parts: (SQL | undefined)[] = [
    eq(conversations.tenantId, filter.tenantId),
    isNull(tickets.mergedIntoId),
    filter.state === 'open' ? sql`${tickets.status} in (${openStatuses})` : undefined,
    filter.state === 'resolved' ? sql`${tickets.status} not in (${openStatuses})` : undefined,
    filter.box === 'mine' && filter.userId ? eq(tickets.assigneeId, filter.userId) : undefined,
    filter.box === 'unassigned' ? isNull(tickets.assigneeId) : undefined,
    filter.sources?.length ? inArray(tickets.source, filter.sources) : undefined,
    filter.groupId ? eq(tickets.groupId, filter.groupId) : undefined,
    filter.tagId
      ? sql`exists (select 1 from ${ticketTags} tt where tt.ticket_id = ${tickets.id} and tt.tag_id = ${filter.tagId})`
      : undefined,
    filter.search
      ? or(
          sql`${customers.nameKey} like ${`%${filter.search.key}%`}`,
          sql`${tickets.subjectKey} like ${`%${filter.search.key}%`}`,
          filter.search.number === undefined ? undefined : eq(tickets.number, filter.search.number),
        )
      : undefined,
    filter.scope,
  ];
  return parts.filter((part): part is SQL => !!part);
}

/** Customer messages after the reader's read marker (`reader`: a user id as SQL, or a column). */
const unreadCount = (reader: SQL) => sql<number>`(select count(*)::int from ${messages} m
  where m.ticket_id = ${tickets.id} and m.author_type = 'customer'
    and m.created_at > coalesce((select cr.read_at from ${conversationReads} cr
      where cr.ticket_id = ${tickets.id} and cr.user_id = ${reader}), '-infinity'::timestamptz))`;

/** A list row's columns, `unread` as the reader reads it. */
function rowColumns(reader: SQL) {
  return {
    id: tickets.id,
    number: tickets.number,
    subject: tickets.subject,
    status: tickets.status,
    source: tickets.source,
    assigneeId: tickets.assigneeId,
    assigneeName: sql<
      string | null
    >`(select u.name from ${users} u where u.id = ${tickets.assigneeId})`,
    groupId: tickets.groupId,
    groupName: groups.name,
    priorityId: ticketPriorities.id,
    priorityName: ticketPriorities.name,
    priorityColor: ticketPriorities.color,
    channelId: channels.id,
    channelName: channels.name,
    channelKind: channels.kind,
    customerId: customers.id,
    customerName: customers.name,
    customerAvatar: customers.avatarUrl,
    lastMessage: conversations.lastMessage,
    lastMessageAt: conversations.lastMessageAt,
    waitingSince: conversations.waitingSince,
    referral: conversations.referral,
    createdAt: tickets.createdAt,
    tags: sql<
      { _id: string; name: string }[]
    >`coalesce((select json_agg(json_build_object('_id', tg.id, 'name', tg.name) order by tg.name)
        from ${ticketTags} tt join ${tags} tg on tg.id = tt.tag_id where tt.ticket_id = ${tickets.id}), '[]'::json)`,
    unread: unreadCount(reader),
  };
}

/** The rows' tables: the conversation, its ticket and what the row names. */
const rowsFrom = (db: Db, columns: ReturnType<typeof rowColumns>) =>
  db
    .select(columns)
    .from(conversations)
    .innerJoin(tickets, eq(tickets.id, conversations.ticketId))
    .leftJoin(customers, eq(customers.id, tickets.requesterId))
    .leftJoin(groups, eq(groups.id, tickets.groupId))
    .leftJoin(ticketPriorities, eq(ticketPriorities.id, tickets.priorityId))
    .leftJoin(channels, eq(channels.id, conversations.channelId));

/**
 * One page of conversations, newest activity first, after `after` (the previous page's last
 * row); one row more than asked says another page follows.
 */
export async function listConversations(
  db: Db,
  filter: ConversationFilter,
  page: { size: number; after?: { at: Date; id: string } },
) {
  const after = page.after
    ? or(
        lt(conversations.lastMessageAt, page.after.at),
        and(
          eq(conversations.lastMessageAt, page.after.at),
          lt(conversations.ticketId, page.after.id),
        ),
      )
    : undefined;
  return rowsFrom(db, rowColumns(sql`${filter.userId}::uuid`))
    .where(and(...conditions(filter), after))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.ticketId))
    .limit(page.size + 1);
}

/**
 * Conversations' rows, `unread` as each one's assignee reads it (what the live push carries to
 * everyone), with their tickets' visibility facts (who may hear it), in the order asked
 * (undefined: no such row). Read after every message, many side by side: one statement for
 * those asked together, built and prepared once.
 */
export async function conversationRows(db: Db, wanted: { tenantId: string; ticketId: string }[]) {
  // Selected as any other column: the row's type below says what it holds.
  const withFacts = {
    ...rowColumns(sql`${tickets.assigneeId}`),
    facts: visibilityFactColumns,
    tenantId: conversations.tenantId,
  };
  const rows = (await builtOnce(db, 'conversation-rows', () =>
    rowsFrom(db, withFacts).where(
      and(
        sql`(${conversations.tenantId}, ${conversations.ticketId}) in (select * from unnest(
          ${sql.placeholder('tenantIds')}::uuid[], ${sql.placeholder('ticketIds')}::uuid[]))`,
        isNull(tickets.mergedIntoId),
      ),
    ),
  ).execute({
    tenantIds: wanted.map((item) => item.tenantId),
    ticketIds: wanted.map((item) => item.ticketId),
  })) as (ConversationListRow & { facts: TicketVisibilityFacts; tenantId: string })[];
  const byKey = new Map(rows.map((row) => [`${row.tenantId}:${row.id}`, row]));
  return wanted.map((item) => byKey.get(`${item.tenantId}:${item.ticketId}`));
}
export type ConversationListRow = Awaited<ReturnType<typeof listConversations>>[number];

/** Open conversations with something unread for the user, in each box. */
export async function unreadByBox(
  db: Db,
  filter: Omit<ConversationFilter, 'box' | 'state'> & { userId: string },
) {
  const unread = sql`${unreadCount(sql`${filter.userId}::uuid`)} > 0`;
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${tickets.assigneeId} = ${filter.userId})::int`,
      unassigned: sql<number>`count(*) filter (where ${tickets.assigneeId} is null)::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(conversations)
    .innerJoin(tickets, eq(tickets.id, conversations.ticketId))
    .where(and(...conditions({ ...filter, box: 'all', state: 'open' }), unread));
  return row ?? { mine: 0, unassigned: 0, all: 0 };
}

/** The user has read the conversation up to now. */
export async function markRead(db: Db, tenantId: string, ticketId: string, userId: string) {
  const readAt = new Date();
  await db
    .insert(conversationReads)
    .values({ tenantId, ticketId, userId, readAt })
    .onConflictDoUpdate({
      target: [conversationReads.ticketId, conversationReads.userId],
      set: { readAt },
    });
}

/** Whether a ticket is a conversation (has its row). */
export async function isConversation(db: Db, tenantId: string, ticketId: string) {
  const [row] = await db
    .select({ channelId: conversations.channelId })
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.ticketId, ticketId)));
  return row;
}

/**
 * The conversation's customer, when no one owns them yet (a visitor a channel made), belongs to
 * the agent now holding it: their data scope shows the customer beside the chat.
 */
export async function giveOwnerlessRequester(db: Db, tenantId: string, ticketId: string) {
  await db.execute(sql`update ${customers} c set owner_id = t.assignee_id, updated_at = now()
    from ${tickets} t
    where t.tenant_id = ${tenantId} and t.id = ${ticketId} and t.assignee_id is not null
      and c.id = t.requester_id and c.tenant_id = ${tenantId} and c.owner_id is null`);
}

/**
 * Open conversations (new, open, pending; not merged away) whose last message is older than
 * their tenant's `auto_resolve_hours` (the default for a tenant that never saved its chat
 * settings or saved before the setting existed; 0 is never), oldest silence first, with the
 * ticket's `updated_at` as read (the change is skipped if the ticket moved since).
 */
export async function silentConversations(
  db: Db,
  options: { now: Date; defaultHours: number; limit: number },
) {
  const hours = sql`coalesce((${chatConfigs.config} ->> 'auto_resolve_hours')::int, ${options.defaultHours}::int)`;
  return db
    .select({
      tenantId: conversations.tenantId,
      ticketId: conversations.ticketId,
      updatedAt: tickets.updatedAt,
    })
    .from(conversations)
    .innerJoin(tickets, eq(tickets.id, conversations.ticketId))
    .leftJoin(chatConfigs, eq(chatConfigs.tenantId, conversations.tenantId))
    .where(
      and(
        sql`${tickets.status} in (${openStatuses})`,
        isNull(tickets.mergedIntoId),
        sql`${hours} > 0`,
        sql`${conversations.lastMessageAt} < ${options.now.toISOString()}::timestamptz - make_interval(hours => ${hours})`,
      ),
    )
    .orderBy(conversations.lastMessageAt, conversations.ticketId)
    .limit(options.limit);
}

/** The satisfaction survey of a conversation (undefined: not a conversation of the tenant). */
export async function surveyOf(db: Db, tenantId: string, ticketId: string) {
  const [row] = await db
    .select({
      askedAt: conversations.surveyAskedAt,
      rating: conversations.rating,
      comment: conversations.ratingComment,
      ratedAt: conversations.ratedAt,
    })
    .from(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.ticketId, ticketId)));
  return row;
}

/** The visitors of a conversation are its requester (after it was linked to another customer). */
export async function followRequester(db: Db, ticketId: string) {
  await db.execute(sql`update ${livechatVisitors} v set customer_id = t.requester_id
    from ${tickets} t
    where t.id = ${ticketId} and v.ticket_id = t.id and t.requester_id is not null
      and v.customer_id <> t.requester_id`);
}
