import { metricOf } from '@omnicare/shared/reports/metrics';
import type { ReportDimension, ReportRange } from '@omnicare/shared/reports/reports.schemas';
import { openIntervalsBetween } from '@omnicare/shared/sla/business-time';
import { dayAndTimeIn, startOfDayIn } from '@omnicare/shared/platform/time';
import { PRESENCE } from '@omnicare/shared/users/presence';
import { staffPresenceKey } from '@omnicare/shared/reports/metrics';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf, scopeCondition } from '../../platform/data-scope.js';
import { notFound } from '../../platform/errors.js';
import { jobs } from '../../db/schema/jobs.js';
import { users } from '../../db/schema/users.js';
import { calls } from '../../db/schema/telephony.js';
import { customerScope } from '../customers/customers.service.js';
import { ticketScope } from '../tickets/ticket-queries.js';
import { findTenant } from '../tenants/tenants.service.js';
import { loadBusinessSchedule } from '../working-time/working-time.service.js';
import * as repo from './metrics.repository.js';
import * as rollup from './metrics-rollup.repository.js';

/*
 * The metrics engine: any registry keys over a range of the tenant's days, in the caller's data
 * scope, as one figure each or cut by a dimension; and the rows behind a figure. Every figure is
 * computed by metrics.repository.ts from the raw rows, so a tile, a report, a chart and a
 * drill-down of one metric over the same rows agree. Reads go through `platform.reads` (the
 * replica of DATABASE_READ_URL when set). An export would reuse `metricContext` and `factRows`
 * (one row per interaction) or `computeGrouped` (one per bucket).
 */

export type Figures = Record<string, number | null>;

/**
 * A range of the tenant's days and its filters: flat as the reports' query string gives them
 * (`{from, to, group_id, ...}`), or with the filters apart (`{from, to, filters: {group_id}}`).
 */
export type MetricQuery = ReportRange & { filters?: Omit<ReportRange, 'from' | 'to'> };

const flatten = ({ filters, ...query }: MetricQuery): ReportRange => ({ ...query, ...filters });

/** How far back business hours are laid out for durations that began before the range. */
const CLOCK_LOOKBACK_DAYS = 400;
const DAY_MS = 86_400_000;

/** A range of the tenant's calendar days as instants: [start of `from`, start of the day after `to`). */
export function rangeOf(from: string, to: string, timeZone: string) {
  return { start: startOfDayIn(from, timeZone), end: startOfDayIn(to, timeZone, true) };
}

async function clockOf(
  platform: Platform,
  tenantId: string,
  start: Date,
  end: Date,
): Promise<repo.SqlClock | null> {
  const schedule = await loadBusinessSchedule(platform.reads, tenantId, null);
  if (!schedule) return null;
  const intervals = openIntervalsBetween(
    start.getTime() - CLOCK_LOOKBACK_DAYS * DAY_MS,
    end,
    schedule,
  );
  const starts: string[] = [];
  const lengths: number[] = [];
  const before: number[] = [];
  let open = 0;
  for (const [from, until] of intervals) {
    starts.push(`"${new Date(from).toISOString()}"`);
    const seconds = (until - from) / 1000;
    lengths.push(seconds);
    before.push(open);
    open += seconds;
  }
  if (starts.length === 0) return null;
  return {
    starts: `{${starts.join(',')}}`,
    lengths: `{${lengths.join(',')}}`,
    before: `{${before.join(',')}}`,
  };
}

/** Everything a figure's SQL needs: tenant, range instants, zone, filters, clock and scope. */
export async function metricContext(
  platform: Platform,
  auth: AuthContext,
  metricQuery: MetricQuery,
): Promise<repo.FactContext> {
  const query = flatten(metricQuery);
  const tenant = await findTenant(platform.reads, auth.tenantId);
  if (!tenant) throw notFound('Không tìm thấy tenant');
  const { start, end } = rangeOf(query.from, query.to, tenant.timeZone);
  const scope = dataScopeOf(auth);
  return {
    tenantId: auth.tenantId,
    days: { from: query.from, to: query.to },
    start,
    end,
    now: new Date(),
    timeZone: tenant.timeZone,
    filters: {
      groupId: query.group_id,
      agentId: query.agent_id,
      queueId: query.queue_id,
      source: query.source,
      tagId: query.tag_id,
      priorityId: query.priority_id,
      channelId: query.channel_id,
    },
    clock: query.business_hours ? await clockOf(platform, auth.tenantId, start, end) : null,
    ...(platform.config.reportRollups ? {} : { rollups: false as const }),
    ...repo.DEFAULTS,
    scope: {
      tickets: ticketScope(auth),
      calls: scopeCondition(scope, { owner: calls.agentId }),
      staff: scopeCondition(scope, { owner: users.id, organization: users.organizationId }),
      customers: customerScope(auth),
      jobs: scopeCondition(scope, { owner: jobs.userId }),
    },
  };
}

/** The base metrics a set of keys needs (a derived one needs its parts). */
function baseKeysOf(keys: readonly string[]): string[] {
  const needed = new Set<string>();
  const visit = (key: string) => {
    const spec = repo.METRIC_SPECS[key];
    if (!spec) return;
    if (repo.isBase(spec)) needed.add(key);
    else if (repo.isDerived(spec)) spec.parts.forEach(visit);
  };
  keys.forEach(visit);
  return [...needed];
}

/** Seconds and percentages to one decimal; counts as they are. */
function rounded(key: string, value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const unit = metricOf(key)?.unit;
  if (unit === 'count' && Number.isInteger(value)) return value;
  return Math.round(value * 10) / 10;
}

/** A key's figure from the base figures (derived ones combined), rounded. */
function figureOf(key: string, base: Figures): number | null {
  const spec = repo.METRIC_SPECS[key];
  if (!spec || 'unmeasured' in spec) return null;
  if (repo.isDerived(spec))
    return rounded(key, spec.combine(spec.parts.map((part) => figureOfRaw(part, base))));
  return rounded(key, base[key] ?? null);
}

function figureOfRaw(key: string, base: Figures): number | null {
  const spec = repo.METRIC_SPECS[key];
  if (!spec || 'unmeasured' in spec) return null;
  if (repo.isDerived(spec)) return spec.combine(spec.parts.map((part) => figureOfRaw(part, base)));
  return base[key] ?? null;
}

/** A count over no rows is 0, not missing. */
function zeroCounts(keys: readonly string[], figures: Figures) {
  for (const key of keys) {
    const spec = repo.METRIC_SPECS[key];
    if (
      spec &&
      repo.isBase(spec) &&
      (spec.aggregate.kind === 'count' || spec.aggregate.kind === 'sum')
    )
      figures[key] ??= 0;
  }
}

const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type RolledRange = rollup.RolledRange;
const { HOUR_MS } = rollup;

/**
 * Days a report rolls itself before it answers (a few seconds at most at a million tickets a
 * year). More missing (a tenant's first report over a year) are rolled by a job meanwhile, and
 * the report reads the raw rows.
 */
const ROLL_IN_REQUEST_DAYS = 7;
export const REPORT_ROLL_JOB = 'reports.roll';
/** Hourly, each tenant that has rollups keeps this many days back rolled. */
export const REPORT_ROLL_RECENT_JOB = 'reports.roll-recent';
const RECENT_DAYS = 35;

/**
 * What may be rolled at `now` in the zone: every hour that ended SETTLED_MS ago or more. The
 * days up to `lastDay` whole, then the hours [0, lastHour] of `day` (-1: none; and none on a
 * day that is not 24 hours long, which waits to be rolled whole).
 */
function settled(now: Date, timeZone: string) {
  const instant = new Date(now.getTime() - rollup.SETTLED_MS);
  const day = dayAndTimeIn(instant, timeZone)!.day;
  const midnight = startOfDayIn(day, timeZone).getTime();
  const fullDay = startOfDayIn(day, timeZone, true).getTime() - midnight === 24 * HOUR_MS;
  return {
    lastDay: shiftDay(day, -1),
    day,
    midnight,
    lastHour: fullDay ? Math.floor((instant.getTime() - midnight) / HOUR_MS) - 1 : -1,
  };
}

/** Rolls a tenant's missing days of [from, last] (its days, in its zone), on the primary. */
export async function rollTenantDays(
  platform: Platform,
  tenantId: string,
  from: string,
  last: string,
) {
  const tenant = await findTenant(platform.db, tenantId);
  if (!tenant) return 0;
  return rollup.rollDays(platform.db, { tenantId, timeZone: tenant.timeZone }, from, last);
}

/**
 * For every tenant that has rollups (REPORT_ROLL_RECENT_JOB), the last RECENT_DAYS rolled
 * whole and the settled hours of the day after.
 */
export async function rollRecentDays(platform: Platform) {
  for (const tenant of await rollup.tenantsWithRollups(platform.db)) {
    const span = settled(new Date(), tenant.timeZone);
    await rollup.rollDays(platform.db, tenant, shiftDay(span.day, -RECENT_DAYS), span.lastDay);
    if (span.lastHour >= 0) await rollup.rollHours(platform.db, tenant, span.day, span.lastHour);
  }
}

/**
 * What of the range may come from rollups: the days settled whole (rolled first where a few are
 * missing, by a job where many are), then the settled hours of the day after (rolled first), or
 * null where this context reads raw rows only.
 */
async function rolledRange(
  platform: Platform,
  context: repo.FactContext,
): Promise<RolledRange | null> {
  if (!context.days || !rollup.rollable(context)) return null;
  const { from, to } = context.days;
  const span = settled(context.now, context.timeZone);
  let days: RolledRange['days'] = null;
  const last = [to, span.lastDay].sort()[0]!;
  if (last >= from) {
    const state = await rollup.rollState(platform.reads, context.tenantId, from, last);
    let { through } = state;
    if (state.missing > 0) {
      if (state.missing <= ROLL_IN_REQUEST_DAYS) {
        await rollup.rollDays(platform.db, context, from, last);
        ({ through } = await rollup.rollState(platform.reads, context.tenantId, from, last));
      } else
        await platform.jobs.send(
          REPORT_ROLL_JOB,
          { tenantId: context.tenantId, from, last },
          { singletonKey: context.tenantId },
        );
    }
    if (!through) return null;
    days = { from, through };
    const wholeDays = {
      days,
      hours: null,
      rawStart: startOfDayIn(through, context.timeZone, true),
    };
    if (through < last || span.day > to || span.lastHour < 0) return wholeDays;
  } else if (span.day < from || span.day > to || span.lastHour < 0) return null;
  // The hours of the day after: few, so rolled here when missing.
  const read = () =>
    rollup.hourRollState(platform.reads, context.tenantId, span.day, span.lastHour);
  let hours = await read();
  if (hours.missing > 0) {
    await rollup.rollHours(platform.db, context, span.day, span.lastHour);
    hours = await read();
  }
  if (hours.through < 0)
    return days ? { days, hours: null, rawStart: new Date(span.midnight) } : null;
  return {
    days,
    hours: { day: span.day, through: hours.through },
    rawStart: new Date(span.midnight + (hours.through + 1) * HOUR_MS),
  };
}

/** Lines from two reads of one family (other keys, or other dimensions) as one. */
function mergeLines(target: Map<string | null, Figures>, source: Map<string | null, Figures>) {
  for (const [value, figures] of source)
    target.set(value, { ...(target.get(value) ?? {}), ...figures });
}

/**
 * A family's figures cut by each dimension. A median or a p90 sorts its values once per cut, so
 * it is taken only for the cuts that asked for one (`percentileCuts`); the rest for all.
 */
async function familyLines(
  platform: Platform,
  context: repo.FactContext,
  family: repo.FamilyName,
  keys: readonly string[],
  dimensions: readonly (ReportDimension | undefined)[],
  rolled: RolledRange | null,
  percentileCuts: ReadonlySet<ReportDimension | undefined>,
  tops: readonly repo.TopLines[],
): Promise<repo.FigureLines[]> {
  const percentiles = keys.filter((key) => repo.isPercentile(repo.METRIC_SPECS[key]));
  const others = keys.filter((key) => !percentiles.includes(key));
  const cuts = dimensions.filter((dimension) => percentileCuts.has(dimension));
  const [otherLines, percentileLines] = await Promise.all([
    others.length > 0
      ? familyCuts(platform, context, family, others, dimensions, rolled, tops)
      : null,
    percentiles.length > 0 && cuts.length > 0
      ? familyCuts(platform, context, family, percentiles, cuts, rolled)
      : null,
  ]);
  return dimensions.map((dimension, index) => {
    const lines = new Map<string | null, Figures>();
    if (otherLines) mergeLines(lines, otherLines[index]!);
    const cut = cuts.indexOf(dimension);
    if (percentileLines && cut >= 0) mergeLines(lines, percentileLines[cut]!);
    return lines;
  });
}

/**
 * A family's figures cut by each dimension: the keys and dimensions rollups serve from them
 * over the rolled days, the rest from the raw rows.
 */
async function familyCuts(
  platform: Platform,
  context: repo.FactContext,
  family: repo.FamilyName,
  keys: readonly string[],
  dimensions: readonly (ReportDimension | undefined)[],
  rolled: RolledRange | null,
  tops: readonly repo.TopLines[] = [],
): Promise<repo.FigureLines[]> {
  const rolledKeys = rolled ? rollup.rolledKeys(context, family, keys) : [];
  const rolledCuts = dimensions.filter(rollup.rolledDimension);
  // A raw statement ranks the lines of a key it computes whole (a rolled one is summed after).
  if (!rolled || rolledKeys.length === 0 || rolledCuts.length === 0)
    return repo.familyFigures(platform.reads, context, family, keys, dimensions, tops);
  const rawKeys = keys.filter((key) => !rolledKeys.includes(key));
  const rawCuts = dimensions.filter((dimension) => !rollup.rolledDimension(dimension));
  const [fromRollups, rawKeyLines, rawCutLines] = await Promise.all([
    rollup.rolledFamilyFigures(platform.reads, context, family, rolledKeys, rolledCuts, rolled),
    rawKeys.length > 0
      ? repo.familyFigures(platform.reads, context, family, rawKeys, dimensions, tops)
      : null,
    rawCuts.length > 0
      ? repo.familyFigures(platform.reads, context, family, rolledKeys, rawCuts, tops)
      : null,
  ]);
  return dimensions.map((dimension, index) => {
    const lines = new Map<string | null, Figures>();
    const rolledIndex = rolledCuts.indexOf(dimension);
    if (rolledIndex >= 0) mergeLines(lines, fromRollups[rolledIndex]!);
    else mergeLines(lines, rawCutLines![rawCuts.indexOf(dimension)]!);
    if (rawKeyLines) mergeLines(lines, rawKeyLines[index]!);
    return lines;
  });
}

/** Figures wanted: `keys` cut by `dimension` (undefined: the whole range, one line keyed null). */
export interface FigureRequest {
  keys: readonly string[];
  dimension?: ReportDimension;
  /**
   * The lines most needed, by the first key (a count or a sum): at least these `top` lines come
   * back; others may too. A table of the top customers need not read every customer.
   */
  top?: number;
}

/**
 * The requests' tops a statement may apply: ranked by a key SQL can rank by, on a dimension no
 * other request wants whole.
 */
function topLinesOf(requests: readonly FigureRequest[]): repo.TopLines[] {
  return requests.flatMap(({ keys, dimension, top }) => {
    const key = keys[0];
    if (!top || !dimension || !key || !repo.ranksInSql(key)) return [];
    const shared = requests.some(
      (other) => other.dimension === dimension && (other.top !== top || other.keys[0] !== key),
    );
    return shared ? [] : [{ dimension, key, limit: top }];
  });
}

/**
 * The base figures of each request, each family read once for them all (its rows grouped by
 * every dimension asked of it at once): a report's tiles, chart and table cost one pass.
 */
async function baseFigures(
  platform: Platform,
  context: repo.FactContext,
  requests: readonly FigureRequest[],
): Promise<Map<string | null, Figures>[]> {
  const families = new Map<
    string,
    {
      keys: Set<string>;
      dimensions: Set<ReportDimension | undefined>;
      percentileCuts: Set<ReportDimension | undefined>;
    }
  >();
  const wanted = requests.map(({ keys, dimension }) => {
    const byFamily = new Set<string>();
    for (const key of baseKeysOf(keys)) {
      const spec = repo.METRIC_SPECS[key] as repo.BaseMetric;
      // A figure at an instant has no day or hour.
      if (spec.instantOnly && (dimension === 'day' || dimension === 'hour')) continue;
      const family = families.get(spec.family) ?? {
        keys: new Set(),
        dimensions: new Set(),
        percentileCuts: new Set(),
      };
      family.keys.add(key);
      family.dimensions.add(dimension);
      if (repo.isPercentile(spec)) family.percentileCuts.add(dimension);
      families.set(spec.family, family);
      byFamily.add(spec.family);
    }
    return byFamily;
  });
  const tops = topLinesOf(requests);
  const rolled = await rolledRange(platform, context);
  const results = new Map(
    await Promise.all(
      [...families].map(async ([family, { keys, dimensions, percentileCuts }]) => {
        const cuts = [...dimensions];
        const lines = await familyLines(
          platform,
          context,
          family as repo.FamilyName,
          [...keys],
          cuts,
          rolled,
          percentileCuts,
          tops,
        );
        return [family, new Map(cuts.map((cut, index) => [cut, lines[index]!]))] as const;
      }),
    ),
  );
  return requests.map(({ dimension }, index) => {
    const lines = new Map<string | null, Figures>();
    for (const family of wanted[index]!)
      for (const [value, figures] of results.get(family)!.get(dimension)!)
        lines.set(value, { ...(lines.get(value) ?? {}), ...figures });
    return lines;
  });
}

/** Figures of the staff now (the `staff_*` keys and `agents_available`). */
async function staffFigures(platform: Platform, context: repo.FactContext): Promise<Figures> {
  const rows = await repo.staffNow(platform.reads, context);
  const figures: Figures = { staff_active: rows.reduce((sum, row) => sum + row.count, 0) };
  for (const presence of PRESENCE.values)
    figures[staffPresenceKey(presence)] = rows.find((row) => row.presence === presence)?.count ?? 0;
  figures.agents_available = figures[staffPresenceKey('AVAILABLE')] ?? 0;
  return figures;
}

const needsStaffNow = (keys: readonly string[]) =>
  keys.some((key) => repo.STAFF_NOW_KEYS.has(key) || key === 'agents_available');

/**
 * The figures of `keys` (registry keys) over the query's days and filters, in the caller's
 * data scope: `{key: number | null}`; null where there is nothing to measure (a duration
 * without rows, a percentage of nothing, a metric not recorded yet).
 */
export async function computeMetrics(
  platform: Platform,
  auth: AuthContext,
  query: MetricQuery,
  keys: readonly string[],
): Promise<Figures> {
  const context = await metricContext(platform, auth, query);
  return figuresIn(platform, context, keys);
}

/** computeMetrics for a context already made. */
export async function figuresIn(
  platform: Platform,
  context: repo.FactContext,
  keys: readonly string[],
): Promise<Figures> {
  const [lines] = await figureSets(platform, context, [{ keys }]);
  return lines!.get(null) ?? {};
}

/**
 * The figures of `keys` cut by a dimension: one entry per value found (a day, an hour, a
 * source, a group's id...; null for rows without one). Days and hours are the tenant's.
 */
export async function computeGrouped(
  platform: Platform,
  auth: AuthContext,
  query: MetricQuery,
  keys: readonly string[],
  dimension: ReportDimension,
): Promise<Map<string | null, Figures>> {
  const context = await metricContext(platform, auth, query);
  return groupedIn(platform, context, keys, dimension);
}

export async function groupedIn(
  platform: Platform,
  context: repo.FactContext,
  keys: readonly string[],
  dimension: ReportDimension,
): Promise<Map<string | null, Figures>> {
  const [lines] = await figureSets(platform, context, [{ keys, dimension }]);
  return lines!;
}

/**
 * Several requests' figures at once (a report's tiles, chart and table), each family of rows
 * read once: per request, its lines (one keyed null without a dimension). A request without a
 * dimension also answers the staff-now keys.
 */
export async function figureSets(
  platform: Platform,
  context: repo.FactContext,
  requests: readonly FigureRequest[],
): Promise<Map<string | null, Figures>[]> {
  const [sets, staff] = await Promise.all([
    baseFigures(platform, context, requests),
    requests.some((request) => !request.dimension && needsStaffNow(request.keys))
      ? staffFigures(platform, context)
      : Promise.resolve({} as Figures),
  ]);
  return requests.map(({ keys, dimension }, index) => {
    const lines = sets[index]!;
    const bases = baseKeysOf(keys);
    if (!dimension) {
      const base = lines.get(null) ?? {};
      zeroCounts(bases, base);
      const figures: Figures = {};
      for (const key of keys)
        figures[key] = key in staff ? (staff[key] ?? null) : figureOf(key, base);
      return new Map([[null, figures]]);
    }
    const grouped = new Map<string | null, Figures>();
    for (const [value, base] of lines) {
      zeroCounts(bases, base);
      const figures: Figures = {};
      for (const key of keys) {
        const spec = repo.METRIC_SPECS[key];
        const timeless =
          spec &&
          repo.isBase(spec) &&
          spec.instantOnly &&
          (dimension === 'day' || dimension === 'hour');
        figures[key] = timeless ? null : figureOf(key, base);
      }
      grouped.set(value, figures);
    }
    return grouped;
  });
}

/** The base metrics whose rows a key's drill-down lists. */
export function rowKeysOf(key: string): string[] {
  const spec = repo.METRIC_SPECS[key];
  if (!spec || 'unmeasured' in spec) return [];
  if (repo.isDerived(spec)) return spec.rowsOf.flatMap(rowKeysOf);
  return [key];
}

/** Whether a key can list its rows (a live figure or an unmeasured one cannot). */
export const hasRows = (key: string) => rowKeysOf(key).length > 0;

export async function rowsIn(
  platform: Platform,
  context: repo.FactContext,
  key: string,
  narrow: { dimension: ReportDimension; value: string | null } | undefined,
  page: { offset: number; limit: number },
) {
  return repo.factRows(platform.reads, context, rowKeysOf(key), narrow, page);
}

export const labelsOf = (
  platform: Platform,
  tenantId: string,
  dimension: ReportDimension,
  ids: readonly string[],
) => repo.labelsOf(platform.reads, tenantId, dimension, ids);

/** Every row behind a key's figure, oldest first, a batch at a time (an export). */
export function streamRowsIn(
  platform: Platform,
  context: repo.FactContext,
  key: string,
  onBatch: (rows: repo.FactRow[]) => Promise<void>,
  max: number,
) {
  return repo.streamFactRows(platform.reads, context, rowKeysOf(key), onBatch, { max });
}
