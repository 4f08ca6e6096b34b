import { sql, type SQL } from 'drizzle-orm';
import { isChatSource } from '@omnicare/shared/conversations/conversations.schemas';
import { CALL_CAPACITY } from '@omnicare/shared/routing/routing-rules';
import {
  DAILY_METRICS,
  MONITOR_MESSAGES,
  type DailyDay,
  type MonitorAgent,
  type MonitorChannel,
  type MonitorRow,
  type MonitorRows,
  type MonitorRowsQuery,
  type MonitorSnapshot,
} from '@omnicare/shared/monitors/monitors.schemas';
import { metricOf } from '@omnicare/shared/reports/metrics';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import { PRESENCE, SELECTABLE_PRESENCES, type Presence } from '@omnicare/shared/users/presence';
import { mayActOn } from '@omnicare/shared/users/roles';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { fieldError, forbidden, notFound } from '../../platform/errors.js';
import { dataScopeOf, scopeCondition, type ScopeContext } from '../../platform/data-scope.js';
import { calls } from '../../db/schema/telephony.js';
import { users } from '../../db/schema/users.js';
import { ticketScope } from '../tickets/ticket-queries.js';
import { writeAudit } from '../audit/audit.service.js';
import { getChatConfig } from '../conversations/chat-config.service.js';
import { findTenant } from '../tenants/tenants.service.js';
import { changePresence } from '../users/presence.service.js';
import { endAgentWrapUp as endWrapUpOf, wrapUpViewOf } from '../telephony/wrap-up.service.js';
// The merge replaces this import with the reports engine's (modules/reports/metrics.service.ts).
import { computeGrouped, computeMetrics } from '../reports/metrics.service.js';
import * as repo from './monitors.repository.js';

/** The snapshot's parts, each recomputed only when what it shows changed. */
export const SNAPSHOT_PARTS = ['agents', 'queues', 'calls', 'channels', 'daily'] as const;
export type SnapshotPart = (typeof SNAPSHOT_PARTS)[number];
export type SnapshotParts = Pick<
  MonitorSnapshot,
  'agents' | 'departments' | 'queues' | 'calls' | 'channels' | 'daily'
>;

/** Today, yesterday and the same day last week in a time zone (yyyy-MM-dd). */
export function monitorDays(timeZone: string, now = new Date()) {
  const dayOf = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(date);
  const today = dayOf(now);
  // Noon of the day, minus whole days, stays in the right day whatever the offset.
  const noon = new Date(`${today}T12:00:00Z`);
  const back = (days: number) =>
    new Date(noon.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  return { today, yesterday: back(1), last_week: back(7) };
}

export interface TenantFrame {
  tenantId: string;
  timeZone: string;
  /**
   * Who the figures are computed as: a watcher of the tenant with the whole tenant in scope, or
   * (a narrower scope's own figures) one of that scope's callers.
   */
  auth: AuthContext;
}

export async function frameOf(platform: Platform, auth: AuthContext): Promise<TenantFrame> {
  const tenant = await findTenant(platform.db, auth.tenantId);
  if (!tenant) throw notFound('Không tìm thấy tenant');
  return {
    tenantId: auth.tenantId,
    timeZone: tenant.timeZone,
    auth: { ...auth, dataScope: 'all' },
  };
}

/** The parts whose figures depend on the data scope (the others are filtered in memory). */
export const SCOPED_PARTS: readonly SnapshotPart[] = ['queues', 'channels', 'daily'];

/** The caller's data scope as conditions on the records the live figures count. */
function seenBy(auth: AuthContext) {
  const scope = dataScopeOf(auth);
  return {
    tickets: ticketScope(auth),
    calls: scopeCondition(scope, { owner: calls.agentId }),
    staff: scopeCondition(scope, { owner: users.id, organization: users.organizationId }),
  };
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Computes the parts asked for (the others are left out). */
export async function computeParts(
  platform: Platform,
  frame: TenantFrame,
  parts: ReadonlySet<SnapshotPart>,
): Promise<Partial<SnapshotParts>> {
  const { db } = platform;
  const seen = seenBy(frame.auth);
  const days = monitorDays(frame.timeZone);
  const today = { from: days.today, to: days.today };
  const out: Partial<SnapshotParts> = {};
  const work: Promise<void>[] = [];
  if (parts.has('agents'))
    work.push(
      (async () => {
        const start = startOfDayIn(days.today, frame.timeZone);
        const end = startOfDayIn(days.today, frame.timeZone, true);
        const [rows, handled, departments, chat] = await Promise.all([
          repo.agents(db, frame.tenantId),
          repo.handledBetween(db, frame.tenantId, start, end),
          repo.departments(db, frame.tenantId),
          getChatConfig(db, frame.tenantId),
        ]);
        out.departments = departments.map((row) => ({ _id: row.id, name: row.name }));
        out.agents = rows.map((row): MonitorAgent => ({
          _id: row.id,
          name: row.name,
          agent_id: row.agent_id,
          role: row.role,
          avatar_url: row.avatar_url,
          presence: row.presence as Presence,
          presence_changed_at: iso(row.presence_changed_at),
          department_ids: row.department_ids ?? [],
          organization_id: row.organization_id,
          calls_now: row.calls_now,
          call_capacity: CALL_CAPACITY,
          chats_now: row.chats_now,
          chat_capacity: chat.max_chats_per_agent ?? null,
          handled_today: handled.get(row.id) ?? 0,
          current_call:
            row.call_id && row.call_status && row.call_since
              ? { _id: row.call_id, status: row.call_status, since: iso(row.call_since)! }
              : null,
          wrap_up:
            row.wrap_up_call_id && row.wrap_up_since && row.wrap_up_until
              ? wrapUpViewOf({
                  id: row.wrap_up_call_id,
                  endedAt: new Date(row.wrap_up_since),
                  acwUntil: new Date(row.wrap_up_until),
                })
              : null,
        }));
      })(),
    );
  if (parts.has('queues'))
    work.push(
      (async () => {
        const queues = await repo.queuesNow(db, frame.tenantId, seen.staff);
        const keys = ['service_level_pct', 'asa_s', 'calls_answered', 'calls_abandoned'];
        const now = Date.now();
        const waitOf = (oldest: Date | null) =>
          oldest === null
            ? null
            : Math.max(0, Math.round((now - new Date(oldest).getTime()) / 1000));
        const figures = await Promise.all([
          computeMetrics(platform, frame.auth, today, keys),
          ...queues.map((queue) =>
            computeMetrics(
              platform,
              frame.auth,
              { ...today, filters: { queue_id: queue.id } },
              keys,
            ),
          ),
        ]);
        const count = (value: number | null | undefined) => value ?? 0;
        const rows = queues.map((queue, index) => {
          const metrics = figures[index + 1]!;
          return {
            _id: queue.id,
            name: queue.name,
            oldest_queued_at: iso(queue.oldest_queued_at),
            metrics: {
              waiting_now: queue.waiting,
              longest_wait_s: waitOf(queue.oldest_queued_at),
              service_level_pct: metrics.service_level_pct ?? null,
              asa_s: metrics.asa_s ?? null,
              calls_answered: count(metrics.calls_answered),
              calls_abandoned: count(metrics.calls_abandoned),
              agents_available: queue.available,
            },
          };
        });
        const all = figures[0]!;
        const oldest = queues
          .map((queue) => queue.oldest_queued_at)
          .filter((at): at is Date => at !== null)
          .sort((a, b) => new Date(a).getTime() - new Date(b).getTime())[0];
        const available = await repo.availableMembers(db, frame.tenantId, undefined, seen.staff);
        out.queues = [
          {
            _id: null,
            name: 'Tất cả hàng chờ',
            oldest_queued_at: iso(oldest ?? null),
            metrics: {
              waiting_now: queues.reduce((sum, queue) => sum + queue.waiting, 0),
              longest_wait_s: waitOf(oldest ?? null),
              service_level_pct: all.service_level_pct ?? null,
              asa_s: all.asa_s ?? null,
              calls_answered: count(all.calls_answered),
              calls_abandoned: count(all.calls_abandoned),
              agents_available: available.length,
            },
          },
          ...rows,
        ];
      })(),
    );
  if (parts.has('calls'))
    work.push(
      (async () => {
        out.calls = (await repo.liveCalls(db, frame.tenantId)).map((row) => {
          const inbound = row.direction === 'CALL_INBOUND';
          return {
            _id: row.id,
            direction: row.direction,
            caller: (inbound ? row.from_number : row.to_number) || '',
            callee: (inbound ? row.to_number : row.from_number) || '',
            customer_name: row.customer_name,
            queue: row.queue_id ? { _id: row.queue_id, name: row.queue_name ?? '' } : null,
            agent: row.agent_id ? { _id: row.agent_id, name: row.agent_name ?? '' } : null,
            status: row.status,
            started_at: iso(row.started_at)!,
            queued_at: iso(row.queued_at),
            answered_at: iso(row.answered_at),
            held_since: iso(row.held_since),
            ended_at: iso(row.ended_at),
            wrap_up_until: iso(row.acw_until),
            ticket_id: row.ticket_id,
          };
        });
      })(),
    );
  if (parts.has('channels'))
    work.push(
      (async () => {
        const channels = await repo.channelsNow(db, frame.tenantId, seen.tickets);
        const keys = ['first_response_median_s', 'messages_in'];
        const figures = await Promise.all(
          channels.map((channel) =>
            computeMetrics(
              platform,
              frame.auth,
              { ...today, filters: { channel_id: channel.id } },
              keys,
            ),
          ),
        );
        out.channels = channels.map((channel, index): MonitorChannel => ({
          _id: channel.id,
          name: channel.name,
          kind: channel.kind,
          status: channel.status,
          status_reason: channel.status_reason,
          oldest_waiting_since: iso(channel.oldest_waiting_since),
          metrics: {
            conversations_waiting: channel.waiting,
            first_response_median_s: figures[index]?.first_response_median_s ?? null,
            conversations_unassigned: channel.unassigned,
            messages_in: figures[index]?.messages_in ?? 0,
          },
        }));
      })(),
    );
  if (parts.has('daily'))
    work.push(
      (async () => {
        // Hour by hour, each day by the reports engine (the same figures as /report/summary).
        const hourly = await Promise.all(
          [days.today, days.yesterday, days.last_week].map(async (day) => {
            const grouped = await computeGrouped(
              platform,
              frame.auth,
              { from: day, to: day },
              DAILY_METRICS,
              'hour',
            );
            const series = Object.fromEntries(
              DAILY_METRICS.map((key) => [
                key,
                Array.from(
                  { length: 24 },
                  (_, hour) => grouped.get(String(hour).padStart(2, '0'))?.[key] ?? 0,
                ),
              ]),
            );
            return [day, series] as const;
          }),
        );
        const counts = new Map(hourly);
        const zero = () => Array.from({ length: 24 }, () => 0);
        out.daily = {
          days,
          series: DAILY_METRICS.map((key) => ({
            key,
            today: counts.get(days.today)?.[key] ?? zero(),
            yesterday: counts.get(days.yesterday)?.[key] ?? zero(),
            last_week: counts.get(days.last_week)?.[key] ?? zero(),
          })),
        };
      })(),
    );
  await Promise.all(work);
  return out;
}

/** The key of a data scope: callers of one key see the same snapshot. */
export function scopeKeyOf(scope: ScopeContext): string {
  switch (scope.scope) {
    case 'all':
      return 'all';
    case 'my_organization':
      return scope.organizationId ? `org:${scope.organizationId}` : `me:${scope.userId}`;
    case 'my_group':
      return scope.groupIds.length > 0
        ? `group:${[...scope.groupIds].sort().join(',')}`
        : `me:${scope.userId}`;
    case 'me':
      return `me:${scope.userId}`;
  }
}

/**
 * The snapshot as a data scope sees it: the agents it covers (and the calls they hold; calls
 * waiting for nobody yet stay). Queues, channels and the day's statistics are the tenant's.
 */
export function scopedSnapshot(snapshot: MonitorSnapshot, scope: ScopeContext): MonitorSnapshot {
  if (scope.scope === 'all') return snapshot;
  const covers = (agent: MonitorAgent) => {
    if (agent._id === scope.userId) return true;
    switch (scope.scope) {
      case 'my_organization':
        return scope.organizationId !== null && agent.organization_id === scope.organizationId;
      case 'my_group':
        return agent.department_ids.some((id) => scope.groupIds.includes(id));
      default:
        return false;
    }
  };
  const agents = snapshot.agents.filter(covers);
  const visible = new Set(agents.map((agent) => agent._id));
  return {
    ...snapshot,
    agents,
    calls: snapshot.calls.filter((call) => !call.agent || visible.has(call.agent._id)),
  };
}

// ---- presence from the agents monitor

/**
 * A supervisor (or administrator) sets an agent's presence: never on an account with more power
 * than their own; audited; pushed live like the agent's own change.
 */
/**
 * A staff member a supervisor acts on from the agents monitor: one their data scope covers (as
 * the monitor lists them; 404 otherwise) and whom their role may act on (403).
 */
async function staffActedOn(platform: Platform, auth: AuthContext, userId: string) {
  const scope = scopeCondition(dataScopeOf(auth), {
    owner: users.id,
    organization: users.organizationId,
  });
  const user = await repo.staffMember(platform.db, auth.tenantId, userId, scope);
  if (!user) throw notFound(MONITOR_MESSAGES.agentNotFound);
  if (!mayActOn(auth, { role: user.role, isAdmin: user.is_admin })) throw forbidden();
  return user;
}

export async function setAgentPresence(
  platform: Platform,
  auth: AuthContext,
  userId: string,
  presence: Presence,
) {
  const user = await staffActedOn(platform, auth, userId);
  if (!SELECTABLE_PRESENCES.includes(presence))
    throw fieldError('presence', 'Trạng thái không hợp lệ');
  await changePresence(platform, auth.tenantId, userId, presence);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'presence',
    entity: 'user',
    entityId: userId,
    before: { presence: user.presence },
    after: { presence },
  });
  return { _id: userId, presence };
}

/**
 * POST /v2/monitors/agents/{id}/wrap-up/end: a supervisor ends an agent's after-call work (the
 * agent takes calls again at once), audited. Nothing running (it ended meanwhile): `ended` 0.
 */
export async function endAgentWrapUp(platform: Platform, auth: AuthContext, userId: string) {
  await staffActedOn(platform, auth, userId);
  const ended = await endWrapUpOf(platform, auth.tenantId, userId);
  if (ended > 0)
    await writeAudit(platform.db, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'wrap_up_end',
      entity: 'user',
      entityId: userId,
      before: { wrap_up: true },
      after: { wrap_up: false },
    });
  return { _id: userId, ended };
}

// ---- drill-down: the rows behind a figure

const ROW_LIMIT = 200;

const CALL_STATUS_LABEL: Record<string, string> = {
  QUEUEING: 'Đang chờ trong hàng chờ',
  RINGING: 'Đang đổ chuông',
  ANSWERING: 'Đang đàm thoại',
  MUTING: 'Đã tắt micro',
  HOLDING: 'Đang giữ máy',
  DIALING: 'Đang gọi đi',
  ENDED: 'Đã kết thúc',
  FAILED: 'Cuộc gọi lỗi',
};

const CALL_RESULT_LABEL: Record<string, string> = {
  answered: 'Đã trả lời',
  abandoned: 'Khách bỏ',
  missed: 'Nhỡ',
  busy: 'Máy bận',
  failed: 'Lỗi',
};

export async function monitorRows(
  platform: Platform,
  auth: AuthContext,
  query: MonitorRowsQuery,
): Promise<MonitorRows> {
  if (!metricOf(query.key)) throw fieldError('key', MONITOR_MESSAGES.unknownMetric);
  const frame = await frameOf(platform, auth);
  const days = monitorDays(frame.timeZone);
  const day = days[(query.day ?? 'today') as DailyDay];
  let start = startOfDayIn(day, frame.timeZone);
  let end = startOfDayIn(day, frame.timeZone, true);
  if (query.hour !== undefined) {
    start = new Date(start.getTime() + query.hour * 3_600_000);
    end = new Date(start.getTime() + 3_600_000);
  }
  const from = start.toISOString();
  const to = end.toISOString();
  const { liveCall, withAgent, chatSources } = repo.callConditions;
  const tenantId = auth.tenantId;
  const db = platform.db;
  const take = ROW_LIMIT + 1;

  // The rows a figure opens are records: only those the caller's data scope shows (the same
  // conditions as the reports'). Calls waiting now for nobody are everyone's, as on the screen.
  const { tickets: ticketsSeen, calls: callsSeen, staff: staffSeen } = seenBy(auth);
  const callRows = async (where: SQL, { waiting = false } = {}) =>
    (await repo.callRows(db, tenantId, where, waiting ? undefined : callsSeen, take)).map(
      (row): MonitorRow => ({
        kind: 'call',
        _id: row.id,
        title: row.customer_name ? `${row.customer_name} · ${row.from_number}` : row.from_number,
        detail: [
          row.queue_name,
          row.agent_name,
          row.result
            ? (CALL_RESULT_LABEL[row.result] ?? row.result)
            : (CALL_STATUS_LABEL[row.status] ?? row.status),
        ]
          .filter(Boolean)
          .join(' · '),
        at: iso(row.at),
        href: row.ticket_id ? `/tickets/${row.ticket_id}` : '/switchboard/call-history',
      }),
    );
  const ticketRows = async (where: SQL, at: SQL) =>
    (await repo.ticketRows(db, tenantId, where, at, ticketsSeen, take)).map((row): MonitorRow => {
      const chat = isChatSource(row.source);
      return {
        kind: chat ? 'conversation' : 'ticket',
        _id: row.id,
        title: `${row.number ? `#${row.number} ` : ''}${row.subject}`,
        detail: [row.assignee_name ?? 'Chưa phân công', row.status].join(' · '),
        at: iso(row.at),
        href: chat ? `/chat/${row.id}` : `/tickets/${row.id}`,
      };
    });
  const queueOf = query.queue_id ? sql`and c.queue_id = ${query.queue_id}` : sql``;
  const agentOf = query.user_id ? sql`and c.agent_id = ${query.user_id}` : sql``;
  const channelOf = query.channel_id ? sql`and v.channel_id = ${query.channel_id}` : sql``;
  const offered = sql`c.direction = 'CALL_INBOUND' and c.queue_id is not null
    and coalesce(c.queued_at, c.started_at) >= ${from} and coalesce(c.queued_at, c.started_at) < ${to}
    ${queueOf} ${agentOf}`;
  const openChat = sql`t.status in ('new', 'open', 'pending') and t.source in (${chatSources})`;

  let rows: MonitorRow[];
  switch (query.key) {
    case 'waiting_now':
    case 'longest_wait_s':
      rows = await callRows(sql`${liveCall} and c.status = 'QUEUEING' ${queueOf}`, {
        waiting: true,
      });
      break;
    case 'calls_in_progress':
      rows = await callRows(sql`${liveCall} and ${withAgent} ${queueOf} ${agentOf}`);
      break;
    case 'calls_offered':
    case 'service_level_pct':
      rows = await callRows(offered);
      break;
    case 'calls_answered':
    case 'asa_s':
      rows = await callRows(sql`${offered} and c.answered_at is not null`);
      break;
    case 'calls_abandoned':
      rows = await callRows(sql`${offered} and c.result = 'abandoned'`);
      break;
    case 'agents_available': {
      const members = await repo.availableMembers(db, tenantId, query.queue_id, staffSeen);
      rows = members.map((member) => ({
        kind: 'agent',
        _id: member.id,
        title: member.name,
        detail: PRESENCE.label(member.presence as Presence),
        at: iso(member.presence_changed_at),
        href: null,
      }));
      break;
    }
    case 'conversations_waiting':
      rows = await ticketRows(
        sql`${openChat} and v.waiting_since is not null ${channelOf}`,
        sql`v.waiting_since`,
      );
      break;
    case 'conversations_unassigned':
      rows = await ticketRows(
        sql`${openChat} and t.assignee_id is null ${channelOf}`,
        sql`v.last_message_at`,
      );
      break;
    case 'chats_open_now':
      rows = await ticketRows(
        sql`${openChat} ${query.user_id ? sql`and t.assignee_id = ${query.user_id}` : sql``}`,
        sql`v.last_message_at`,
      );
      break;
    case 'messages_in':
      rows = await ticketRows(
        sql`exists (select 1 from messages m where m.ticket_id = t.id and m.author_type = 'customer'
          and m.created_at >= ${from} and m.created_at < ${to}
          ${query.channel_id ? sql`and m.channel_id = ${query.channel_id}` : sql``})`,
        sql`v.last_message_at`,
      );
      break;
    case 'first_response_median_s':
      rows = await ticketRows(
        sql`t.source in (${chatSources}) and t.first_response_at >= ${from} and t.first_response_at < ${to} ${channelOf}`,
        sql`t.first_response_at`,
      );
      break;
    case 'chats_created':
      rows = await ticketRows(
        sql`t.source in (${chatSources}) and t.created_at >= ${from} and t.created_at < ${to}`,
        sql`t.created_at`,
      );
      break;
    case 'tickets_created':
      rows = await ticketRows(
        sql`t.created_at >= ${from} and t.created_at < ${to}`,
        sql`t.created_at`,
      );
      break;
    case 'handled': {
      if (!query.user_id) throw fieldError('user_id', MONITOR_MESSAGES.agentNotFound);
      const user = query.user_id;
      const [answered, worked] = await Promise.all([
        callRows(sql`c.agent_id = ${user} and c.answered_at >= ${from} and c.answered_at < ${to}`),
        ticketRows(
          sql`((t.source in (${chatSources}) and exists (select 1 from messages m where m.ticket_id = t.id
              and m.author_user_id = ${user} and m.author_type = 'user' and m.public
              and m.created_at >= ${from} and m.created_at < ${to}))
            or (t.source not in (${chatSources}) and t.assignee_id = ${user}
              and t.solved_at >= ${from} and t.solved_at < ${to}))`,
          sql`t.updated_at`,
        ),
      ]);
      rows = [...answered, ...worked];
      break;
    }
    default:
      throw fieldError('key', MONITOR_MESSAGES.unknownMetric);
  }
  return { key: query.key, rows: rows.slice(0, ROW_LIMIT), truncated: rows.length > ROW_LIMIT };
}
