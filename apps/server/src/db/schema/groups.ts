import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { organizations } from './organizations.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** Groups by target: 'user' groups are staff departments, 'end_user' groups hold customers. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    target: text('target').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    organizationId: uuid('organization_id').references(() => organizations.id),
    leaderId: uuid('leader_id').references(() => users.id),
    /** Departments only: new unassigned tickets go round-robin to AVAILABLE members. */
    autoAssign: boolean('auto_assign').notNull().default(false),
    /** Most open tickets (new, open, pending) an agent holds for auto assignment; null = no limit. */
    assignCapacity: integer('assign_capacity'),
    /** A member signing out hands their unsolved tickets of the department to the others. */
    reassignOnLogout: boolean('reassign_on_logout').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('groups_name_unique').on(table.tenantId, table.target, sql`lower(${table.name})`),
    index('groups_tenant_target_idx').on(table.tenantId, table.target),
  ],
);

/** Staff members of departments; a user may be in several. */
export const groupMembers = pgTable(
  'group_members',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** When auto assignment last gave this member a ticket of the department (fairness cursor). */
    lastAssignedAt: timestamptz('last_assigned_at'),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_members_user_idx').on(table.userId),
  ],
);
