import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';
import { ticketPriorities, ticketServices, ticketTypes } from './ticket-config.js';

/** Prefills of a new ticket. Tags are ids of the tenant's tags; custom values by field key. */
export const ticketTemplates = pgTable(
  'ticket_templates',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    description: text('description').notNull().default(''),
    typeId: uuid('type_id').references(() => ticketTypes.id),
    priorityId: uuid('priority_id').references(() => ticketPriorities.id),
    serviceId: uuid('service_id').references(() => ticketServices.id),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ticket_templates_name_unique').on(table.tenantId, sql`lower(${table.name})`),
  ],
);

/**
 * Saved ticket list views: personal (owner's) or shared with the tenant. Names are unique in
 * their scope: among the shared views, or among one owner's personal views.
 */
export const ticketSmartViews = pgTable(
  'ticket_smart_views',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    sort: jsonb('sort')
      .$type<{ field: string; direction: 'asc' | 'desc' }>()
      .notNull()
      .default({ field: 'updated_at', direction: 'desc' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ticket_smart_views_name_unique').on(
      table.tenantId,
      sql`(case when ${table.shared} then '00000000-0000-0000-0000-000000000000'::uuid else ${table.ownerId} end)`,
      sql`lower(${table.name})`,
    ),
    index('ticket_smart_views_owner_idx').on(table.tenantId, table.ownerId),
  ],
);

/** Business hours (Asia/Bangkok); at most one default per tenant. */
export const workingSchedules = pgTable(
  'working_schedules',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('Asia/Bangkok'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('working_schedules_name_unique').on(table.tenantId, sql`lower(${table.name})`),
    uniqueIndex('working_schedules_one_default')
      .on(table.tenantId)
      .where(sql`${table.isDefault}`),
  ],
);

/** One weekly opening: ISO weekday, minutes of the day [start, end). */
export const workingPeriods = pgTable(
  'working_periods',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => workingSchedules.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (table) => [index('working_periods_schedule_idx').on(table.scheduleId)],
);

export const workingHolidays = pgTable(
  'working_holidays',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => workingSchedules.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scheduleId, table.date] })],
);

export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Null: the tenant's default schedule (calendar time without one). */
    scheduleId: uuid('schedule_id').references(() => workingSchedules.id),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sla_policies_name_unique').on(table.tenantId, sql`lower(${table.name})`),
  ],
);

export const slaTargets = pgTable(
  'sla_targets',
  {
    id: id(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => slaPolicies.id, { onDelete: 'cascade' }),
    priorityId: uuid('priority_id')
      .notNull()
      .references(() => ticketPriorities.id),
    /** Null: every type. */
    typeId: uuid('type_id').references(() => ticketTypes.id),
    firstResponseMinutes: integer('first_response_minutes').notNull(),
    resolutionMinutes: integer('resolution_minutes').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    index('sla_targets_policy_idx').on(table.policyId),
    index('sla_targets_priority_idx').on(table.priorityId),
  ],
);
