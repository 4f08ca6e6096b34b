import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.js';
import { channels } from './conversations.js';
import { customers } from './customers.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * Who a chat channel's sender is among the tenant's customers: the provider's id of them (a Zalo
 * user id, a Messenger PSID, a WhatsApp wa_id). Keyed by channel, since Zalo and Messenger ids
 * are scoped to the OA or page that sees them (the same person has another id on another OA).
 * A customer merge moves them to the survivor.
 */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    /** The channel's kind ('zalo', 'facebook', 'whatsapp'), for reading without the channel. */
    channelKind: text('channel_kind').notNull(),
    externalId: text('external_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.channelId, table.externalId] }),
    index('customer_identities_customer_idx').on(table.customerId, table.channelId),
  ],
);

/**
 * A provider's webhook event as received (after its signature was checked), before a job
 * processes it: the webhook answers once it is stored. Its key (the provider's message id, else
 * a hash of the body) makes a redelivery a no-op.
 */
export const channelEvents = pgTable(
  'channel_events',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamptz('processed_at'),
    /** Why the last try failed (the event is kept for a look). */
    error: text('error'),
    /** Failed or claimed tries (the sweep stops at `INBOUND_ATTEMPTS`). */
    attempts: smallint('attempts').notNull().default(0),
    /** When the sweep last took it (its next sweep is a minute later). */
    triedAt: timestamptz('tried_at'),
  },
  (table) => [
    uniqueIndex('channel_events_key_unique').on(table.channelId, table.eventKey),
    // The sweep's search: what is still unprocessed, oldest first.
    index('channel_events_unprocessed_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
  ],
);

/**
 * A started OAuth connection (Zalo OA): the state sent to the provider (kept as its SHA-256) and
 * the PKCE verifier (sealed by the secret box), valid for a few minutes and used once, by the
 * administrator who started it.
 */
export const channelOauthStates = pgTable('channel_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  channelId: uuid('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});
