import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { builtOnce, type Database, type Transaction } from '../../platform/db.js';
import { customers } from '../../db/schema/customers.js';
import { channels, conversations, messages } from '../../db/schema/conversations.js';
import { ticketAttachments, ticketLinks } from '../../db/schema/ticket-conversation.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';

type Db = Database | Transaction;
export type TicketRow = typeof tickets.$inferSelect;
export type CommentRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type LinkRow = typeof ticketLinks.$inferSelect;

/** The tickets, locked for the rest of the transaction, always in id order (no deadlock). */
export async function lockTickets(tx: Transaction, tenantId: string, ids: string[]) {
  // Every message written takes it: built and prepared once. Locked in the order of their ids.
  const rows = (await builtOnce(tx, 'tickets-lock', () =>
    tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, sql.placeholder('tenantId')),
          sql`${tickets.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .orderBy(asc(tickets.id))
      .for('update'),
  ).execute({ tenantId, ids: [...new Set(ids)] })) as TicketRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

export async function updateTicket(
  tx: Transaction,
  tenantId: string,
  id: string,
  patch: Partial<typeof tickets.$inferInsert>,
) {
  const [row] = await tx
    .update(tickets)
    .set(patch)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)))
    .returning();
  return row as TicketRow;
}

/** A ticket's last activity, nothing else changed (a message to an open ticket): prepared once. */
export async function touchTicket(tx: Transaction, tenantId: string, id: string, at: Date) {
  await builtOnce(tx, 'ticket-touch', () =>
    tx
      .update(tickets)
      .set({ updatedAt: sql`${sql.placeholder('at')}::timestamptz` })
      .where(
        and(
          eq(tickets.tenantId, sql.placeholder('tenantId')),
          eq(tickets.id, sql.placeholder('id')),
        ),
      ),
  ).execute({ tenantId, id, at: at.toISOString() });
}

export async function insertTicket(tx: Transaction, values: typeof tickets.$inferInsert) {
  const [row] = await tx.insert(tickets).values(values).returning();
  return row as TicketRow;
}

/**
 * A message already written with the same sender's id on the ticket, or the same provider's id on
 * the channel (none: null): what a resent message or a redelivered webhook finds.
 */
/** How a message is known again: the client's id on its ticket, or the provider's on its channel. */
export type SameMessage =
  | { ticketId: string; clientMessageId: string }
  | { channelId: string | null; providerMessageId: string };

export async function findSameMessage(db: Db, tenantId: string, same: SameMessage) {
  if ('clientMessageId' in same) {
    // Every message a widget or an agent's tab sends asks it: built and prepared once.
    const [twin] = await builtOnce(db, 'message-by-client-id', () =>
      db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.tenantId, sql.placeholder('tenantId')),
            eq(messages.ticketId, sql.placeholder('ticketId')),
            eq(messages.clientMessageId, sql.placeholder('clientMessageId')),
          ),
        )
        .limit(1),
    ).execute({ tenantId, ...same });
    return twin?.id ?? null;
  }
  const where = and(
    eq(messages.tenantId, tenantId),
    same.channelId === null ? isNull(messages.channelId) : eq(messages.channelId, same.channelId),
    eq(messages.providerMessageId, same.providerMessageId),
  );
  const [row] = await db.select({ id: messages.id }).from(messages).where(where).limit(1);
  return row?.id ?? null;
}

export async function insertComment(tx: Transaction, values: typeof messages.$inferInsert) {
  const [row] = await tx.insert(messages).values(values).returning();
  return row as CommentRow;
}

/** `insertComment`, or undefined when a message of the same provider's or client's id exists. */
export async function insertCommentUnlessTwin(
  tx: Transaction,
  values: typeof messages.$inferInsert,
) {
  const [row] = await tx.insert(messages).values(values).onConflictDoNothing().returning();
  return row as CommentRow | undefined;
}

export async function insertAttachments(
  tx: Transaction,
  values: (typeof ticketAttachments.$inferInsert)[],
) {
  if (values.length === 0) return [];
  return tx.insert(ticketAttachments).values(values).returning();
}

/** An attachment as a comment reads it (its file stays private: served by its own route). */
export interface CommentAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
}

/** A comment's attachments, as JSON, from the rows of `ticket_attachments` called `a`. */
const attachmentsJson = sql`json_agg(json_build_object(
      'id', a.id, 'fileName', a.file_name, 'contentType', a.content_type, 'size', a.size,
      'createdAt', a.created_at) order by a.created_at, a.position, a.id)`;

/**
 * A comment with its author's name and picture (staff or customer), its attachments and the
 * names of the staff it mentions (a conversation's page reads the attachments of all its
 * comments at once instead: listComments).
 */
const withAuthor = {
  comment: messages,
  userName: users.name,
  userAvatar: users.avatarUrl,
  customerName: customers.name,
  customerAvatar: customers.avatarUrl,
  attachments: sql<CommentAttachment[]>`(select coalesce(${attachmentsJson}, '[]'::json)
    from ${ticketAttachments} a
    where a.tenant_id = ${messages.tenantId} and a.comment_id = ${messages.id})`,
  // Most comments mention no one: they skip the lookup.
  mentionNames: sql<Record<string, string>>`case when cardinality(${messages.mentions}) = 0
    then '{}'::json else coalesce((select json_object_agg(u.id, u.name) from ${users} u
      where u.tenant_id = ${messages.tenantId} and u.id = any(${messages.mentions})),
      '{}'::json) end`,
};

/**
 * A page of a ticket's comments, oldest first, with their authors, and how many the ticket
 * has: one statement, built and prepared once (builtOnce), as a conversation is read on every
 * ticket opened. The ticket's attachments are gathered once for the page, not looked up per
 * comment. A page past the end has no row to carry the count: it is then counted alone.
 * (The caller has checked the ticket is the tenant's: its comments are all the tenant's, so
 * the count reads the ticket's index alone.)
 */
export async function listComments(
  db: Database,
  tenantId: string,
  ticketId: string,
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(messages.tenantId, sql.placeholder('tenantId')),
    eq(messages.ticketId, sql.placeholder('ticketId')),
  );
  const values = { tenantId, ticketId, offset: page.offset, limit: page.limit };
  const rows = await builtOnce(db, 'ticket-comments-page', () => {
    const files = db
      .select({
        commentId: sql<string>`a.comment_id`.as('comment_id'),
        list: sql<CommentAttachment[]>`${attachmentsJson}`.as('list'),
      })
      .from(sql`${ticketAttachments} a`)
      .where(
        sql`a.tenant_id = ${sql.placeholder('tenantId')} and a.ticket_id = ${sql.placeholder('ticketId')}`,
      )
      .groupBy(sql`a.comment_id`)
      .as('files');
    return db
      .select({
        ...withAuthor,
        attachments: sql<CommentAttachment[]>`coalesce(${files.list}, '[]'::json)`,
        total: sql<number>`(select count(*)::int from ${messages} counted
          where counted.ticket_id = ${sql.placeholder('ticketId')})`,
      })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorUserId))
      .leftJoin(customers, eq(customers.id, messages.authorCustomerId))
      .leftJoin(files, eq(files.commentId, messages.id))
      .where(where)
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'));
  }).execute(values);
  const total =
    rows[0]?.total ??
    (
      await builtOnce(db, 'ticket-comments-count', () =>
        db.select({ value: count() }).from(messages).where(where),
      ).execute(values)
    )[0]?.value ??
    0;
  return { rows, total };
}
export type CommentListRow = NonNullable<Awaited<ReturnType<typeof commentWithAuthor>>>;

/** A message as asked for by its tenant and id. */
export interface CommentKey {
  tenantId: string;
  commentId: string;
}

/**
 * Messages with their authors, in the order asked (undefined: not there). Each message's live
 * push reads it, many side by side: one statement for them, built and prepared once.
 */
export async function commentsWithAuthor(db: Db, keys: CommentKey[]) {
  const rows = await builtOnce(db, 'comments-with-author', () =>
    db
      .select(withAuthor)
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorUserId))
      .leftJoin(customers, eq(customers.id, messages.authorCustomerId))
      .where(
        sql`(${messages.tenantId}, ${messages.id}) in (select * from unnest(
          ${sql.placeholder('tenantIds')}::uuid[], ${sql.placeholder('ids')}::uuid[]))`,
      ),
  ).execute({
    tenantIds: keys.map((key) => key.tenantId),
    ids: keys.map((key) => key.commentId),
  });
  const byKey = new Map(rows.map((row) => [`${row.comment.tenantId}:${row.comment.id}`, row]));
  return keys.map((key) => byKey.get(`${key.tenantId}:${key.commentId}`));
}

/** One message with its author. */
export async function commentWithAuthor(db: Db, tenantId: string, commentId: string) {
  const [row] = await commentsWithAuthor(db, [{ tenantId, commentId }]);
  return row;
}

export async function findComment(db: Db, tenantId: string, ticketId: string, commentId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.ticketId, ticketId),
        eq(messages.id, commentId),
      ),
    );
  return row;
}

export function attachmentsOf(db: Db, tenantId: string, commentIds: string[]) {
  if (commentIds.length === 0) return Promise.resolve([] as AttachmentRow[]);
  return db
    .select()
    .from(ticketAttachments)
    .where(
      and(
        eq(ticketAttachments.tenantId, tenantId),
        inArray(ticketAttachments.commentId, commentIds),
      ),
    )
    .orderBy(
      asc(ticketAttachments.createdAt),
      asc(ticketAttachments.position),
      asc(ticketAttachments.id),
    );
}

export async function findAttachment(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.tenantId, tenantId), eq(ticketAttachments.id, id)));
  return row;
}

/** The ticket a merged-away ticket went into, for following old attachment addresses. */
export async function mergedIntoOf(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ mergedIntoId: tickets.mergedIntoId })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
  return row?.mergedIntoId ?? null;
}

/** Active staff of the tenant among `ids`, with their names. */
export function activeStaff(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: string; name: string }[]);
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids), eq(users.active, true)));
}

/** Names of users (any state) of the tenant, for mention lists. */
export async function customerExists(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
  return row !== undefined;
}

/** What a notification about a ticket names: its tenant, number and subject. */
export async function ticketById(db: Db, id: string) {
  const [row] = await db
    .select({ tenantId: tickets.tenantId, number: tickets.number, subject: tickets.subject })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
}

export async function userName(db: Db, id: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? '';
}

/** Moves every comment and attachment of `from` to `to`; returns how many of each. */
export async function moveConversation(
  tx: Transaction,
  tenantId: string,
  from: string,
  to: string,
) {
  const comments = await tx
    .update(messages)
    .set({ ticketId: to })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.ticketId, from)))
    .returning({ id: messages.id });
  const attachments = await tx
    .update(ticketAttachments)
    .set({ ticketId: to })
    .where(and(eq(ticketAttachments.tenantId, tenantId), eq(ticketAttachments.ticketId, from)))
    .returning({ id: ticketAttachments.id });
  return { comments: comments.length, attachments: attachments.length };
}

/**
 * Moves the links of `from` to `to`: a link between the two goes (it would link `to` to itself),
 * and so does one `to` already has with the same ticket. Returns how many moved.
 */
export async function moveLinks(tx: Transaction, tenantId: string, from: string, to: string) {
  await tx
    .delete(ticketLinks)
    .where(
      and(
        eq(ticketLinks.tenantId, tenantId),
        or(
          and(eq(ticketLinks.ticketId, from), eq(ticketLinks.relatedId, to)),
          and(eq(ticketLinks.ticketId, to), eq(ticketLinks.relatedId, from)),
        ),
      ),
    );
  const linkedToTarget = sql`(select case when l2.ticket_id = ${to} then l2.related_id else l2.ticket_id end
    from ${ticketLinks} l2 where l2.ticket_id = ${to} or l2.related_id = ${to})`;
  await tx
    .delete(ticketLinks)
    .where(
      and(
        eq(ticketLinks.tenantId, tenantId),
        or(
          and(eq(ticketLinks.ticketId, from), sql`${ticketLinks.relatedId} in ${linkedToTarget}`),
          and(eq(ticketLinks.relatedId, from), sql`${ticketLinks.ticketId} in ${linkedToTarget}`),
        ),
      ),
    );
  const outgoing = await tx
    .update(ticketLinks)
    .set({ ticketId: to })
    .where(and(eq(ticketLinks.tenantId, tenantId), eq(ticketLinks.ticketId, from)))
    .returning({ id: ticketLinks.id });
  const incoming = await tx
    .update(ticketLinks)
    .set({ relatedId: to })
    .where(and(eq(ticketLinks.tenantId, tenantId), eq(ticketLinks.relatedId, from)))
    .returning({ id: ticketLinks.id });
  return outgoing.length + incoming.length;
}

/** A link between two tickets, inserted unless the pair is already linked (then undefined). */
export async function insertLink(tx: Transaction, values: typeof ticketLinks.$inferInsert) {
  const [row] = await tx.insert(ticketLinks).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLink(db: Db, tenantId: string, a: string, b: string) {
  const [row] = await db
    .select()
    .from(ticketLinks)
    .where(
      and(
        eq(ticketLinks.tenantId, tenantId),
        or(
          and(eq(ticketLinks.ticketId, a), eq(ticketLinks.relatedId, b)),
          and(eq(ticketLinks.ticketId, b), eq(ticketLinks.relatedId, a)),
        ),
      ),
    );
  return row;
}

export async function deleteLink(tx: Transaction, tenantId: string, id: string) {
  await tx
    .delete(ticketLinks)
    .where(and(eq(ticketLinks.tenantId, tenantId), eq(ticketLinks.id, id)));
}

/** The tickets linked to `ticketId` (either direction), oldest link first. */
export function linksOf(db: Db, tenantId: string, ticketId: string) {
  const other = sql<string>`case when ${ticketLinks.ticketId} = ${ticketId} then ${ticketLinks.relatedId} else ${ticketLinks.ticketId} end`;
  return db
    .select({ link: ticketLinks, ticket: tickets })
    .from(ticketLinks)
    .innerJoin(tickets, eq(tickets.id, other))
    .where(
      and(
        eq(ticketLinks.tenantId, tenantId),
        or(eq(ticketLinks.ticketId, ticketId), eq(ticketLinks.relatedId, ticketId)),
        ne(tickets.id, ticketId),
      ),
    )
    .orderBy(asc(ticketLinks.createdAt), asc(ticketLinks.id));
}

/** The channel a conversation speaks through (undefined: not a conversation, or none). */
export async function conversationChannel(db: Db, tenantId: string, ticketId: string) {
  const [row] = await db
    .select({ id: channels.id, kind: channels.kind })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.ticketId, ticketId)));
  return row;
}

/**
 * The email channel a ticket's replies go out by: the mailbox its customer's last mail came
 * through, else the tenant's first active mailbox (a ticket made by hand with source email).
 */
export async function emailChannelOf(db: Db, tenantId: string, ticketId: string) {
  const [last] = await db
    .select({ id: channels.id, kind: channels.kind })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.ticketId, ticketId),
        eq(messages.direction, 'in'),
        eq(channels.kind, 'email'),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (last) return last;
  const [first] = await db
    .select({ id: channels.id, kind: channels.kind })
    .from(channels)
    .where(
      and(
        eq(channels.tenantId, tenantId),
        eq(channels.kind, 'email'),
        eq(channels.status, 'active'),
      ),
    )
    .orderBy(asc(channels.createdAt))
    .limit(1);
  return first ?? null;
}

/**
 * When the customer last wrote through a channel (the messaging window of a provider that has
 * one, Zalo OA's).
 */
export async function lastInboundAt(
  db: Db,
  tenantId: string,
  channelId: string,
  customerId: string,
) {
  const [row] = await db
    .select({ at: sql<string | null>`max(${messages.createdAt})` })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.channelId, channelId),
        eq(messages.authorCustomerId, customerId),
        eq(messages.direction, 'in'),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}
