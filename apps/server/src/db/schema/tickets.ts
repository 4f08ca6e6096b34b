import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, recordNumber, timestamptz, updatedAt } from './columns.js';
import { customers, tags } from './customers.js';
import { groups } from './groups.js';
import { organizations } from './organizations.js';
import { ticketPriorities, ticketServices, ticketTypes } from './ticket-config.js';
import { slaPolicies } from './ticket-settings.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * The record every channel ends in. `number` is the per-tenant code (#000123), given by the
 * `assign_record_number('ticket')` trigger. The report timestamps are kept on the row so reports
 * never scan the activity log.
 */
/**
 * Statuses in workflow order (new, open, pending, solved, closed) as a number: the list's status
 * sort and its index use this one expression, so the index answers the sort.
 */
export const ticketStatusOrder = (status: AnyPgColumn) =>
  sql`(case ${status} when 'new' then 0 when 'open' then 1 when 'pending' then 2 when 'solved' then 3 else 4 end)`;

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: recordNumber(),
    subject: text('subject').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    requesterId: uuid('requester_id').references(() => customers.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    status: text('status').notNull().default('new'),
    priorityId: uuid('priority_id').references(() => ticketPriorities.id),
    typeId: uuid('type_id').references(() => ticketTypes.id),
    serviceId: uuid('service_id').references(() => ticketServices.id),
    /** A department (group with target 'user'). */
    groupId: uuid('group_id').references(() => groups.id),
    assigneeId: uuid('assignee_id').references(() => users.id),
    source: text('source').notNull().default('hand'),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    dueAt: timestamptz('due_at'),
    /** Lower-cased, diacritics-free subject, for search. */
    subjectKey: text('subject_key').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    firstResponseAt: timestamptz('first_response_at'),
    solvedAt: timestamptz('solved_at'),
    closedAt: timestamptz('closed_at'),
    reopenCount: integer('reopen_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** Set when merged away: the ticket that took its comments. */
    mergedIntoId: uuid('merged_into_id'),
    /** The next SLA target (first response or resolution); the SLA engine sets it. */
    slaDueAt: timestamptz('sla_due_at'),
    /** When the ticket first missed an SLA target; null while none is missed. */
    slaBreachedAt: timestamptz('sla_breached_at'),
    /** The SLA policy resolved from priority and type (on create and when they change). */
    slaPolicyId: uuid('sla_policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    /** The policy's targets in business minutes, kept from the last resolution. */
    slaFirstResponseMinutes: integer('sla_first_response_minutes'),
    slaResolutionMinutes: integer('sla_resolution_minutes'),
    /** Set while the ticket is pending: the SLA clock stopped then. */
    slaPausedAt: timestamptz('sla_paused_at'),
    /** Business minutes spent pending before now (finished pauses only). */
    slaPausedMinutes: doublePrecision('sla_paused_minutes').notNull().default(0),
  },
  (table) => [
    uniqueIndex('tickets_tenant_number_unique').on(table.tenantId, table.number),
    index('tickets_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
    index('tickets_tenant_status_updated_idx').on(
      table.tenantId,
      table.status,
      table.updatedAt,
      table.id,
    ),
    // The list sorted by subject over a whole tenant. Sorted by status, it reads
    // `tickets_tenant_status_order_idx` on (tenant_id, ticketStatusOrder(status), id) INCLUDE
    // (status), written by hand in migration 0022 (INCLUDE is beyond the schema builder): the
    // included column lets page 500 be read from the index alone.
    index('tickets_tenant_subject_idx').on(table.tenantId, table.subjectKey, table.id),
    // The list sorted by priority: each priority's tickets in id order (see priorityPageIds).
    index('tickets_tenant_priority_idx').on(table.tenantId, table.priorityId, table.id),
    index('tickets_tenant_assignee_idx').on(table.tenantId, table.assigneeId, table.updatedAt),
    index('tickets_tenant_group_idx').on(table.tenantId, table.groupId, table.updatedAt),
    index('tickets_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
    index('tickets_tenant_creator_idx').on(table.tenantId, table.createdBy, table.updatedAt),
    index('tickets_tenant_sla_due_idx')
      .on(table.tenantId, table.slaDueAt)
      .where(sql`${table.slaDueAt} is not null`),
    index('tickets_tenant_sla_breached_idx')
      .on(table.tenantId, table.updatedAt)
      .where(sql`${table.slaBreachedAt} is not null`),
    // The breach job's scan, across tenants.
    index('tickets_sla_breach_scan_idx')
      .on(table.slaDueAt)
      .where(sql`${table.slaDueAt} is not null and ${table.slaBreachedAt} is null`),
    // Automatic assignment: a department's waiting queue, oldest first, and an agent's open load.
    index('tickets_assign_queue_idx')
      .on(table.groupId, table.createdAt)
      .where(sql`${table.assigneeId} is null and ${table.status} in ('new', 'open', 'pending')`),
    index('tickets_open_assignee_idx')
      .on(table.assigneeId)
      .where(sql`${table.status} in ('new', 'open', 'pending')`),
    index('tickets_requester_idx').on(table.requesterId),
    // Reports (modules/reports): tickets solved, breached or still open at a range's end, and a
    // customer's earlier contacts.
    index('tickets_tenant_solved_idx')
      .on(table.tenantId, table.solvedAt)
      .where(sql`${table.solvedAt} is not null`),
    index('tickets_tenant_breached_at_idx')
      .on(table.tenantId, table.slaBreachedAt)
      .where(sql`${table.slaBreachedAt} is not null`),
    index('tickets_tenant_done_idx').on(
      table.tenantId,
      sql`coalesce(${table.solvedAt}, ${table.closedAt})`,
    ),
    // The backlog's open tickets, counted by department, agent and source from the index alone.
    index('tickets_open_backlog_idx')
      .on(
        table.tenantId,
        table.createdAt,
        table.source,
        table.groupId,
        table.assigneeId,
        table.requesterId,
      )
      .where(
        sql`coalesce(${table.solvedAt}, ${table.closedAt}) is null and ${table.mergedIntoId} is null`,
      ),
    index('tickets_requester_created_idx').on(table.requesterId, table.createdAt),
    index('tickets_custom_idx').using('gin', table.custom.op('jsonb_path_ops')),
    index('tickets_subject_trgm_idx').using('gin', sql`${table.subjectKey} gin_trgm_ops`),
  ],
);

/** Tags of a ticket (the tenant's tags, shared with customers). */
export const ticketTags = pgTable(
  'ticket_tags',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.tagId] }),
    index('ticket_tags_tag_idx').on(table.tagId),
  ],
);

/** Staff following a ticket: they see it in their data scope 'me' and hear of its changes. */
export const ticketFollowers = pgTable(
  'ticket_followers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.userId] }),
    index('ticket_followers_user_idx').on(table.userId, table.ticketId),
  ],
);
