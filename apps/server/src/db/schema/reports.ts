import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * Custom reports saved by name: the owner's own, or shared with everyone who reads custom
 * reports. Names unique among the shared ones, or among one owner's personal ones.
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    metrics: text('metrics').array().notNull(),
    dimension: text('dimension').notNull(),
    /** `StoredReportFilters` (shared/reports/report-delivery.schemas). */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('saved_reports_name_unique').on(
      table.tenantId,
      sql`(case when ${table.shared} then '00000000-0000-0000-0000-000000000000'::uuid else ${table.ownerId} end)`,
      sql`lower(${table.name})`,
    ),
    index('saved_reports_owner_idx').on(table.tenantId, table.ownerId),
  ],
);

/**
 * Reports mailed to chosen staff daily or weekly at an hour of the tenant's day. `next_run_at`
 * is the instant of the next sending; the minute sweep sends the due ones (claimed by moving
 * `next_run_at` on, so two instances never mail one twice).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    report: text('report').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    metrics: text('metrics').array(),
    dimension: text('dimension'),
    frequency: text('frequency').notNull(),
    weekday: integer('weekday'),
    hour: integer('hour').notNull(),
    format: text('format').notNull().default('xlsx'),
    recipientIds: uuid('recipient_ids').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamptz('next_run_at'),
    lastSentAt: timestamptz('last_sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('report_schedules_tenant_idx').on(table.tenantId),
    index('report_schedules_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.enabled}`),
  ],
);

/**
 * What a tenant spent on its ads, uploaded as CSV for the ad-funnel report's cost per
 * conversation: an amount in đồng over a span of days (one day, or the range the upload was made
 * for), spread evenly over those days when a report covers part of them.
 */
export const adSpend = pgTable(
  'ad_spend',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    adId: text('ad_id').notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [index('ad_spend_days_idx').on(table.tenantId, table.fromDay, table.toDay)],
);

/** A rolled line's day, grain and dimensions: the columns report_daily and report_values share. */
const rolledLine = () => ({
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  day: date('day').notNull(),
  /** The hour of that day (0–23), for the hour-of-day cut; null in the day grain. */
  hour: smallint('hour'),
  /** The family and its grain (`replies`, `replies:all`, `replies:day`). */
  family: text('family').notNull(),
  groupId: uuid('group_id'),
  agentId: uuid('agent_id'),
  source: text('source'),
  queueId: uuid('queue_id'),
  hotline: text('hotline'),
});

/**
 * Daily rollups of the reports' families (reports/metrics-rollup.repository.ts): per tenant, day
 * of the tenant's calendar, family grain and the dimensions a report filters or cuts by, each
 * component a figure is summed from (counts, sums, the two sides of a mean or a ratio).
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    ...rolledLine(),
    figures: jsonb('figures').$type<Record<string, number | null>>().notNull(),
  },
  (table) => [
    index('report_daily_tenant_family_day_idx').on(table.tenantId, table.family, table.day),
  ],
);

/**
 * The values a median or a p90 is taken over, rolled beside report_daily's lines (same day,
 * grain and dimensions): one row per line, set of values and bucket of their size, sorted. A
 * percentile counts the values per bucket first, then sorts only the bucket holding its rank.
 */
export const reportValues = pgTable(
  'report_values',
  {
    ...rolledLine(),
    /** Which values (`values:value:f_first`: the values of `value` over rows passing f_first). */
    valueSet: text('value_set').notNull(),
    /** The values' bucket (a range of sizes, metrics-rollup.repository.ts valueBucket). */
    bucket: smallint('bucket').notNull(),
    /** How many values (read without the values themselves). */
    n: integer('n').notNull(),
    values: doublePrecision('values').array().notNull(),
  },
  (table) => [
    // Migration 0051 adds INCLUDE (n and the dimensions), which drizzle cannot declare: counting
    // the values reads this index alone, and sorting a bucket's values reads only its rows.
    index('report_values_tenant_family_day_idx').on(
      table.tenantId,
      table.family,
      table.valueSet,
      table.day,
      table.bucket,
    ),
  ],
);

/**
 * The days whose rollup is complete. A change that reaches a day already rolled (a late solve,
 * a reassignment, a call's end) deletes its line here (triggers of migration 0044), and the
 * next report rolls that day again.
 */
export const reportDays = pgTable(
  'report_days',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    day: date('day').notNull(),
    rolledAt: timestamptz('rolled_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

/**
 * The hours rolled of a day not yet rolled whole (today's hours settled more than an hour ago):
 * their lines are in the hour grains only. A change reaching one deletes its line here (the
 * same triggers, migration 0052), and the next report rolls that hour again.
 */
export const reportHours = pgTable(
  'report_hours',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    rolledAt: timestamptz('rolled_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day, table.hour] })],
);
