import { sql, type SQL } from 'drizzle-orm';
import type { ReportDimension } from '@omnicare/shared/reports/reports.schemas';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import type { Database } from '../../platform/db.js';
import {
  DEFAULTS,
  FAMILIES,
  METRIC_SPECS,
  isPercentile,
  percentileSql,
  sortingExecute,
  type PercentileMetric,
  type BaseMetric,
  type FactContext,
  type FamilyName,
  type FigureLines,
  byGroupingSets,
  linesOf,
} from './metrics.repository.js';

/*
 * Daily rollups of the counting families: what a family's figures are summed from (counts, sums,
 * the two sides of a mean or a ratio), per tenant, day of the tenant's calendar and the
 * dimensions reports filter and cut by (report_daily). A figure over a long range adds the
 * rolled days to the same components computed on the spot for the days not rolled (yesterday,
 * today, and any day a late change unrolled: migration 0044's triggers), so it equals the figure
 * over the raw rows; metrics-rollup.test.ts compares the two on every rolled key.
 * A median or a p90 is taken over the values of every line (each line keeps its rows' values).
 * Rolled: days before yesterday. Not rolled, and read raw as before: distinct counts, durations
 * in business time, the families that hang on the moment or on every earlier row (backlog,
 * contacts, ads), a caller with a narrower data scope, and filters or cuts the rollup has no
 * column for (tag, channel, priority, customer).
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
 * The values a median or a p90 is taken over (its rows' measures), a JSON array per line: the
 * percentile over the range is taken over every line's values, so it is exact. A median and a
 * p90 of the same rows share one.
 */
const valuesName = (spec: PercentileMetric) =>
  `values:${spec.aggregate.of}:${spec.where ?? 'true'}`;

/** What a base metric is made from, or null when it cannot be rolled (a distinct count). */
function componentsOf(key: string): Component[] | null {
  const spec = METRIC_SPECS[key] as BaseMetric;
  const where = sql.raw(spec.where ?? 'true');
  const a = spec.aggregate;
  if (isPercentile(spec)) {
    const of = sql.raw(spec.aggregate.of);
    return [
      {
        name: valuesName(spec),
        sql: sql`coalesce(to_jsonb(array_agg(f.${of}) filter (where ${where} and f.${of} is not null)), '[]'::jsonb)`,
      },
    ];
  }
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
    return 'family' in spec && spec.family === family && componentsOf(key) !== null;
  });
}

/** The components of `keys` as a JSON object (`figures`): the summed ones, or the values (`samples`). */
function componentsJson(keys: readonly string[], part: 'figures' | 'samples'): SQL {
  const components = new Map(
    keys
      .filter((key) => isPercentile(METRIC_SPECS[key]) === (part === 'samples'))
      .flatMap((key) => componentsOf(key)!.map((component) => [component.name, component.sql])),
  );
  if (part === 'samples' && components.size === 0) return sql`null::jsonb`;
  const pairs = [...components].map(([name, value]) => sql`${name}::text, ${value}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Both parts of the components of `keys`, as the columns figures and samples. */
const componentColumns = (keys: readonly string[]) =>
  sql`${componentsJson(keys, 'figures')} as figures, ${componentsJson(keys, 'samples')} as samples`;

/** A family row's day and hour of the day in the tenant's zone (columns `day`, `hour`). */
const dayAndHour = (timeZone: string) =>
  sql`(f.at at time zone ${timeZone})::date as day, extract(hour from f.at at time zone ${timeZone})::smallint as hour`;

/**
 * The family's rows without the agent: a day holds a line per department, source, queue and
 * hotline instead of one per agent too (a tenant of 200 agents rolls a day of calls into a few
 * lines, not hundreds). Read when no agent filters or cuts the figures (nor a department for
 * calls and presence, picked by their agents).
 */
const coarse = (family: FamilyName) => `${family}:all`;

function grainOf(
  context: FactContext,
  family: FamilyName,
  dimensions: readonly (ReportDimension | undefined)[],
) {
  const byAgent =
    Boolean(context.filters.agentId) ||
    (ROLLED[family]?.rows !== 'tickets' && Boolean(context.filters.groupId)) ||
    dimensions.includes('agent');
  return byAgent ? family : coarse(family);
}

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
    if (!componentsOf(key)) return false;
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

/** The tenants with rolled days, with their time zone. */
export async function tenantsWithRollups(db: Database) {
  const result = await db.execute<{ id: string; time_zone: string }>(sql`
    select t.id, t.time_zone from tenants t
    where exists (select 1 from report_days r where r.tenant_id = t.id)`);
  return result.rows.map((row) => ({ tenantId: row.id, timeZone: row.time_zone }));
}

/**
 * Rolls the days of [from, last] not rolled yet, in one transaction holding the tenant's roll
 * lock (the triggers take it shared): the span from the first missing day to the last is
 * computed again whole, each rolled family in one statement.
 */
export async function rollDays(
  db: Database,
  context: Pick<FactContext, 'tenantId' | 'timeZone'>,
  from: string,
  last: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`report_rollup:${context.tenantId}`}, 0))`,
    );
    // Days are the zone's: one changed since it was read rolls nothing (the next report rolls).
    const zone = await tx.execute<{ time_zone: string }>(
      sql`select time_zone from tenants where id = ${context.tenantId}`,
    );
    if (zone.rows[0]?.time_zone !== context.timeZone) return 0;
    const { first, last: end } = await unrolledDays(tx, context.tenantId, from, last);
    if (!first || !end) return 0;
    const rollContext: FactContext = {
      tenantId: context.tenantId,
      timeZone: context.timeZone,
      start: startOfDayIn(first, context.timeZone),
      end: startOfDayIn(end, context.timeZone, true),
      now: new Date(),
      filters: {},
      clock: null,
      ...DEFAULTS,
      scope: {},
    };
    await tx.execute(sql`delete from report_daily where tenant_id = ${context.tenantId}
      and day between ${first}::date and ${end}::date`);
    // Each family once, at both grains: per agent, and without the agent (`{family}:all`).
    for (const family of ROLLED_FAMILIES)
      await tx.execute(sql`
        insert into report_daily (tenant_id, day, hour, family, group_id, agent_id, source, queue_id, hotline, figures, samples)
        select ${context.tenantId}, f.day, f.hour,
          case when grouping(f.agent_id) = 1 then ${coarse(family)} else ${family} end,
          f.group_id, f.agent_id, f.source, f.queue_id, f.hotline, ${componentColumns(rolledKeysOf(family))}
        from (select f.*, ${dayAndHour(context.timeZone)}
          from (${FAMILIES[family](rollContext)}) f) f
        group by grouping sets ((f.day, f.hour, f.group_id, f.agent_id, f.source, f.queue_id, f.hotline),
          (f.day, f.hour, f.group_id, f.source, f.queue_id, f.hotline))`);
    const days = await tx.execute(sql`
      insert into report_days (tenant_id, day)
      select ${context.tenantId}, d::date from generate_series(${first}::date, ${end}::date, interval '1 day') d
      on conflict (tenant_id, day) do update set rolled_at = now()`);
    return days.rowCount ?? 0;
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

function rolledDimensionOf(dimension: ReportDimension | undefined): SQL {
  switch (dimension) {
    case 'day':
      return sql`to_char(r.day, 'YYYY-MM-DD')`;
    case 'hour':
      return sql`to_char(r.hour, 'FM00')`;
    case 'source':
      return sql`r.source`;
    case 'group':
      return sql`r.group_id::text`;
    case 'agent':
      return sql`r.agent_id::text`;
    case 'queue':
      return sql`r.queue_id::text`;
    case 'hotline':
      return sql`r.hotline`;
    default:
      return sql`null::text`;
  }
}

/**
 * A family's rolled keys cut by each of `dimensions` (all rollable): the rolled days of the
 * range from report_daily, the rest (from the day after `through`) computed on the spot into
 * the same components, then summed; or, keys all medians and p90s (the service asks for them
 * apart), taken over every line's values. Answers a FigureLines per dimension, as
 * familyFigures does.
 */
export async function rolledFamilyFigures(
  db: Database,
  context: FactContext,
  family: FamilyName,
  keys: readonly string[],
  dimensions: readonly (ReportDimension | undefined)[],
  range: { from: string; through: string; rawStart: Date },
): Promise<FigureLines[]> {
  const rawContext = { ...context, start: range.rawStart };
  const raw =
    range.rawStart < context.end
      ? sql`union all
        select f.day, f.hour, f.group_id, f.agent_id, f.source, f.queue_id, f.hotline,
          ${componentColumns(keys)}
        from (select f.*, ${dayAndHour(context.timeZone)} from (${FAMILIES[family](rawContext)}) f) f
        group by 1, 2, 3, 4, 5, 6, 7`
      : sql``;
  const lines = sql`
    with r as (
      select r.day, r.hour, r.group_id, r.agent_id, r.source, r.queue_id, r.hotline, r.figures,
        r.samples
      from report_daily r
      where r.tenant_id = ${context.tenantId} and r.family = ${grainOf(context, family, dimensions)}
        and r.day between ${range.from}::date and ${range.through}::date
        and ${rolledFilters(context, family)}
      ${raw}
    )`;
  const cuts = dimensions.map(rolledDimensionOf);
  if (!keys.some((key) => isPercentile(METRIC_SPECS[key]))) {
    const sums = await db.execute<Record<string, unknown>>(
      sql`${lines} ${byGroupingSets(sql`r`, 'r', cuts, keys.map(figureOfComponents))}`,
    );
    return linesOf(sums.rows, keys, dimensions.length);
  }
  const specs = keys.map((key) => METRIC_SPECS[key] as PercentileMetric);
  const valueSets = [...new Set(specs.map(valuesName))];
  const values = await sortingExecute(
    db,
    sql`${lines}, v as (
      select r.day, r.hour, r.group_id, r.agent_id, r.source, r.queue_id, r.hotline,
        s.name, e.v::float8 as v
      from r cross join (values ${sql.join(
        valueSets.map((name) => sql`(${name}::text)`),
        sql`, `,
      )}) s(name)
      cross join lateral jsonb_array_elements_text(coalesce(r.samples->s.name, '[]'::jsonb)) e(v))
      ${byGroupingSets(
        sql`v r`,
        'r',
        cuts,
        specs.map((spec) =>
          percentileSql(spec.aggregate.kind, sql`r.v`, sql`r.name = ${valuesName(spec)}`),
        ),
      )}`,
  );
  return linesOf(values.rows, keys, dimensions.length);
}
