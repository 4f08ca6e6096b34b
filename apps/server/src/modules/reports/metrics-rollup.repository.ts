import { sql, type SQL } from 'drizzle-orm';
import type { ReportDimension } from '@omnicare/shared/reports/reports.schemas';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import type { Database } from '../../platform/db.js';
import {
  DEFAULTS,
  FAMILIES,
  METRIC_SPECS,
  isPercentile,
  type PercentileMetric,
  type BaseMetric,
  type FactContext,
  type FamilyName,
  type FigureLines,
  type DimensionCut,
  asText,
  byGroupingSets,
  linesOf,
  sortingExecute,
} from './metrics.repository.js';

/*
 * Rollups of the counting families: what a family's figures are summed from (counts, sums, the
 * two sides of a mean or a ratio), per tenant, day (and hour) of the tenant's calendar and the
 * dimensions reports filter and cut by (report_daily). A figure over a long range adds the
 * rolled days and hours to the same components computed on the spot for the rest (the last
 * hour or two, and any day or hour a late change unrolled: the triggers of migrations 0044 and
 * 0052), so it equals the figure over the raw rows; metrics-rollup.test.ts compares the two on
 * every rolled key.
 * A median or a p90 is taken over the values of every line (report_values keeps each line's
 * values, sorted).
 * Rolled: every hour that ended more than an hour ago (SETTLED_MS): the days before, whole
 * (report_days), and the hours of the day after (report_hours; a day of 24 hours only, so a
 * daylight-saving day waits to be rolled whole). Not rolled, and read raw as before: distinct
 * counts, durations in business time, the families that hang on the moment or on every earlier
 * row (backlog, contacts, ads), a caller with a narrower data scope, and filters or cuts the
 * rollup has no column for (tag, channel, priority, customer).
 */

/**
 * Families rolled up. `clocked`: its `value` is a duration the business-hours switch changes.
 * `rows`: whose rows they are, which decides how filters apply: a ticket's have its department;
 * a call's and an agent's presence are picked by the agent's department, and presence has no
 * source or queue to filter on (the raw family ignores those filters).
 */
const ROLLED: Partial<
  Record<FamilyName, { clocked: boolean; rows: 'tickets' | 'calls' | 'staff' }>
> = {
  created: { clocked: false, rows: 'tickets' },
  solved: { clocked: true, rows: 'tickets' },
  reopens: { clocked: false, rows: 'tickets' },
  breaches: { clocked: false, rows: 'tickets' },
  missed_chats: { clocked: false, rows: 'tickets' },
  replies: { clocked: true, rows: 'tickets' },
  messages: { clocked: false, rows: 'tickets' },
  ratings: { clocked: false, rows: 'tickets' },
  surveys: { clocked: false, rows: 'tickets' },
  calls: { clocked: false, rows: 'calls' },
  presence: { clocked: false, rows: 'staff' },
  chat_load: { clocked: false, rows: 'tickets' },
};

export const ROLLED_FAMILIES = Object.keys(ROLLED) as FamilyName[];

const ROLLED_DIMENSIONS = new Set<ReportDimension | undefined>([
  undefined,
  'day',
  'hour',
  'source',
  'group',
  'agent',
  'queue',
  'hotline',
]);

interface Component {
  name: string;
  sql: SQL;
}

/**
 * The values a median or a p90 is taken over (its rows' measures), rolled per line in
 * report_values: the percentile over the range is taken over every line's values, so it is
 * exact. A median and a p90 of the same rows share one set.
 */
const valuesName = (spec: PercentileMetric) =>
  `values:${spec.aggregate.of}:${spec.where ?? 'true'}`;

/** What a summed base metric is made from, or null when it cannot be summed (a distinct count, a percentile). */
function componentsOf(key: string): Component[] | null {
  const spec = METRIC_SPECS[key] as BaseMetric;
  const where = sql.raw(spec.where ?? 'true');
  const a = spec.aggregate;
  switch (a.kind) {
    case 'count':
      return a.distinct ? null : [{ name: key, sql: sql`count(*) filter (where ${where})` }];
    case 'sum':
      return [{ name: key, sql: sql`sum(f.${sql.raw(a.of)}::numeric) filter (where ${where})` }];
    case 'mean':
      return [
        {
          name: `${key}:sum`,
          sql: sql`sum(f.${sql.raw(a.of)}::numeric) filter (where ${where})`,
        },
        { name: `${key}:n`, sql: sql`count(f.${sql.raw(a.of)}) filter (where ${where})` },
      ];
    case 'ratio':
      return a.denominatorDistinct
        ? null
        : [
            {
              name: `${key}:part`,
              sql: sql`count(*) filter (where ${where} and ${sql.raw(a.numerator)})`,
            },
            { name: `${key}:all`, sql: sql`count(*) filter (where ${where})` },
          ];
    default:
      return null;
  }
}

/** Whether a key's figure can come from rollups: summed from components, or a percentile of rolled values. */
const rolls = (key: string) => isPercentile(METRIC_SPECS[key]) || componentsOf(key) !== null;

/** A base metric's figure from the summed components of rows `r`. */
function figureOfComponents(key: string): SQL {
  const spec = METRIC_SPECS[key] as BaseMetric;
  const total = (name: string) => sql`sum((r.figures->>${name})::numeric)`;
  switch (spec.aggregate.kind) {
    case 'mean':
      return sql`${total(`${key}:sum`)} / nullif(${total(`${key}:n`)}, 0)`;
    case 'ratio':
      return sql`100.0 * ${total(`${key}:part`)} / nullif(${total(`${key}:all`)}, 0)`;
    default:
      return total(key);
  }
}

/** Every rolled key of a family, as stored (the keys a day's rollup holds). */
export function rolledKeysOf(family: FamilyName): string[] {
  return Object.keys(METRIC_SPECS).filter((key) => {
    const spec = METRIC_SPECS[key]!;
    return 'family' in spec && spec.family === family && rolls(key);
  });
}

/** The components of summed `keys` as a JSON object (the column `figures`). */
function componentsJson(keys: readonly string[]): SQL {
  const components = new Map(
    keys
      .filter((key) => !isPercentile(METRIC_SPECS[key]))
      .flatMap((key) => componentsOf(key)!.map((component) => [component.name, component.sql])),
  );
  const pairs = [...components].map(([name, value]) => sql`${name}::text, ${value}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The sets of values the percentiles among `keys` are taken over: name, measure, filter. */
function valueSetsOf(keys: readonly string[]) {
  const sets = new Map<string, { of: SQL; where: SQL }>();
  for (const key of keys) {
    const spec = METRIC_SPECS[key];
    if (!isPercentile(spec)) continue;
    sets.set(valuesName(spec), {
      of: sql.raw(spec.aggregate.of),
      where: sql.raw(spec.where ?? 'true'),
    });
  }
  return sets;
}

/**
 * The bucket of a value's size: about 28 % wide (four a factor of e), so a percentile over a
 * year sorts only the few per cent of the values in the bucket holding its rank.
 */
const valueBucket = (v: SQL) => sql`(floor(ln(1 + greatest(${v}, 0)) * 4))::smallint`;

/**
 * A family row `f`'s values, one row (name, v, b: its bucket) per set of `keys`' percentiles
 * it belongs to: a lateral join; rows outside a set carry a null `v`, dropped by the caller.
 */
function spreadValues(keys: readonly string[]): SQL {
  const rows = [...valueSetsOf(keys)].map(
    ([name, set]) => sql`(${name}::text, case when ${set.where} then f.${set.of}::float8 end)`,
  );
  return sql`cross join lateral (select s.name, s.v, ${valueBucket(sql`s.v`)} as b
    from (values ${sql.join(rows, sql`, `)}) s(name, v)) s`;
}

export const HOUR_MS = 3_600_000;

/**
 * How long after it ends an hour may be rolled: the triggers of migration 0052 unroll a change
 * reaching an instant older than this, and leave a newer one (the hot paths) alone.
 */
export const SETTLED_MS = HOUR_MS;

/** A family row's day and hour of the day in the tenant's zone (columns `day`, `hour`). */
const dayAndHour = (timeZone: string) =>
  sql`(f.at at time zone ${timeZone})::date as day, extract(hour from f.at at time zone ${timeZone})::smallint as hour`;

/*
 * Each family is rolled at four grains: per agent and hour (the family's own name); per agent
 * and day (`{family}:agent`: 200 agents' month is a tenth of their hours' lines); per hour
 * without the agent (`{family}:all`: a tenant of 200 agents rolls a day of calls into a few
 * lines, not hundreds); and per day, without either (`{family}:day`: a year is a few thousand
 * lines). A report reads the coarsest grain that has what it filters and cuts by.
 */
const agentDaily = (family: FamilyName) => `${family}:agent`;
const coarse = (family: FamilyName) => `${family}:all`;
const daily = (family: FamilyName) => `${family}:day`;

function grainOf(
  context: FactContext,
  family: FamilyName,
  dimensions: readonly (ReportDimension | undefined)[],
) {
  const byAgent =
    Boolean(context.filters.agentId) ||
    (ROLLED[family]?.rows !== 'tickets' && Boolean(context.filters.groupId)) ||
    dimensions.includes('agent');
  const byHour = dimensions.includes('hour');
  if (byAgent) return byHour ? family : agentDaily(family);
  return byHour ? coarse(family) : daily(family);
}

/** The grain of a line grouped by writeLines' grouping sets, by what it was grouped without. */
const grainOfLine = (family: FamilyName) =>
  sql`case when grouping(f.agent_id) = 0 then
      case when grouping(f.hour) = 0 then ${family} else ${agentDaily(family)} end
    when grouping(f.hour) = 0 then ${coarse(family)} else ${daily(family)} end`;

/**
 * The grouping sets of the grains, after any leading columns (`s.name` for values): the four,
 * or the two by hour (an hour rolled alone).
 */
const GRAINS = (lead: SQL, byDay: boolean) => sql`grouping sets (
  (${lead} f.day, f.hour, f.group_id, f.agent_id, f.source, f.queue_id, f.hotline),
  (${lead} f.day, f.hour, f.group_id, f.source, f.queue_id, f.hotline)
  ${
    byDay
      ? sql`, (${lead} f.day, f.group_id, f.agent_id, f.source, f.queue_id, f.hotline),
        (${lead} f.day, f.group_id, f.source, f.queue_id, f.hotline)`
      : sql``
  })`;

/** Whether a grain's lines are per hour, and per agent. */
const grainHas = (family: FamilyName, grain: string) => ({
  hour: grain === family || grain === coarse(family),
  agent: grain === family || grain === agentDaily(family),
});

/** The grain holding a day's hours for what `grain` holds (the hour grain with its agents or not). */
const hourly = (family: FamilyName, grain: string) =>
  grainHas(family, grain).agent ? family : coarse(family);

/** Whether the figures of this context can use rollups at all (scope, filters, thresholds). */
export function rollable(context: FactContext): boolean {
  const { filters, scope } = context;
  return (
    context.rollups !== false &&
    !scope.tickets &&
    !scope.calls &&
    !scope.staff &&
    !filters.tagId &&
    !filters.channelId &&
    !filters.priorityId &&
    context.shortAbandonSeconds === DEFAULTS.shortAbandonSeconds &&
    context.serviceLevelSeconds === DEFAULTS.serviceLevelSeconds
  );
}

/** The keys of a family this context may take from rollups. */
export function rolledKeys(
  context: FactContext,
  family: FamilyName,
  keys: readonly string[],
): string[] {
  const rolled = ROLLED[family];
  if (!rolled) return [];
  return keys.filter((key) => {
    if (!rolls(key)) return false;
    const aggregate = (METRIC_SPECS[key] as BaseMetric).aggregate;
    const measuresValue = 'of' in aggregate && aggregate.of === 'value';
    return !(rolled.clocked && context.clock && measuresValue);
  });
}

export const rolledDimension = (dimension: ReportDimension | undefined) =>
  ROLLED_DIMENSIONS.has(dimension);

/** The days of [from, last] not rolled: the first, the last and how many (none: null, null, 0). */
async function unrolledDays(
  db: Pick<Database, 'execute'>,
  tenantId: string,
  from: string,
  last: string,
) {
  const result = await db.execute<{ first: string | null; last: string | null; count: number }>(sql`
    select to_char(min(d), 'YYYY-MM-DD') as first, to_char(max(d), 'YYYY-MM-DD') as last,
      count(*)::int as count
    from generate_series(${from}::date, ${last}::date, interval '1 day') d
    where not exists (select 1 from report_days r where r.tenant_id = ${tenantId} and r.day = d::date)`);
  const row = result.rows[0];
  return { first: row?.first ?? null, last: row?.last ?? null, count: row?.count ?? 0 };
}

/**
 * Of the days [from, last]: the last one rolled without a gap from `from` (null: not even
 * `from`), and how many are not rolled.
 */
export async function rollState(
  db: Database,
  tenantId: string,
  from: string,
  last: string,
): Promise<{ through: string | null; missing: number }> {
  if (last < from) return { through: null, missing: 0 };
  const unrolled = await unrolledDays(db, tenantId, from, last);
  if (!unrolled.first) return { through: last, missing: 0 };
  if (unrolled.first === from) return { through: null, missing: unrolled.count };
  const before = new Date(`${unrolled.first}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  return { through: before.toISOString().slice(0, 10), missing: unrolled.count };
}

/** Of the hours [0, last] of `day`, the first not rolled (null: all are) and how many are not. */
async function unrolledHours(
  db: Pick<Database, 'execute'>,
  tenantId: string,
  day: string,
  last: number,
) {
  const result = await db.execute<{ first: number | null; count: number }>(sql`
    select min(h)::int as first, count(*)::int as count
    from generate_series(0, ${last}::int) h
    where not exists (select 1 from report_hours r
      where r.tenant_id = ${tenantId} and r.day = ${day}::date and r.hour = h)`);
  const row = result.rows[0];
  return { first: row?.first ?? null, count: row?.count ?? 0 };
}

/** Of the hours [0, last] of `day`, the last one rolled without a gap from midnight (-1: none), and how many are not rolled. */
export async function hourRollState(
  db: Database,
  tenantId: string,
  day: string,
  last: number,
): Promise<{ through: number; missing: number }> {
  if (last < 0) return { through: -1, missing: 0 };
  const unrolled = await unrolledHours(db, tenantId, day, last);
  return { through: unrolled.first === null ? last : unrolled.first - 1, missing: unrolled.count };
}

/** The tenants with rolled days or hours, with their time zone. */
export async function tenantsWithRollups(db: Database) {
  const result = await db.execute<{ id: string; time_zone: string }>(sql`
    select t.id, t.time_zone from tenants t
    where exists (select 1 from report_days r where r.tenant_id = t.id)
      or exists (select 1 from report_hours r where r.tenant_id = t.id)`);
  return result.rows.map((row) => ({ tenantId: row.id, timeZone: row.time_zone }));
}

type RollTenant = Pick<FactContext, 'tenantId' | 'timeZone'>;

/**
 * Runs `roll` in one transaction holding the tenant's roll lock (the triggers take it shared),
 * unless the tenant's zone changed since it was read (days are the zone's: the next report
 * rolls).
 */
async function underRollLock(
  db: Database,
  tenant: RollTenant,
  roll: (tx: Pick<Database, 'execute'>) => Promise<number>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`report_rollup:${tenant.tenantId}`}, 0))`,
    );
    const zone = await tx.execute<{ time_zone: string }>(
      sql`select time_zone from tenants where id = ${tenant.tenantId}`,
    );
    if (zone.rows[0]?.time_zone !== tenant.timeZone) return 0;
    return roll(tx);
  });
}

/**
 * Writes the lines of every rolled family over [start, end): each family's rows read once,
 * grouped into its summed components and, where it has percentiles, its sorted values; at the
 * three grains, or at the two by hour (`byDay` false: rows of `day`'s hours `hours` only).
 * Written in order of grain and day, so the lines one report reads lie together rather than one
 * per page among the agents'.
 */
async function writeLines(
  tx: Pick<Database, 'execute'>,
  tenant: RollTenant,
  span: { start: Date; end: Date } & (
    { byDay: true } | { byDay: false; day: string; hours: [number, number] }
  ),
) {
  const rollContext: FactContext = {
    tenantId: tenant.tenantId,
    timeZone: tenant.timeZone,
    start: span.start,
    end: span.end,
    now: new Date(),
    filters: {},
    clock: null,
    ...DEFAULTS,
    scope: {},
  };
  const within = span.byDay
    ? sql``
    : sql`where f.day = ${span.day}::date and f.hour between ${span.hours[0]} and ${span.hours[1]}`;
  for (const family of ROLLED_FAMILIES) {
    const keys = rolledKeysOf(family);
    const dimensions = sql`f.group_id, f.agent_id, f.source, f.queue_id, f.hotline`;
    const values =
      valueSetsOf(keys).size > 0
        ? sql`, v as (insert into report_values (tenant_id, day, hour, family, group_id, agent_id, source, queue_id, hotline, value_set, bucket, n, values)
          select ${tenant.tenantId}, f.day, f.hour, ${grainOfLine(family)}, ${dimensions},
            s.name, s.b, count(*), array_agg(s.v order by s.v)
          from f ${spreadValues(keys)}
          where s.v is not null
          group by ${GRAINS(sql`s.name, s.b,`, span.byDay)}
          order by 4, 10, 2, 11)`
        : sql``;
    await tx.execute(sql`
      with f as materialized (
        select * from (select f.*, ${dayAndHour(tenant.timeZone)}
          from (${FAMILIES[family](rollContext)}) f) f ${within})
      ${values}
      insert into report_daily (tenant_id, day, hour, family, group_id, agent_id, source, queue_id, hotline, figures)
      select ${tenant.tenantId}, f.day, f.hour, ${grainOfLine(family)}, ${dimensions},
        ${componentsJson(keys)}
      from f
      group by ${GRAINS(sql``, span.byDay)}
      order by 4, 2`);
  }
}

/**
 * Rolls the days of [from, last] not rolled yet, whole (the three grains): the span from the
 * first missing day to the last is computed again, each rolled family in one statement. The
 * hours rolled of those days give way to them.
 */
export async function rollDays(
  db: Database,
  tenant: RollTenant,
  from: string,
  last: string,
): Promise<number> {
  return underRollLock(db, tenant, async (tx) => {
    const { first, last: end } = await unrolledDays(tx, tenant.tenantId, from, last);
    if (!first || !end) return 0;
    for (const table of [sql`report_daily`, sql`report_values`])
      await tx.execute(sql`delete from ${table} where tenant_id = ${tenant.tenantId}
        and day between ${first}::date and ${end}::date`);
    await writeLines(tx, tenant, {
      start: startOfDayIn(first, tenant.timeZone),
      end: startOfDayIn(end, tenant.timeZone, true),
      byDay: true,
    });
    await tx.execute(sql`delete from report_hours where tenant_id = ${tenant.tenantId}
      and day between ${first}::date and ${end}::date`);
    const days = await tx.execute(sql`
      insert into report_days (tenant_id, day)
      select ${tenant.tenantId}, d::date from generate_series(${first}::date, ${end}::date, interval '1 day') d
      on conflict (tenant_id, day) do update set rolled_at = now()`);
    return days.rowCount ?? 0;
  });
}

/**
 * Rolls the hours [0, last] of `day` not rolled yet (a day of 24 hours, not rolled whole), at
 * the two grains by hour: the span from the first missing hour to `last` is computed again.
 */
export async function rollHours(
  db: Database,
  tenant: RollTenant,
  day: string,
  last: number,
): Promise<number> {
  return underRollLock(db, tenant, async (tx) => {
    const { first } = await unrolledHours(tx, tenant.tenantId, day, last);
    if (first === null) return 0;
    for (const table of [sql`report_daily`, sql`report_values`])
      await tx.execute(sql`delete from ${table} where tenant_id = ${tenant.tenantId}
        and day = ${day}::date and hour between ${first} and ${last}`);
    const midnight = startOfDayIn(day, tenant.timeZone).getTime();
    await writeLines(tx, tenant, {
      start: new Date(midnight + first * HOUR_MS),
      end: new Date(midnight + (last + 1) * HOUR_MS),
      byDay: false,
      day,
      hours: [first, last],
    });
    const hours = await tx.execute(sql`
      insert into report_hours (tenant_id, day, hour)
      select ${tenant.tenantId}, ${day}::date, h from generate_series(${first}::int, ${last}::int) h
      on conflict (tenant_id, day, hour) do update set rolled_at = now()`);
    return hours.rowCount ?? 0;
  });
}

/** The condition of the context's filters on rolled rows `r` of a family. */
function rolledFilters(context: FactContext, family: FamilyName): SQL {
  const { filters } = context;
  const rows = ROLLED[family]!.rows;
  const parts: SQL[] = [];
  if (filters.groupId)
    parts.push(
      rows === 'tickets'
        ? sql`r.group_id = ${filters.groupId}`
        : sql`r.agent_id in (select gm.user_id from group_members gm where gm.group_id = ${filters.groupId})`,
    );
  if (filters.agentId) parts.push(sql`r.agent_id = ${filters.agentId}`);
  if (filters.queueId && rows !== 'staff') parts.push(sql`r.queue_id = ${filters.queueId}`);
  if (filters.source && rows !== 'staff') parts.push(sql`r.source = ${filters.source}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A rolled cut: its column of a line `r` (null::text for the whole), and that value as text. */
type RolledCut = DimensionCut;

function rolledCutOf(dimension: ReportDimension | undefined): RolledCut {
  switch (dimension) {
    case 'day':
      return { column: sql`r.day`, text: (value) => sql`to_char(${value}, 'YYYY-MM-DD')` };
    case 'hour':
      return { column: sql`r.hour`, text: (value) => sql`to_char(${value}, 'FM00')` };
    case 'source':
      return { column: sql`r.source`, text: asText };
    case 'group':
      return { column: sql`r.group_id`, text: asText };
    case 'agent':
      return { column: sql`r.agent_id`, text: asText };
    case 'queue':
      return { column: sql`r.queue_id`, text: asText };
    case 'hotline':
      return { column: sql`r.hotline`, text: asText };
    default:
      return { column: sql`null::text`, text: asText };
  }
}

const cutText = (cut: RolledCut) => cut.text(cut.column);

/**
 * What a report reads from rollups: the days rolled whole [from, through], then the hours
 * [0, through] rolled of the day after (`hours`), then the raw rows from `rawStart`.
 */
export interface RolledRange {
  days: { from: string; through: string } | null;
  hours: { day: string; through: number } | null;
  rawStart: Date;
}

/**
 * A family's rolled keys cut by each of `dimensions` (all rollable): the rolled days and hours
 * of the range from report_daily, the rest (from `rawStart`) computed on the spot into the same
 * components, then summed; or, keys all medians and p90s (the service asks for them apart),
 * taken over every line's values (report_values, and the values of the rows not rolled).
 * Answers a FigureLines per dimension, as familyFigures does.
 */
export async function rolledFamilyFigures(
  db: Database,
  context: FactContext,
  family: FamilyName,
  keys: readonly string[],
  dimensions: readonly (ReportDimension | undefined)[],
  range: RolledRange,
): Promise<FigureLines[]> {
  const grain = grainOf(context, family, dimensions);
  // The rows not rolled, with the rolled lines' columns.
  const rawRows =
    range.rawStart < context.end
      ? sql`(select f.*, ${dayAndHour(context.timeZone)}
        from (${FAMILIES[family]({ ...context, start: range.rawStart })}) f) f`
      : null;
  // The rolled lines read: each part its own scan (one index range each), added up.
  const filters = rolledFilters(context, family);
  const rolled: SQL[] = [];
  if (range.days)
    rolled.push(sql`r.tenant_id = ${context.tenantId} and r.family = ${grain}
      and r.day between ${range.days.from}::date and ${range.days.through}::date and ${filters}`);
  if (range.hours)
    rolled.push(sql`r.tenant_id = ${context.tenantId} and r.family = ${hourly(family, grain)}
      and r.day = ${range.hours.day}::date and r.hour <= ${range.hours.through} and ${filters}`);
  const cuts = dimensions.map(rolledCutOf);
  if (!keys.some((key) => isPercentile(METRIC_SPECS[key]))) {
    // The raw rows grouped as the grain read is (without the hour or the agent where it has none).
    const has = grainHas(family, grain);
    const hour = has.hour ? sql`f.hour` : sql`null::smallint`;
    const agent = has.agent ? sql`f.agent_id` : sql`null::uuid`;
    const parts = rolled.map(
      (where) => sql`select r.day, r.hour, r.group_id, r.agent_id, r.source, r.queue_id,
        r.hotline, r.figures from report_daily r where ${where}`,
    );
    if (rawRows)
      parts.push(sql`select f.day, ${hour}, f.group_id, ${agent}, f.source, f.queue_id,
          f.hotline, ${componentsJson(keys)}
        from ${rawRows} group by 1, 2, 3, 4, 5, 6, 7`);
    const lines = sql`(${sql.join(parts, sql` union all `)}) r`;
    const sums = await db.execute<Record<string, unknown>>(
      byGroupingSets(
        lines,
        'r',
        cuts.map((cut) => cut.column),
        keys.map(figureOfComponents),
        cuts.map((cut) => cut.text),
      ),
    );
    return linesOf(sums.rows, keys, dimensions.length);
  }
  const sets = sql.join(
    [...valueSetsOf(keys).keys()].map((name) => sql`${name}`),
    sql`, `,
  );
  const rolledValues = rolled.map((where) => sql`${where} and r.value_set in (${sets})`);
  const rawValues = rawRows
    ? sql`(select f.day, f.hour, f.group_id, f.agent_id, f.source, f.queue_id, f.hotline,
        s.name, s.b, s.v
      from ${rawRows} ${spreadValues(keys)} where s.v is not null) r`
    : null;
  return percentilesOf(db, keys, cuts, rolledValues, rawValues);
}

/**
 * The percentiles `keys` cut by each of `cuts` (columns of a line `r`), over the rolled
 * values (report_values rows `r` passing any of `rolled`) and the raw ones (rows `r`: name, b, v), as
 * percentile_cont takes them: the ranks p·(n−1) rounded down and up, and between their values
 * in proportion. Each rank's bucket is found by counting the values per bucket (report_values'
 * index alone), then only that bucket's values are read and sorted. One statement for every
 * cut (`i`, its index), so the rows not rolled are computed once.
 */
async function percentilesOf(
  db: Database,
  keys: readonly string[],
  cuts: readonly RolledCut[],
  rolled: readonly SQL[],
  raw: SQL | null,
): Promise<FigureLines[]> {
  const wanted = keys.map((key) => {
    const spec = METRIC_SPECS[key] as PercentileMetric;
    const fraction = spec.aggregate.kind === 'median' ? 0.5 : 0.9;
    return sql`(${key}::text, ${valuesName(spec)}::text, ${fraction}::float8)`;
  });
  // Each line once per cut: k, the cut's value marked, so that a line without one (null) joins
  // like any other.
  const byCut = sql`cross join lateral (values ${sql.join(
    cuts
      .map(cutText)
      .map(
        (cut, index) =>
          sql`(${index}::int, (case when ${cut} is null then 'n' else 'v' || ${cut} end) collate "C")`,
      ),
    sql`, `,
  )}) c(i, k)`;
  // The rolled counts grouped by every cut in one pass (a grouping set each), rather than each
  // line repeated once per cut: the set a line was grouped in is its cut's index.
  const cutOfSet = sql`case ${sql.join(
    cuts.map((_, index) => sql`when grouping(${sql.raw(`c${index}`)}) = 0 then ${index}::int`),
    sql` `,
  )} end`;
  const keyOfSet = sql`(case ${sql.join(
    cuts.map((cut, index) => {
      const column = sql.raw(`c${index}`);
      return sql`when grouping(${column}) = 0 then case when ${column} is null then 'n' else 'v' || ${cut.text(column)} end`;
    }),
    sql` `,
  )} end) collate "C"`;
  const result = await sortingExecute(
    db,
    sql`
    with ${raw ? sql`raw as materialized (select c.i, c.k, r.name collate "C" as name, r.b, r.v from ${raw} ${byCut}),` : sql``}
    counts as (
      select i, k, name, b, sum(n)::bigint as n from (
        select ${cutOfSet} as i, ${keyOfSet} as k, name, b, sum(n) as n from (
          ${sql.join(
            rolled.map(
              (where) => sql`select r.value_set collate "C" as name, r.bucket as b, r.n,
                ${sql.join(
                  cuts.map((cut, index) => sql`${cut.column} as ${sql.raw(`c${index}`)}`),
                  sql`, `,
                )}
                from report_values r where ${where}`,
            ),
            sql` union all `,
          )}) r
        group by grouping sets (${sql.join(
          cuts.map((_, index) => sql`(name, b, ${sql.raw(`c${index}`)})`),
          sql`, `,
        )})
        ${raw ? sql`union all select i, k, name, b, 1 from raw` : sql``}) c
      group by i, k, name, b
    ), placed as (
      select i, k, name, b, n,
        (sum(n) over (partition by i, k, name order by b) - n)::bigint as below,
        sum(n) over (partition by i, k, name) as total
      from counts
    ), wanted as (
      select distinct p.i, p.k, q.key, p.name, q.fraction * (p.total - 1)::float8 as pos
      from placed p join (values ${sql.join(wanted, sql`, `)}) q(key, name, fraction) using (name)
    ), ranks as (
      select w.i, w.k, w.key, w.name, w.pos, r.rank, p.b, r.rank - p.below as at
      from wanted w
      cross join lateral (values (floor(w.pos)::bigint), (ceil(w.pos)::bigint)) r(rank)
      join placed p on p.i = w.i and p.k = w.k and p.name = w.name and r.rank >= p.below
        and r.rank < p.below + p.n
    ), sorted as (
      -- The values of the buckets holding a rank, sorted per line of the cut and set (the
      -- buckets' union: other lines' values of those buckets come along, unused).
      select i, k, name, b, array_agg(v order by v) as vs
      from (
        ${sql.join(
          [
            ...rolled.map(
              (where) => sql`select c.i, c.k, r.value_set collate "C" as name, r.bucket as b, u.v
                from report_values r cross join lateral unnest(r.values) u(v) ${byCut}
                where ${where} and r.bucket = any (array(select distinct b from ranks))`,
            ),
            ...(raw
              ? [
                  sql`select i, k, name, b, v from raw where b = any (array(select distinct b from ranks))`,
                ]
              : []),
          ],
          sql` union all `,
        )}) x
      group by i, k, name, b
    ), ends as (
      select r.i, r.key, r.k, r.pos, min(s.vs[r.at + 1]) filter (where r.rank = floor(r.pos)) as lo,
        min(s.vs[r.at + 1]) filter (where r.rank = ceil(r.pos)) as hi
      from ranks r join sorted s using (i, k, name, b)
      group by r.i, r.key, r.k, r.pos
    )
    select i, case when k = 'n' then null else substr(k, 2) end as d, key,
      lo + ((pos - floor(pos)) * (hi - lo)) as value
    from ends`,
    { ownSorts: true },
  );
  const figures: FigureLines[] = cuts.map(() => new Map());
  for (const row of result.rows as {
    i: number;
    d: string | null;
    key: string;
    value: number | null;
  }[]) {
    const lines = figures[row.i]!;
    const line = lines.get(row.d) ?? {};
    line[row.key] = row.value === null ? null : Number(row.value);
    lines.set(row.d, line);
  }
  return figures;
}
