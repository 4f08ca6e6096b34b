import type { SQL } from 'drizzle-orm';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import {
  auditVia,
  auditViaLabel,
  type ActivityEntry,
} from '@omnicare/shared/audit/activity.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { checkCustomFilters } from '@omnicare/shared/fields/custom-filters';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import { formatTicketCode, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import {
  SLA_DUE_SOON_MINUTES,
  TICKET_MESSAGES,
  type TicketDetail,
  type TicketFilterBody,
  type TicketListItem,
  type TicketListQuery,
  type TicketViewCount,
  type TicketViewCountsBody,
  TICKET_VIEW_COUNT_CAP,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database, Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf } from '../../platform/data-scope.js';
import { AppError, notFound } from '../../platform/errors.js';
import { listAudit } from '../audit/audit.service.js';
import { listFields } from '../fields/fields.service.js';
import { ticketActivity, type TicketSnapshot } from './ticket-activity.js';
import * as repo from './tickets.repository.js';
import { getView } from '../smart-views/smart-views.service.js';

/*
 * Reading tickets: the list and its filters, the view counts, one ticket as the caller may see
 * it, its activity log, and the views every ticket answer is shaped by (`toDetail`).
 */

type Db = Database | Transaction;

/** The caller's data scope as a condition on tickets (see `ticketScopeCondition`). */
export const ticketScope = (auth: AuthContext): SQL | undefined =>
  repo.ticketScopeCondition(dataScopeOf(auth));

const named = (id: string | null, name: string | null | undefined) =>
  id ? { _id: id, name: name ?? '' } : null;
const iso = (value: Date | null) => value?.toISOString() ?? null;

function toListItem(row: repo.TicketListRow): TicketListItem {
  const { ticket } = row;
  return {
    _id: ticket.id,
    code: formatTicketCode(ticket.number),
    number: ticket.number,
    subject: ticket.subject,
    status: ticket.status as TicketStatus,
    priority:
      ticket.priorityId && row.priority
        ? { _id: ticket.priorityId, name: row.priority.name, color: row.priority.color }
        : null,
    type: named(ticket.typeId, row.typeName),
    service: named(ticket.serviceId, row.serviceName),
    group: named(ticket.groupId, row.groupName),
    requester: named(ticket.requesterId, row.requesterName),
    assignee: named(ticket.assigneeId, row.assigneeName),
    source: ticket.source,
    tags: row.tags,
    due_at: iso(ticket.dueAt),
    sla_due_at: iso(ticket.slaDueAt),
    sla_breached_at: iso(ticket.slaBreachedAt),
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
  };
}

export function toDetail(row: repo.TicketDetailRow): TicketDetail {
  const { ticket } = row;
  return {
    ...toListItem(row),
    description: ticket.description,
    organization: named(ticket.organizationId, row.organizationName),
    followers: row.followers,
    cc: ticket.cc,
    custom: ticket.custom,
    created_by: named(ticket.createdBy, row.createdByName),
    updated_by: named(ticket.updatedBy, row.updatedByName),
    first_response_at: iso(ticket.firstResponseAt),
    solved_at: iso(ticket.solvedAt),
    closed_at: iso(ticket.closedAt),
    reopen_count: ticket.reopenCount,
    reply_count: ticket.replyCount,
    merged_into:
      ticket.mergedIntoId && row.mergedIntoNumber
        ? {
            _id: ticket.mergedIntoId,
            code: formatTicketCode(row.mergedIntoNumber),
            number: row.mergedIntoNumber,
          }
        : null,
  };
}

export const refOf = (ref: string | RecordRef): RecordRef =>
  typeof ref === 'string' ? { id: ref } : ref;

/**
 * A ticket the caller may see (tenant and data scope), by id or number: 404 'Không tìm thấy
 * ticket' otherwise, another tenant's included. Other ticket modules (comments, merge) start here.
 */
export async function getVisibleTicket(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
): Promise<TicketDetail> {
  const row = await repo.findTicket(platform.db, auth.tenantId, refOf(ref), ticketScope(auth));
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return toDetail(row);
}

/** The stored row of a ticket the caller may see (for the conversation and merge services). */
export async function getVisibleTicketRow(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
) {
  const row = await repo.findTicket(platform.db, auth.tenantId, refOf(ref), ticketScope(auth));
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row.ticket;
}

/** GET /v2/tickets/{id}. */
export const getTicket = getVisibleTicket;

/** A search: '#123' or '123' also finds that code; a text of no letter or digit finds nothing. */
function searchOf(text: string | undefined): repo.TicketSearch | 'nothing' | undefined {
  if (!text?.trim()) return undefined;
  const key = toSearchKey(text);
  if (!/[\p{L}\p{N}]/u.test(key)) return 'nothing';
  const code = /^#?(\d{1,9})$/.exec(text.trim());
  return { key: key.replace(/^#/, ''), number: code ? Number(code[1]) : undefined };
}

/**
 * Custom field filters checked against the tenant's ticket fields. The query's own are refused
 * with a 422 on a problem; a view's (`lenient`) keep only what still applies (a field or an option
 * removed since the view was saved drops that part instead of failing the view).
 */
async function customFilterOf(
  platform: Platform,
  tenantId: string,
  custom: Record<string, unknown> | undefined,
  { param = 'custom', lenient = false }: { param?: string; lenient?: boolean } = {},
) {
  if (!custom || Object.keys(custom).length === 0) return [];
  const checked = checkCustomFilters(await listFields(platform, tenantId, 'ticket'), custom, param);
  if (checked.problems.length > 0 && !lenient)
    throw new AppError(422, checked.problems[0]?.message, checked.problems);
  return checked.conditions;
}

export async function toFilter(
  platform: Platform,
  auth: AuthContext,
  query: TicketFilterBody,
  customParam = 'custom',
): Promise<repo.TicketFilter | 'nothing'> {
  // A smart view adds its own conditions (and its custom fields); its search, SLA and dates
  // apply where the query has none.
  const view = query.smart_view_id
    ? (await getView(platform, auth, query.smart_view_id)).filters
    : undefined;
  const search = searchOf(query.search ?? view?.search);
  if (search === 'nothing') return 'nothing';
  const createdFrom = query.created_from ?? view?.created_from;
  const createdTo = query.created_to ?? view?.created_to;
  const updatedFrom = query.updated_from ?? view?.updated_from;
  const updatedTo = query.updated_to ?? view?.updated_to;
  const custom = [
    ...(await customFilterOf(platform, auth.tenantId, query.custom, { param: customParam })),
    ...(await customFilterOf(platform, auth.tenantId, view?.custom, { lenient: true })),
  ];
  return {
    search,
    statuses: query.status,
    priorityIds: query.priority_id,
    typeIds: query.type_id,
    serviceIds: query.service_id,
    groupIds: query.group_id,
    assigneeIds: query.assignee_id?.map((id) =>
      id === 'me' ? auth.userId : id === 'none' ? null : id,
    ),
    requesterId: query.requester_id,
    sources: query.source,
    tagIds: query.tag,
    sla: query.sla ?? view?.sla,
    slaSoonBefore: new Date(Date.now() + SLA_DUE_SOON_MINUTES * 60_000),
    createdFrom: createdFrom ? startOfDayIn(createdFrom) : undefined,
    createdBefore: createdTo ? startOfDayIn(createdTo, undefined, true) : undefined,
    updatedFrom: updatedFrom ? startOfDayIn(updatedFrom) : undefined,
    updatedBefore: updatedTo ? startOfDayIn(updatedTo, undefined, true) : undefined,
    custom: custom.length > 0 ? custom : undefined,
    view: view ? repo.smartViewConditions(auth.tenantId, view, auth.userId) : undefined,
    scope: ticketScope(auth),
  };
}

/** GET /v2/tickets (with `smart_view_id`, within that view: the caller's own or a shared one). */
export async function listTickets(platform: Platform, auth: AuthContext, query: TicketListQuery) {
  const filter = await toFilter(platform, auth, query);
  if (filter === 'nothing') return { data: [], total: 0, capped: false };
  const { rows, total, capped } = await repo.listTickets(
    platform.db,
    auth.tenantId,
    filter,
    { sort: query.sort, offset: (query.page - 1) * query.page_size, limit: query.page_size },
    {
      memo: platform.memo,
      priorityIds:
        query.sort.key === 'priority'
          ? [...(await ticketConfig(platform, platform.db, auth.tenantId)).priority.keys()]
          : undefined,
    },
  );
  return {
    data: rows.map(toListItem),
    total,
    capped,
  };
}

/**
 * POST /v2/tickets/view-counts: each view's count for the caller, in the order asked; a saved
 * view they may no longer see (deleted, unshared meanwhile) is left out.
 */
export async function countTicketViews(
  platform: Platform,
  auth: AuthContext,
  body: TicketViewCountsBody,
): Promise<TicketViewCount[]> {
  const counts = await Promise.all(
    body.views.map(async ({ id, filter }, index) => {
      let found: Awaited<ReturnType<typeof toFilter>>;
      try {
        found = await toFilter(platform, auth, filter, `views.${index}.filter.custom`);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
      if (found === 'nothing') return { id, count: 0, capped: false };
      const counted = await repo.countTickets(
        platform.db,
        auth.tenantId,
        found,
        TICKET_VIEW_COUNT_CAP,
        platform.memo,
      );
      return { id, ...counted };
    }),
  );
  return counts.filter((count) => count !== null);
}

/** The tenant's priorities, types and services: remembered until they change ('ticket_config'). */
export const ticketConfig = (platform: Platform, db: Db, tenantId: string) =>
  platform.memo.remember('ticket_config', tenantId, 'refs', () => repo.configRefs(db, tenantId));

/** A ticket read back after a write (past any scope): its row, or 404 when it is gone. */
export async function readTicketRow(db: Db, tenantId: string, id: string) {
  const row = await repo.findTicket(db, tenantId, { id });
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row;
}

export async function readTicket(db: Db, tenantId: string, id: string) {
  return toDetail(await readTicketRow(db, tenantId, id));
}

/** GET /v2/tickets/{id}/activities: every change, newest first, field by field. */
const viaView = (stored: unknown) => {
  const via = auditVia.safeParse(stored);
  return via.success ? { ...via.data, label: auditViaLabel(via.data) } : null;
};

export async function ticketActivities(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
  page: { page: number; page_size: number },
): Promise<{ data: ActivityEntry[]; total: number }> {
  const ticket = await getVisibleTicket(platform, auth, ref);
  const { rows, total } = await listAudit(platform.db, auth.tenantId, {
    entity: 'ticket',
    entityId: ticket._id,
    offset: (page.page - 1) * page.page_size,
    limit: page.page_size,
  });
  const fields = rows.some(({ entry }) => entry.action === 'update')
    ? await listFields(platform, auth.tenantId, 'ticket')
    : [];
  return {
    data: rows.map(({ entry, actorName }) => ({
      _id: entry.id,
      kind: `ticket.${entry.action}`,
      actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
      at: entry.createdAt.toISOString(),
      via: viaView(entry.via),
      ...ticketActivity(
        entry.before as Partial<TicketSnapshot> | null,
        entry.after as Partial<TicketSnapshot> | null,
        fields,
      ),
    })),
    total,
  };
}

/** Customers among these who are the requester of a ticket (they are not deleted). */
export const customersWithTickets = (db: Db, tenantId: string, customerIds: string[]) =>
  repo.requestersWithTickets(db, tenantId, customerIds);

/** The facts one ticket's visibility depends on, for `ticketVisibleTo` (live pushes). */
export const ticketVisibilityFacts = (platform: Platform, tenantId: string, id: string) =>
  repo.visibilityFacts(platform.db, tenantId, id);
export {
  ticketVisibleTo,
  // The same facts as columns, for a query that reads a ticket's row with more (a conversation's).
  visibilityFactColumns,
  type TicketVisibilityFacts,
} from './tickets.repository.js';
