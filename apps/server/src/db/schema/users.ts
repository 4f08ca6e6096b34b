import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { organizations } from './organizations.js';
import { tenants } from './tenants.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    role: text('role').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    agentId: text('agent_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    presence: text('presence').notNull().default('NOT AVAILABLE'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    sipUsername: text('sip_username'),
    sipGatewayUrl: text('sip_gateway_url'),
    /** AES-256-GCM ciphertext (platform/secret-box.ts); never sent back to clients. */
    sipPasswordEncrypted: text('sip_password_encrypted'),
    hotline: text('hotline'),
    avatarUrl: text('avatar_url'),
    /** The presence set at each sign-in; null keeps the last one. */
    defaultPresence: text('default_presence'),
    /** Plain text put under the agent's email replies (blank: none). */
    emailSignature: text('email_signature').notNull().default(''),
    /** Invited by email; cleared when the invitee sets their password. */
    invitePending: boolean('invite_pending').notNull().default(false),
    presenceChangedAt: timestamptz('presence_changed_at'),
    passwordChangedAt: timestamptz('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Email is the sign-in identity, so it is unique across tenants (case-insensitive).
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_tenant_agent_unique').on(table.tenantId, table.agentId),
    index('users_tenant_role_idx').on(table.tenantId, table.role),
    index('users_tenant_org_idx').on(table.tenantId, table.organizationId),
  ],
);

/**
 * Every presence change, append-only, written in the transaction that changes `users.presence`
 * (users.repository `updatePresence`): reports read an agent's time in each state from it.
 */
export const presenceLog = pgTable(
  'presence_log',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    presence: text('presence').notNull(),
    /** The presence it replaced (null: the first one logged). */
    previous: text('previous'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [
    index('presence_log_tenant_at_idx').on(table.tenantId, table.at),
    index('presence_log_user_at_idx').on(table.userId, table.at),
  ],
);
