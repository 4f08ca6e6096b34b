/**
 * TEMPORARY. The monitors' range figures (today's, per queue or channel) asked of the reports
 * engine by its signature: `computeMetrics(platform, auth, query, keys)` of
 * `modules/reports/metrics.service.ts`, built on another branch. The merge replaces this file's
 * `computeMetrics` with the engine's (one import line in monitors.service.ts) and `hourlyCounts`
 * with the engine's series by hour; the definitions here follow the registry
 * (`packages/shared/src/reports/metrics.ts`) closely enough for live tiles, not to the letter
 * (first response here is from the ticket's creation; the engine restarts it at a reopen).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CHAT_SOURCES } from '@omnicare/shared/conversations/conversations.schemas';
import {
  SERVICE_LEVEL_DEFAULT,
  SHORT_ABANDON_DEFAULT_SECONDS,
} from '@omnicare/shared/reports/metrics';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import type { Database } from '../../platform/db.js';

export interface MetricsQuery {
  /** Tenant days, yyyy-MM-dd, inclusive. */
  from: string;
  to: string;
  filters?: { queue_id?: string; channel_id?: string; agent_id?: string; group_id?: string };
}
export type MetricValues = Record<string, number | null>;

const chatSources = sql.raw(CHAT_SOURCES.map((source) => `'${source}'`).join(', '));

const CALL_KEYS = new Set([
  'calls_offered',
  'calls_answered',
  'calls_abandoned',
  'service_level_pct',
  'asa_s',
]);

export async function computeMetrics(
  platform: Platform,
  auth: AuthContext,
  query: MetricsQuery,
  keys: readonly string[],
): Promise<MetricValues> {
  const timeZone = await tenantZone(platform.db, auth.tenantId);
  const start = startOfDayIn(query.from, timeZone).toISOString();
  const end = startOfDayIn(query.to, timeZone, true).toISOString();
  const f = query.filters ?? {};
  const out: MetricValues = {};
  const wanted = new Set(keys);
  if (keys.some((key) => CALL_KEYS.has(key))) {
    const queue = f.queue_id ? sql`and c.queue_id = ${f.queue_id}` : sql``;
    const agent = f.agent_id ? sql`and c.agent_id = ${f.agent_id}` : sql``;
    const { rows } = await platform.db.execute<{
      offered: number;
      answered: number;
      abandoned: number;
      short: number;
      within: number;
      asa: number | null;
    }>(sql`select count(*)::int as offered,
        count(*) filter (where c.answered_at is not null)::int as answered,
        count(*) filter (where c.result = 'abandoned')::int as abandoned,
        count(*) filter (where c.result = 'abandoned'
          and c.wait_seconds < ${SHORT_ABANDON_DEFAULT_SECONDS})::int as short,
        count(*) filter (where c.answered_at is not null and extract(epoch from
          c.answered_at - coalesce(c.queued_at, c.started_at)) <= ${SERVICE_LEVEL_DEFAULT.seconds})::int as within,
        avg(greatest(0, extract(epoch from c.answered_at - coalesce(c.queued_at, c.started_at))))
          filter (where c.answered_at is not null)::float8 as asa
      from calls c
      where c.tenant_id = ${auth.tenantId} and c.direction = 'CALL_INBOUND'
        and c.queue_id is not null
        and coalesce(c.queued_at, c.started_at) >= ${start}
        and coalesce(c.queued_at, c.started_at) < ${end} ${queue} ${agent}`);
    const row = rows[0] ?? {
      offered: 0,
      answered: 0,
      abandoned: 0,
      short: 0,
      within: 0,
      asa: null,
    };
    const counted = row.offered - row.short;
    out.calls_offered = row.offered;
    out.calls_answered = row.answered;
    out.calls_abandoned = row.abandoned;
    out.service_level_pct = counted > 0 ? Math.round((row.within / counted) * 1000) / 10 : null;
    out.asa_s = row.asa === null ? null : Math.round(row.asa);
  }
  const channel = (column: SQL) => (f.channel_id ? sql`and ${column} = ${f.channel_id}` : sql``);
  if (wanted.has('messages_in')) {
    const { rows } = await platform.db.execute<{ n: number }>(sql`select count(*)::int as n
      from messages m where m.tenant_id = ${auth.tenantId} and m.author_type = 'customer'
        and m.created_at >= ${start} and m.created_at < ${end} ${channel(sql`m.channel_id`)}`);
    out.messages_in = rows[0]?.n ?? 0;
  }
  if (wanted.has('first_response_median_s')) {
    const { rows } = await platform.db.execute<{ median: number | null }>(sql`select
        percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - t.created_at))::float8 as median
      from tickets t join conversations v on v.ticket_id = t.id
      where t.tenant_id = ${auth.tenantId} and t.source in (${chatSources})
        and t.first_response_at >= ${start} and t.first_response_at < ${end}
        ${channel(sql`v.channel_id`)}`);
    const median = rows[0]?.median ?? null;
    out.first_response_median_s = median === null ? null : Math.round(median);
  }
  return Object.fromEntries(keys.map((key) => [key, out[key] ?? null]));
}

/**
 * Counts per hour of the tenant's day for each day given (24 numbers each), for the daily
 * statistics: calls offered, answered and abandoned, chats and tickets created, messages in.
 */
export async function hourlyCounts(
  db: Database,
  tenantId: string,
  timeZone: string,
  days: readonly string[],
): Promise<Map<string, Record<string, number[]>>> {
  const result = new Map<string, Record<string, number[]>>();
  const empty = () => Array.from({ length: 24 }, () => 0);
  for (const day of days)
    result.set(day, {
      calls_offered: empty(),
      calls_answered: empty(),
      calls_abandoned: empty(),
      chats_created: empty(),
      messages_in: empty(),
      tickets_created: empty(),
    });
  const ranges = days.map((day) => ({
    day,
    start: startOfDayIn(day, timeZone).toISOString(),
    end: startOfDayIn(day, timeZone, true).toISOString(),
  }));
  const dayCase = (column: SQL) =>
    sql.join(
      [
        sql`case`,
        ...ranges.map(
          (range) =>
            sql`when ${column} >= ${range.start} and ${column} < ${range.end} then ${range.day}`,
        ),
        sql`end`,
      ],
      sql` `,
    );
  const within = (column: SQL) =>
    sql`(${sql.join(
      ranges.map((range) => sql`(${column} >= ${range.start} and ${column} < ${range.end})`),
      sql` or `,
    )})`;
  const hour = (column: SQL) => sql`extract(hour from ${column} at time zone ${timeZone})::int`;
  const callAt = sql`coalesce(c.queued_at, c.started_at)`;
  const { rows } = await db.execute<{ day: string; hour: number; key: string; n: number }>(sql`
    select ${dayCase(callAt)} as day, ${hour(callAt)} as hour, k.key, count(*)::int as n
      from calls c cross join lateral (values ('calls_offered'),
        (case when c.answered_at is not null then 'calls_answered' end),
        (case when c.result = 'abandoned' then 'calls_abandoned' end)) as k(key)
      where c.tenant_id = ${tenantId} and c.direction = 'CALL_INBOUND' and c.queue_id is not null
        and k.key is not null and ${within(callAt)}
      group by 1, 2, 3
    union all
    select ${dayCase(sql`t.created_at`)}, ${hour(sql`t.created_at`)},
        case when t.source in (${chatSources}) then 'chats_created' else 'tickets_created' end, count(*)::int
      from tickets t where t.tenant_id = ${tenantId} and ${within(sql`t.created_at`)}
      group by 1, 2, 3
    union all
    select ${dayCase(sql`m.created_at`)}, ${hour(sql`m.created_at`)}, 'messages_in', count(*)::int
      from messages m where m.tenant_id = ${tenantId} and m.author_type = 'customer'
        and ${within(sql`m.created_at`)}
      group by 1, 2, 3`);
  for (const row of rows) {
    const series = result.get(row.day)?.[row.key];
    if (series && row.hour >= 0 && row.hour < 24) series[row.hour] = row.n;
  }
  // Every ticket counts in tickets_created, chats included (the registry: "mọi nguồn").
  for (const series of result.values())
    series.tickets_created = series.tickets_created!.map(
      (n, index) => n + (series.chats_created?.[index] ?? 0),
    );
  return result;
}

async function tenantZone(db: Database, tenantId: string): Promise<string> {
  const { rows } = await db.execute<{ time_zone: string }>(
    sql`select time_zone from tenants where id = ${tenantId}`,
  );
  return rows[0]?.time_zone ?? 'Asia/Bangkok';
}
