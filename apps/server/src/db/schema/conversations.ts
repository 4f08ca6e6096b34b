import type { ConversationReferral } from '@omnicare/shared/conversations/conversations.schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { customers } from './customers.js';
import { groups } from './groups.js';
import { tenants } from './tenants.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

/**
 * A tenant's connected channel (livechat, an email mailbox, a Zalo OA, a Facebook page...): its
 * kind, name and state, the settings shown to administrators, and its secrets sealed by the
 * secret box (`secrets`, never returned by any answer).
 */
export const channels = pgTable(
  'channels',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** 'active', 'disabled' (by an administrator) or 'error' (the provider refuses us). */
    status: text('status').notNull().default('active'),
    /** The department whose agents its conversations are routed to (none: the whole tenant). */
    groupId: uuid('group_id').references(() => groups.id),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Sealed (`platform/secret-box.ts`): tokens, passwords, app secrets. */
    secrets: text('secrets'),
    statusReason: text('status_reason'),
    /**
     * A provider token refresh under way (`channels/token-lease.ts`): who holds it and until
     * when, so instances never spend one refresh token twice while no row stays locked.
     */
    tokenLeaseId: uuid('token_lease_id'),
    tokenLeaseUntil: timestamptz('token_lease_until'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('channels_tenant_idx').on(table.tenantId, table.kind),
    check('channels_status', sql`${table.status} in ('active', 'disabled', 'error')`),
  ],
);

/**
 * A ticket's conversation, every channel alike: public replies and internal notes written in the
 * app, the customer's messages and our answers through a channel (chat, email, Zalo...). Written
 * in a light path (`ticket-comments.service.ts` `writeComment`): the message, the ticket's last
 * activity, first response and reopen rules, and its event; never the ticket's change pipeline.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** The channel it came through or went out by (none: written in the app, or a note). */
    channelId: uuid('channel_id').references(() => channels.id),
    /** `MESSAGE_SENDER`: 'user' (staff), 'customer', 'bot' or 'system'. */
    authorType: text('author_type').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id),
    authorCustomerId: uuid('author_customer_id').references(() => customers.id),
    /** `MESSAGE_DIRECTION`: 'in' from the customer, 'out' to them (and notes). */
    direction: text('direction').notNull(),
    /** `MESSAGE_KIND`. */
    kind: text('kind').notNull().default('text'),
    /** `MESSAGE_FORMAT`: sanitised HTML or plain text (rendered escaped). */
    bodyFormat: text('body_format').notNull().default('html'),
    body: text('body').notNull(),
    /** What a kind carries beyond its text: a location's coordinates, a sticker, a template's values. */
    content: jsonb('content').$type<Record<string, unknown>>(),
    public: boolean('public').notNull(),
    /** Staff mentioned in the body (`<span data-mention="id">`), as the server kept them. */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The provider's id of the message (an email's Message-ID, Zalo's msg_id): once per channel. */
    providerMessageId: text('provider_message_id'),
    /** The sender's own id for it (the widget's, the composer's): a message sent twice is kept once. */
    clientMessageId: text('client_message_id'),
    /** `DELIVERY_STATE` of a message a channel carries out; null otherwise. */
    delivery: text('delivery'),
    deliveryErrorCode: text('delivery_error_code'),
    deliveryError: text('delivery_error'),
    deliveredAt: timestamptz('delivered_at'),
    seenAt: timestamptz('seen_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_ticket_idx').on(table.ticketId, table.createdAt, table.id),
    // A tenant's messages of a day (the channels' index counts today's messages per channel).
    index('messages_tenant_day_idx').on(table.tenantId, table.createdAt),
    uniqueIndex('messages_provider_id_unique')
      .on(table.tenantId, table.channelId, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    uniqueIndex('messages_client_id_unique')
      .on(table.ticketId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
    check(
      'messages_author_type',
      sql`${table.authorType} in ('user', 'customer', 'bot', 'system')`,
    ),
    check('messages_direction', sql`${table.direction} in ('in', 'out')`),
    check(
      'messages_kind',
      sql`${table.kind} in ('text', 'image', 'file', 'sticker', 'location', 'template', 'event')`,
    ),
    check('messages_body_format', sql`${table.bodyFormat} in ('html', 'text')`),
    check(
      'messages_delivery',
      sql`${table.delivery} is null or ${table.delivery} in ('queued', 'sent', 'delivered', 'seen', 'failed')`,
    ),
  ],
);

/** A tenant's chat settings once saved (`/v2/chat-config`; the defaults until then). */
export const chatConfigs = pgTable('chat_configs', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/**
 * What the chat workspace's list shows of a conversation (a ticket whose source is a chat
 * channel), kept beside the ticket by the `conversations` outbox subscriber after each message:
 * the channel it speaks through, its last message, since when the customer waits for an answer,
 * and the satisfaction rating given after it was resolved.
 */
export const conversations = pgTable(
  'conversations',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    channelId: uuid('channel_id').references(() => channels.id),
    lastMessageAt: timestamptz('last_message_at').notNull(),
    /** `{author_type, kind, public, preview}` of the last message. */
    lastMessage: jsonb('last_message').$type<Record<string, unknown>>(),
    /** The customer's oldest message since the team's last public reply (null: nothing waits). */
    waitingSince: timestamptz('waiting_since'),
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamptz('rated_at'),
    /** Set when a resolve asked the visitor for a rating (the survey is on). */
    surveyAskedAt: timestamptz('survey_asked_at'),
    /** The ad, post or link the conversation began from (kept from its first referral). */
    referral: jsonb('referral').$type<ConversationReferral>(),
    /** The referral's ad, apart for the ad-funnel report's grouping. */
    adId: text('ad_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('conversations_activity_idx').on(table.tenantId, table.lastMessageAt, table.ticketId),
    // Reports' ad funnel: an ad's latest conversation (its name), and the ad conversations of a
    // range (made since its start: see the `ads` family).
    index('conversations_ad_idx')
      .on(table.tenantId, table.adId, table.createdAt)
      .where(sql`${table.adId} is not null`),
    index('conversations_ad_created_idx')
      .on(table.tenantId, table.createdAt)
      .where(sql`${table.adId} is not null`),
    // Reports: ratings and surveys of a range.
    index('conversations_rated_idx')
      .on(table.tenantId, table.ratedAt)
      .where(sql`${table.ratedAt} is not null`),
    index('conversations_survey_idx')
      .on(table.tenantId, table.surveyAskedAt)
      .where(sql`${table.surveyAskedAt} is not null`),
    check('conversations_rating', sql`${table.rating} is null or ${table.rating} between 1 and 5`),
  ],
);

/** How far a staff member has read a conversation (the list's unread counts). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    readAt: timestamptz('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ticketId, table.userId] })],
);

/**
 * A livechat visitor: the customer a widget's pre-chat form matched or made, known by a token the
 * widget keeps (stored here only as its SHA-256), and their current conversation.
 */
export const livechatVisitors = pgTable(
  'livechat_visitors',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at'),
  },
  (table) => [
    uniqueIndex('livechat_visitors_token_unique').on(table.tokenHash),
    index('livechat_visitors_ticket_idx').on(table.ticketId),
  ],
);
