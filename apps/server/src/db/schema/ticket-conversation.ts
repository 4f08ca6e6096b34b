import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { messages } from './conversations.js';
import { tenants } from './tenants.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

/** A file uploaded with a message; stored privately under DATA_DIR, read through the ticket. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** The message it came with (`messages`; the column keeps its first name). */
    commentId: uuid('comment_id').references(() => messages.id),
    /** The name the uploader gave, cleaned. */
    fileName: text('file_name').notNull(),
    /** From the content, never from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The file's place among its comment's files, as uploaded. */
    position: integer('position').notNull().default(0),
    /** The file's name in the private store folder. */
    storageKey: text('storage_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('ticket_attachments_comment_idx').on(table.commentId),
    index('ticket_attachments_ticket_idx').on(table.ticketId),
  ],
);

/**
 * Tickets linked to each other: 'related' by hand, 'merged' and 'split' by those actions. A link
 * is stored once per pair (in the direction it was made) and read from both sides.
 */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => tickets.id),
    kind: text('kind').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ticket_links_pair_unique').on(
      sql`least(${table.ticketId}, ${table.relatedId})`,
      sql`greatest(${table.ticketId}, ${table.relatedId})`,
    ),
    index('ticket_links_related_idx').on(table.relatedId),
    check('ticket_links_kind', sql`${table.kind} in ('related', 'merged', 'split')`),
    check('ticket_links_not_self', sql`${table.ticketId} <> ${table.relatedId}`),
  ],
);
