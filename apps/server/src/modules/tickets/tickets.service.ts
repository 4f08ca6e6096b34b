import { tenantFeatures } from '@omnicare/shared/tenants/features';
import type { SQL } from 'drizzle-orm';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import {
  auditVia,
  auditViaLabel,
  SYSTEM_ACTOR_NAME,
  type ActivityEntry,
  type AuditVia,
} from '@omnicare/shared/audit/activity.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { checkCustomFilters } from '@omnicare/shared/fields/custom-filters';
import { customValuesToStore, validateCustomValues } from '@omnicare/shared/fields/fields.schemas';
import { startOfDayIn } from '@omnicare/shared/platform/time';
import { can } from '@omnicare/shared/users/permissions';
import {
  formatTicketCode,
  isUnsolved,
  type TicketStatus,
} from '@omnicare/shared/tickets/ticket-enums';
import {
  SLA_DUE_SOON_MINUTES,
  TICKET_BULK_MAX,
  TICKET_BULK_MESSAGES,
  TICKET_MESSAGES,
  type TicketBody,
  type TicketBulkBody,
  type TicketBulkItem,
  type TicketDetail,
  type TicketFilterBody,
  type TicketListItem,
  type TicketListQuery,
  type TicketUpdateBody,
  type TicketViewCount,
  type TicketViewCountsBody,
  TICKET_VIEW_COUNT_CAP,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database, Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf } from '../../platform/data-scope.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import {
  appendEvent,
  appendEventIfWritten,
  appendEvents,
  type DeliveredEvent,
  type DomainEvent,
} from '../../platform/outbox.js';
import { createBatcher } from '../../platform/batcher.js';
import { firstBreach, refreshTicketSla, slaChange, slaWritten } from './ticket-sla.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import {
  auditInsert,
  auditInserts,
  listAudit,
  writeAudit,
  type AuditInput,
} from '../audit/audit.service.js';
import { listFields } from '../fields/fields.service.js';
import { autoAssignTicket, handOutQueuesOf } from './ticket-assignment.js';
import {
  snapshotOf,
  snapshotChanges,
  eventChanges,
  ticketActivity,
  type TicketSnapshot,
  customerTimelineTicket,
} from './ticket-activity.js';
import * as repo from './tickets.repository.js';
import { getView } from '../smart-views/smart-views.service.js';
import { getTenantConfig } from '../tenants/tenants.service.js';

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

function toDetail(row: repo.TicketDetailRow): TicketDetail {
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

const refOf = (ref: string | RecordRef): RecordRef => (typeof ref === 'string' ? { id: ref } : ref);

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

/**
 * Who creates a ticket: a signed-in user, or the system (`userId` null) for a ticket made from
 * a call by the gateway's events.
 */
export type TicketActor = Pick<AuthContext, 'tenantId' | 'impersonatorId'> & {
  userId: string | null;
};

/** The requester's timeline entry for a ticket opened for them ('Tạo ticket'). */
export async function writeRequesterTimeline(
  tx: Transaction,
  auth: TicketActor,
  requesterId: string,
  ticket: { _id: string; code: string; subject: string },
) {
  await writeAudit(tx, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: actorOf(auth),
    action: 'ticket_created',
    entity: 'customer',
    entityId: requesterId,
    after: { ticket: customerTimelineTicket(ticket) },
  });
}

/**
 * A call attached to a ticket by a person (the call history's 'Tạo ticket' / 'Gắn vào ticket'),
 * in the transaction that links them: the `ticket.call_linked` event (the ticket's viewers read
 * its calls again, its lists the row) and the ticket's activity entry naming the call
 * (`summary`: 'Cuộc gọi từ 0912 345 678 · Đã trả lời · 01:15').
 */
export async function recordCallLinked(
  tx: Transaction,
  auth: AuthContext,
  ticketId: string,
  call: { _id: string; summary: string },
) {
  await appendEvent(tx, {
    tenantId: auth.tenantId,
    aggregate: 'ticket',
    aggregateId: ticketId,
    type: 'ticket.call_linked',
    payload: { call_id: call._id },
    actorId: actorOf(auth),
  });
  await writeAudit(tx, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: actorOf(auth),
    action: 'call_link',
    entity: 'ticket',
    entityId: ticketId,
    after: { call },
  });
}

/**
 * A change written by the system on a workflow run's behalf has no actor (`systemAuth`); its
 * event carries `eventPayload` (the run's `workflow_depth`) so the engine can stop loops.
 */
export interface TicketWriteOptions {
  eventPayload?: Record<string, unknown>;
  /** What the change is made through (a macro, a workflow, a job): its audit entry names it. */
  via?: AuditVia;
}
/** The user a change is recorded by; none for the system (calls, workflow runs). */
const actorOf = (auth: { userId: string | null }): string | null => auth.userId || null;

/** The system as the author of a tenant's ticket changes (automation): no user, every right. */
export const systemAuth = (tenantId: string): AuthContext => ({
  sessionId: '',
  userId: '',
  userName: '',
  tenantId,
  role: 'administrator',
  isAdmin: true,
  impersonatorId: null,
  organizationId: null,
  departmentIds: [],
  dataScope: 'all',
  customerImportExport: false,
  // Only the routes' access hook reads the switches; the system calls no route.
  features: tenantFeatures(null),
});

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

async function toFilter(
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

/** What a ticket refers to, as named when the change is made (for the activity log). */
interface Names {
  requester?: { _id: string; name: string; organizationId: string | null } | null;
}

/** The tenant's priorities, types and services: remembered until they change ('ticket_config'). */
const ticketConfig = (platform: Platform, db: Db, tenantId: string) =>
  platform.memo.remember('ticket_config', tenantId, 'refs', () => repo.configRefs(db, tenantId));

/**
 * Checks what a ticket's values refer to: only what `changed` names (a stored reference is not
 * checked again on an unrelated edit, e.g. an assignee disabled since). 422 on the field.
 */
async function checkReferences(
  platform: Platform,
  db: Db,
  tenantId: string,
  body: TicketBody,
  changed: (field: keyof TicketBody) => boolean,
): Promise<Names> {
  const config = () => ticketConfig(platform, db, tenantId);
  const names: Names = {};
  if (body.requester_id && changed('requester_id')) {
    names.requester = (await repo.requesterRef(db, tenantId, body.requester_id)) ?? null;
    if (!names.requester) throw fieldError('requester_id', TICKET_MESSAGES.requesterMissing);
  }
  if (
    body.organization_id &&
    changed('organization_id') &&
    !(await repo.organizationRef(db, tenantId, body.organization_id))
  )
    throw fieldError('organization_id', TICKET_MESSAGES.organizationMissing);
  if (
    body.priority_id &&
    changed('priority_id') &&
    !(await config()).priority.has(body.priority_id)
  )
    throw fieldError('priority_id', TICKET_MESSAGES.priorityMissing);
  if (body.type_id && changed('type_id') && !(await config()).type.has(body.type_id))
    throw fieldError('type_id', TICKET_MESSAGES.typeMissing);
  if (body.service_id && (changed('service_id') || changed('type_id'))) {
    const service = (await config()).service.get(body.service_id);
    if (!service) throw fieldError('service_id', TICKET_MESSAGES.serviceMissing);
    if (service.typeId && service.typeId !== body.type_id)
      throw fieldError('service_id', TICKET_MESSAGES.serviceOfOtherType);
  }
  if (
    body.group_id &&
    changed('group_id') &&
    !(await repo.departmentRef(db, tenantId, body.group_id))
  )
    throw fieldError('group_id', TICKET_MESSAGES.groupMissing);
  if (body.assignee_id && changed('assignee_id')) {
    const [assignee] = await repo.staffRefs(db, tenantId, [body.assignee_id], true);
    if (!assignee) throw fieldError('assignee_id', TICKET_MESSAGES.assigneeMissing);
  }
  // Zendesk's rule: with both a department and an agent, the agent is one of its members.
  if (
    body.assignee_id &&
    body.group_id &&
    (changed('assignee_id') || changed('group_id')) &&
    !(await repo.isGroupMember(db, body.group_id, body.assignee_id))
  )
    throw fieldError('assignee_id', TICKET_MESSAGES.assigneeOutsideGroup);
  if (changed('tag_ids')) {
    const tagIds = [...new Set(body.tag_ids)];
    if ((await repo.tagRefs(db, tenantId, tagIds)).length !== tagIds.length)
      throw fieldError('tag_ids', TICKET_MESSAGES.tagMissing);
  }
  if (changed('follower_ids')) {
    const followerIds = [...new Set(body.follower_ids)];
    if ((await repo.staffRefs(db, tenantId, followerIds)).length !== followerIds.length)
      throw fieldError('follower_ids', TICKET_MESSAGES.followerMissing);
  }
  return names;
}

/** The custom values to store, checked against the tenant's ticket fields (422 `custom.<key>`). */
async function customToStore(
  platform: Platform,
  tenantId: string,
  sent: Record<string, unknown>,
  stored?: Record<string, unknown>,
) {
  const fields = await listFields(platform, tenantId, 'ticket');
  const problems = validateCustomValues(fields, sent, stored);
  if (problems.length > 0) throw new AppError(422, problems[0]?.message, problems);
  return customValuesToStore(fields, sent, stored ?? {});
}

/**
 * The status stamps of a move from `from` to `to`: solved_at and closed_at when it gets there,
 * and a reopen (from solved or closed back to work) counts and clears them.
 */
function statusStamps(
  from: TicketStatus | undefined,
  to: TicketStatus,
  current: { solvedAt: Date | null; closedAt: Date | null; reopenCount: number },
  now = new Date(),
) {
  if (from === to) return {};
  if (to === 'solved') return { solvedAt: now, closedAt: null };
  if (to === 'closed') return { solvedAt: current.solvedAt ?? now, closedAt: now };
  if (from === 'solved' || from === 'closed')
    return { solvedAt: null, closedAt: null, reopenCount: current.reopenCount + 1 };
  return {};
}

/** A ticket's columns from its body; `description` as stored when given (not sanitised again). */
function ticketColumns(body: TicketBody, storedDescription?: string) {
  return {
    subject: body.subject,
    subjectKey: toSearchKey(body.subject),
    description:
      storedDescription === undefined ? sanitizeRichText(body.description) : storedDescription,
    requesterId: body.requester_id ?? null,
    organizationId: body.organization_id ?? null,
    status: body.status,
    priorityId: body.priority_id ?? null,
    typeId: body.type_id ?? null,
    serviceId: body.service_id ?? null,
    groupId: body.group_id ?? null,
    assigneeId: body.assignee_id ?? null,
    source: body.source,
    cc: [...new Set(body.cc)],
    custom: body.custom,
    dueAt: body.due_at ? new Date(body.due_at) : null,
  };
}

/** A ticket read back after a write (past any scope): its row, or 404 when it is gone. */
async function readTicketRow(db: Db, tenantId: string, id: string) {
  const row = await repo.findTicket(db, tenantId, { id });
  if (!row) throw notFound(TICKET_MESSAGES.notFound);
  return row;
}

async function readTicket(db: Db, tenantId: string, id: string) {
  return toDetail(await readTicketRow(db, tenantId, id));
}

/** POST /v2/tickets: the new ticket, its `ticket.created` event and audit entry in one go. */
export async function createTicket(
  platform: Platform,
  auth: TicketActor,
  body: TicketBody,
  options: TicketWriteOptions = {},
) {
  const { requester } = await checkReferences(
    platform,
    platform.db,
    auth.tenantId,
    body,
    () => true,
  );
  const custom = await customToStore(platform, auth.tenantId, body.custom);
  // A requester's organization is the ticket's unless another is chosen.
  const organizationId =
    body.organization_id === undefined ? (requester?.organizationId ?? null) : body.organization_id;
  const created = await platform.db.transaction(async (tx) => {
    const row = await repo.insertTicket(tx, {
      tenantId: auth.tenantId,
      ...ticketColumns({ ...body, custom, organization_id: organizationId }),
      ...statusStamps(undefined, body.status, { solvedAt: null, closedAt: null, reopenCount: 0 }),
      createdBy: actorOf(auth),
      updatedBy: actorOf(auth),
    });
    await repo.replaceTags(tx, auth.tenantId, row.id, [...new Set(body.tag_ids)]);
    await repo.replaceFollowers(tx, auth.tenantId, row.id, [...new Set(body.follower_ids)]);
    await refreshTicketSla(tx, auth.tenantId, row.id, { resolve: true, memo: platform.memo });
    const ticket = await readTicket(tx, auth.tenantId, row.id);
    await appendEvent(tx, {
      tenantId: auth.tenantId,
      aggregate: 'ticket',
      aggregateId: row.id,
      type: 'ticket.created',
      payload: { ticket, ...options.eventPayload, ...(options.via ? { via: options.via } : {}) },
      actorId: actorOf(auth),
    });
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: actorOf(auth),
      action: 'create',
      entity: 'ticket',
      entityId: row.id,
      after: snapshotOf(ticket),
      ...(options.via ? { via: options.via } : {}),
    });
    if (ticket.requester) await writeRequesterTimeline(tx, auth, ticket.requester._id, ticket);
    // Into a department that assigns automatically, without an assignee: the system picks one.
    const auto = await autoAssignTicket(tx, auth.tenantId, row.id);
    return auto ? await readTicket(tx, auth.tenantId, row.id) : ticket;
  });
  return created;
}

/**
 * POST /v2/tickets by a person. An agent's ticket sent without `assignee_id` is theirs when the
 * tenant says so (`assign_own_tickets`, on by default), unless it goes to a department they are
 * not a member of (the department's own assignment then decides). `assignee_id: null` is an
 * unassigned ticket on purpose and stays so.
 */
export async function createStaffTicket(platform: Platform, auth: AuthContext, body: TicketBody) {
  if (
    auth.role === 'agent' &&
    body.assignee_id === undefined &&
    (await getTenantConfig(platform, auth.tenantId)).assign_own_tickets &&
    (!body.group_id || (await repo.isGroupMember(platform.db, body.group_id, auth.userId)))
  )
    return createTicket(platform, auth, { ...body, assignee_id: auth.userId });
  return createTicket(platform, auth, body);
}

/** A stored ticket as the body that would save it unchanged. */
function bodyOf(ticket: TicketDetail): TicketBody {
  return {
    subject: ticket.subject,
    description: ticket.description,
    requester_id: ticket.requester?._id ?? null,
    organization_id: ticket.organization?._id ?? null,
    status: ticket.status,
    priority_id: ticket.priority?._id ?? null,
    type_id: ticket.type?._id ?? null,
    service_id: ticket.service?._id ?? null,
    group_id: ticket.group?._id ?? null,
    assignee_id: ticket.assignee?._id ?? null,
    source: ticket.source as TicketBody['source'],
    cc: ticket.cc,
    tag_ids: ticket.tags.map((t) => t._id),
    follower_ids: ticket.followers.map((f) => f._id),
    custom: ticket.custom,
    due_at: ticket.due_at,
  };
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One ticket's change: `changesOf` gets the ticket as it is and answers the fields to change. */
interface TicketChange {
  ref: RecordRef;
  changesOf: (before: TicketDetail) => TicketUpdateBody;
  options?: TicketWriteOptions;
}

/** A change's end: done (`before` equals `after` when nothing changed), or refused alone. */
type ChangeOutcome =
  { ok: true; before: TicketDetail; after: TicketDetail } | { ok: false; error: AppError };

/** The ticket after a change, or the change's refusal thrown. */
function afterOf(outcome: ChangeOutcome | undefined): TicketDetail {
  if (!outcome) throw new Error('a change without its outcome');
  if (!outcome.ok) throw outcome.error;
  return outcome.after;
}

/** A change checked against the locked ticket, ready to be written. */
interface PlannedChange {
  row: repo.TicketDetailRow;
  before: TicketDetail;
  body: TicketBody;
  changed: (field: keyof TicketBody) => boolean;
  values: Parameters<typeof repo.updateTicket>[3];
  options: TicketWriteOptions;
}

/**
 * Checks a change against the locked ticket and answers its column values, or only the ticket
 * (`unchanged`) when nothing would change (a workflow setting a status the ticket has). Writes nothing, so a
 * refusal (AppError) leaves the transaction as it was. Closed is final but for administrators.
 */
async function planChange(
  platform: Platform,
  tx: Db,
  auth: AuthContext,
  row: repo.TicketDetailRow,
  change: TicketChange,
): Promise<PlannedChange | { unchanged: TicketDetail }> {
  const before = toDetail(row);
  const sent = Object.fromEntries(
    Object.entries(change.changesOf(before)).filter(([, value]) => value !== undefined),
  ) as TicketUpdateBody;
  if (before.status === 'closed' && !can(auth.role, 'ticket.change_closed'))
    throw fieldError('status', TICKET_MESSAGES.closed);
  const stored = bodyOf(before);
  const body: TicketBody = { ...stored, ...sent };
  const changed = (field: keyof TicketBody) =>
    field in sent && !sameValue(sent[field], stored[field]);
  if (!(Object.keys(sent) as (keyof TicketBody)[]).some(changed)) return { unchanged: before };
  await checkReferences(platform, tx, auth.tenantId, body, changed);
  const custom =
    sent.custom === undefined
      ? before.custom
      : await customToStore(platform, auth.tenantId, sent.custom, before.custom);
  const columns = {
    // Unchanged descriptions are kept as stored (sanitising twice could still alter them).
    ...ticketColumns(
      { ...body, custom },
      changed('description') ? undefined : row.ticket.description,
    ),
    ...statusStamps(before.status, body.status, row.ticket),
    updatedBy: actorOf(auth),
  };
  // Only the columns that change are written: a long description or custom values are not
  // sent again (nor stored again) for a status change.
  const values = Object.fromEntries(
    Object.entries(columns).filter(
      ([column, value]) => !sameValue(value, row.ticket[column as keyof typeof row.ticket]),
    ),
  ) as Partial<typeof columns>;
  return { row, before, body, changed, values, options: change.options ?? {} };
}

const REREAD_WHEN_CHANGED: (keyof TicketBody)[] = [
  'requester_id',
  'organization_id',
  'group_id',
  'assignee_id',
  'tag_ids',
  'follower_ids',
  'custom',
];

/** The priority, type and service names a change gives the ticket (remembered, not read back). */
async function configNames(
  platform: Platform,
  tx: Db,
  tenantId: string,
  row: repo.TicketDetailRow,
  values: PlannedChange['values'],
): Promise<Partial<Pick<repo.TicketDetailRow, 'priority' | 'typeName' | 'serviceName'>>> {
  const { priorityId, typeId, serviceId } = values;
  if (priorityId === undefined && typeId === undefined && serviceId === undefined) return {};
  const config = await ticketConfig(platform, tx, tenantId);
  return {
    priority:
      priorityId === undefined
        ? row.priority
        : (priorityId && config.priority.get(priorityId)) || null,
    typeName:
      typeId === undefined ? row.typeName : (typeId && config.type.get(typeId)?.name) || null,
    serviceName:
      serviceId === undefined
        ? row.serviceName
        : (serviceId && config.service.get(serviceId)?.name) || null,
  };
}

/**
 * Changes of a transaction whose ticket after the change is known without reading it back: their
 * writes (the row's update, its event and audit entry) wait, and go out together in one
 * statement, before anything that could read them or write after them, and before the commit.
 */
interface HeldWrite {
  ticketId: string;
  set: Parameters<typeof repo.ticketUpdatesSql>[1][number]['set'];
  event: DomainEvent;
  audit: AuditInput;
}

async function writeHeld(tx: Transaction, held: HeldWrite[]) {
  const writes = held.splice(0);
  const [first] = writes;
  if (!first) return;
  await appendEvents(
    tx,
    writes.map((write) => write.event),
    [
      ...repo.ticketUpdatesSql(
        first.event.tenantId,
        writes.map((write) => ({ id: write.ticketId, set: write.set })),
      ),
      auditInserts(writes.map((write) => write.audit)),
    ],
  );
}

/**
 * What a planned change writes, as far as it is known before writing: the SLA it gives the
 * ticket (written with the row: one new version of it, not two), the columns to set and, when
 * no name it shows needs reading back, the ticket after it (`asRead`). The names are as read,
 * remembered for a priority, type or service, and the caller's for its updater; another
 * reference changed is read back, and custom values too, as jsonb orders their keys.
 */
async function changeWrite(
  platform: Platform,
  db: Db,
  auth: AuthContext,
  { row, changed, values }: PlannedChange,
) {
  const sla = await slaChange(
    db as Transaction,
    auth.tenantId,
    { ...row.ticket, ...values },
    { resolve: changed('priority_id') || changed('type_id'), memo: platform.memo },
  );
  const set = repo.updatedColumns({ ...values, ...sla });
  const asRead: repo.TicketDetailRow | undefined = REREAD_WHEN_CHANGED.some(changed)
    ? undefined
    : {
        ...row,
        ticket: { ...row.ticket, ...set },
        updatedByName: actorOf(auth) ? auth.userName : null,
        ...(await configNames(platform, db, auth.tenantId, row, values)),
      };
  return { sla, set, asRead, breaches: sla !== undefined && firstBreach(row.ticket, sla) };
}

/** A change's `ticket.updated` event and audit entry; none when nothing the ticket shows changed. */
function changeRecords(
  auth: AuthContext,
  plan: PlannedChange,
  after: TicketDetail,
): { event: DomainEvent; audit: AuditInput } | undefined {
  const id = plan.row.ticket.id;
  const { before: was, after: now } = snapshotChanges(snapshotOf(plan.before), snapshotOf(after));
  if (Object.keys(now).length === 0) return undefined;
  return {
    event: {
      tenantId: auth.tenantId,
      aggregate: 'ticket',
      aggregateId: id,
      type: 'ticket.updated',
      payload: {
        changes: eventChanges(was, now),
        ...plan.options.eventPayload,
        ...(plan.options.via ? { via: plan.options.via } : {}),
      },
      actorId: actorOf(auth),
    },
    audit: {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: actorOf(auth),
      action: 'update',
      entity: 'ticket',
      entityId: id,
      before: was,
      after: now,
      via: plan.options.via,
    },
  };
}

/**
 * Moved into a department, left without an assignee or reopened: automatic assignment may pick
 * someone (not the one just taken off it).
 */
const mayAutoAssign = (plan: PlannedChange, after: TicketDetail) =>
  plan.changed('group_id') ||
  plan.changed('assignee_id') ||
  (!isUnsolved(plan.before.status) && isUnsolved(after.status));

/**
 * Writes a planned change: the row, its SLA, tags and followers, then (when the ticket as read
 * back differs) the audit entry and the `ticket.updated` event with the fields before and
 * after, and automatic assignment. Answers the ticket as it now stands. A change whose ticket
 * is known as read is held (`held`, see HeldWrite) rather than written.
 */
async function writeChange(
  platform: Platform,
  tx: Transaction,
  auth: AuthContext,
  plan: PlannedChange,
  held: HeldWrite[],
) {
  const { row, before, body, changed } = plan;
  const id = row.ticket.id;
  const { sla, set, asRead, breaches } = await changeWrite(platform, tx, auth, plan);
  let afterRow = asRead;
  if (!afterRow) {
    await writeHeld(tx, held);
    await repo.updateTicket(tx, auth.tenantId, id, set);
    if (changed('tag_ids'))
      await repo.replaceTags(tx, auth.tenantId, id, [...new Set(body.tag_ids)]);
    if (changed('follower_ids'))
      await repo.replaceFollowers(tx, auth.tenantId, id, [...new Set(body.follower_ids)]);
    afterRow = await readTicketRow(tx, auth.tenantId, id);
  }
  if (sla && breaches) {
    // The breach's event follows those of the ticket's earlier changes.
    await writeHeld(tx, held);
    await slaWritten(tx, auth.tenantId, id, row.ticket, sla);
  }
  const after = toDetail(afterRow);
  const records = changeRecords(auth, plan, after);
  if (!records) {
    if (asRead) {
      await writeHeld(tx, held);
      await repo.updateTicket(tx, auth.tenantId, id, set);
    }
    return { row: afterRow, after, auto: undefined };
  }
  if (asRead) held.push({ ticketId: id, set, ...records });
  else await appendEvent(tx, records.event, auditInsert(records.audit));
  const assigns = mayAutoAssign(plan, after);
  // Automatic assignment counts the agents' open tickets: the held changes first.
  if (assigns) await writeHeld(tx, held);
  const auto = assigns
    ? await autoAssignTicket(
        tx,
        auth.tenantId,
        id,
        changed('assignee_id') ? before.assignee?._id : undefined,
      )
    : undefined;
  if (!auto) return { row: afterRow, after, auto };
  const assigned = await readTicketRow(tx, auth.tenantId, id);
  return { row: assigned, after: toDetail(assigned), auto };
}

/** The tickets changes name, locked (FOR UPDATE, in id order) within the caller's scope. */
async function lockTickets(
  tx: Transaction,
  tenantId: string,
  refs: RecordRef[],
  scope: SQL | undefined,
): Promise<(ref: RecordRef) => repo.TicketDetailRow | undefined> {
  const [only] = refs;
  if (refs.length === 1 && only) {
    const row = await repo.findTicket(tx, tenantId, only, scope, { lock: true });
    return () => row;
  }
  const idOf = (ref: RecordRef) => {
    if (!('id' in ref)) throw new Error('changes of several tickets name them by id');
    return ref.id;
  };
  const rows = await repo.lockTicketsById(tx, tenantId, [...new Set(refs.map(idOf))], scope);
  const byId = new Map(rows.map((row) => [row.ticket.id, row]));
  return (ref) => byId.get(idOf(ref));
}

/**
 * Changes of one caller's tickets in one transaction, under the tickets' locks: each checked
 * and written in turn, a later change of a ticket seeing the earlier one. A refused change
 * (outside the scope, closed, a reference missing) fails alone; a write that fails rolls the
 * others back with it, and each then goes again on its own. Notifications and queue hand-outs
 * follow the commit.
 */
async function applyChanges(
  platform: Platform,
  auth: AuthContext,
  changes: TicketChange[],
  scope: SQL | undefined,
  /** Records the changes' outcomes in their transaction (a bulk job's items). */
  record?: (tx: Transaction, changes: TicketChange[], outcomes: ChangeOutcome[]) => Promise<void>,
): Promise<ChangeOutcome[]> {
  const written: { before: TicketDetail; after: TicketDetail }[] = [];
  let outcomes: ChangeOutcome[];
  let recordFailed = false;
  try {
    outcomes = await platform.db.transaction(async (tx) => {
      const rowOf = await lockTickets(
        tx,
        auth.tenantId,
        changes.map((change) => change.ref),
        scope,
      );
      const current = new Map<string, repo.TicketDetailRow>();
      const held: HeldWrite[] = [];
      const done: ChangeOutcome[] = [];
      for (const change of changes) {
        const locked = rowOf(change.ref);
        const row = locked && (current.get(locked.ticket.id) ?? locked);
        if (!row) {
          done.push({ ok: false, error: notFound(TICKET_MESSAGES.notFound) });
          continue;
        }
        let plan: Awaited<ReturnType<typeof planChange>>;
        try {
          plan = await planChange(platform, tx, auth, row, change);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          done.push({ ok: false, error });
          continue;
        }
        if ('unchanged' in plan) {
          done.push({ ok: true, before: plan.unchanged, after: plan.unchanged });
          continue;
        }
        const result = await writeChange(platform, tx, auth, plan, held);
        current.set(row.ticket.id, result.row);
        written.push({ before: plan.before, after: result.after });
        done.push({ ok: true, before: plan.before, after: result.after });
      }
      await writeHeld(tx, held);
      if (record)
        await record(tx, changes, done).catch((error: unknown) => {
          recordFailed = true;
          throw error;
        });
      return done;
    });
  } catch (error) {
    if (changes.length === 1 || recordFailed) throw error;
    outcomes = [];
    for (const change of changes) {
      try {
        outcomes.push(...(await applyChanges(platform, auth, [change], scope, record)));
      } catch (alone) {
        if (!(alone instanceof AppError)) throw alone;
        const refused: ChangeOutcome = { ok: false, error: alone };
        if (record) await platform.db.transaction((tx) => record(tx, [change], [refused]));
        outcomes.push(refused);
      }
    }
    return outcomes;
  }
  await afterCommit(platform, auth, written);
  return outcomes;
}

/**
 * After changes committed: the queues of an assignee who has room again. (Assignees are notified
 * by the outbox's `notifications` subscriber, from the changes' events.)
 */
async function afterCommit(
  platform: Platform,
  auth: AuthContext,
  written: { before: TicketDetail; after: TicketDetail }[],
) {
  for (const { before, after } of written) {
    // The previous assignee has room again: their departments' queues may have waiting tickets.
    if (
      before.assignee &&
      isUnsolved(before.status) &&
      (after.assignee?._id !== before.assignee._id || !isUnsolved(after.status))
    )
      await handOutQueuesOf(platform, auth.tenantId, before.assignee._id);
  }
}

/**
 * A person's change of one ticket in two round trips rather than four (begin, lock, write,
 * commit): the ticket read without a lock and the change planned on it, then its row, event
 * and audit entry written in one statement, only if the row is still the version read (xmin).
 * Answers undefined, having written nothing, when the change needs more than that write (a
 * name to read back, an SLA breach, automatic assignment), is refused, or the row changed
 * meanwhile: applyChanges then does it under the row's lock.
 */
async function changeAsRead(
  platform: Platform,
  auth: AuthContext,
  change: TicketChange,
  scope: SQL | undefined,
): Promise<TicketDetail | undefined> {
  const db = platform.db;
  const row = await repo.findTicket(db, auth.tenantId, change.ref, scope);
  if (!row) return undefined;
  let plan: Awaited<ReturnType<typeof planChange>>;
  try {
    plan = await planChange(platform, db, auth, row, change);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  if ('unchanged' in plan) return plan.unchanged;
  const { set, asRead, breaches } = await changeWrite(platform, db, auth, plan);
  if (!asRead || breaches) return undefined;
  const after = toDetail(asRead);
  const records = changeRecords(auth, plan, after);
  if (!records || mayAutoAssign(plan, after)) return undefined;
  const written = await appendEventIfWritten(
    db,
    records.event,
    repo.ticketUpdateSql(db, auth.tenantId, row.ticket.id, set, row.version),
    (changed) => auditInsert(records.audit, changed),
  );
  if (!written) return undefined;
  await afterCommit(platform, auth, [{ before: plan.before, after }]);
  return after;
}

/**
 * PUT /v2/tickets/{id}: a partial update. The answer is read past the caller's scope, so
 * handing a ticket to someone else answers 200 though the caller may lose it.
 */
export async function updateTicket(
  platform: Platform,
  auth: AuthContext,
  ref: string | RecordRef,
  changes: TicketUpdateBody,
  options: TicketWriteOptions = {},
): Promise<TicketDetail> {
  const change = { ref: refOf(ref), changesOf: () => changes, options };
  const scope = ticketScope(auth);
  const asRead = await changeAsRead(platform, auth, change, scope);
  if (asRead) return asRead;
  const [outcome] = await applyChanges(platform, auth, [change], scope);
  return afterOf(outcome);
}

/** How many ticket changes one transaction takes at most (it holds their tickets' locks). */
const CHANGE_WAVE = 50;
/** How many such transactions of the system's changes of one tenant may be on their way at once. */
const CHANGE_LANES = 4;
const systemChangeBatchers = new WeakMap<
  Platform['db'],
  Map<string, (change: TicketChange) => Promise<ChangeOutcome>>
>();

/**
 * `updateTicket` by the system, for many callers at once (workflow runs): the changes of a
 * tenant's tickets that come while one transaction is on its way share the next one
 * (createBatcher), so a burst costs one begin, lock statement and commit per wave.
 */
export async function updateTicketAsSystem(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  changes: TicketUpdateBody,
  options: TicketWriteOptions = {},
): Promise<TicketDetail> {
  let byTenant = systemChangeBatchers.get(platform.db);
  if (!byTenant) systemChangeBatchers.set(platform.db, (byTenant = new Map()));
  let batcher = byTenant.get(tenantId);
  if (!batcher) {
    const auth = systemAuth(tenantId);
    batcher = createBatcher(
      (wave: TicketChange[]) => applyChanges(platform, auth, wave, undefined),
      { max: CHANGE_WAVE, lanes: CHANGE_LANES },
    );
    byTenant.set(tenantId, batcher);
  }
  return afterOf(await batcher({ ref: { id: ticketId }, changesOf: () => changes, options }));
}

/**
 * Deletes tickets the caller may see, each with its audit entry and `ticket.deleted` event; with
 * `record`, each id's result is recorded in the same transaction.
 */
async function deleteVisible(
  platform: Platform,
  auth: AuthContext,
  ids: string[],
  record?: BulkRecorder,
) {
  const scope = ticketScope(auth);
  return platform.db.transaction(async (tx) => {
    const deleted: string[] = [];
    for (const id of ids) {
      const row = await repo.findTicket(tx, auth.tenantId, { id }, scope);
      if (!row) continue;
      const ticket = toDetail(row);
      await appendEvent(tx, {
        tenantId: auth.tenantId,
        aggregate: 'ticket',
        aggregateId: id,
        type: 'ticket.deleted',
        payload: { code: ticket.code, subject: ticket.subject },
        actorId: auth.userId,
      });
      await writeAudit(tx, {
        tenantId: auth.tenantId,
        impersonatorId: auth.impersonatorId,
        actorId: auth.userId,
        action: 'delete',
        entity: 'ticket',
        entityId: id,
        before: snapshotOf(ticket),
      });
      deleted.push(id);
    }
    await repo.deleteTickets(tx, auth.tenantId, deleted);
    const gone = new Set(deleted);
    await record?.(
      tx,
      ids.map((id) => deletedItem(id, gone)),
    );
    return gone;
  });
}

const deletedItem = (id: string, deleted: ReadonlySet<string>): TicketBulkItem =>
  deleted.has(id)
    ? { _id: id, ok: true }
    : { _id: id, ok: false, message: TICKET_MESSAGES.notFound };

/** DELETE /v2/tickets/{id}. */
export async function deleteTicket(platform: Platform, auth: AuthContext, ref: string | RecordRef) {
  const ticket = await getVisibleTicket(platform, auth, ref);
  await deleteVisible(platform, auth, [ticket._id]);
}

/** The tickets a bulk action names: its ids, or what its filter finds (at most TICKET_BULK_MAX). */
export async function bulkTargets(platform: Platform, auth: AuthContext, input: TicketBulkBody) {
  if (!input.filter) return [...new Set(input.ids)];
  const filter = await toFilter(platform, auth, input.filter, 'filter.custom');
  if (filter === 'nothing') return [];
  const { rows, capped } = await repo.listTickets(
    platform.db,
    auth.tenantId,
    filter,
    {
      sort: input.filter.sort ?? { key: 'updated_at', order: 'desc' },
      offset: 0,
      limit: TICKET_BULK_MAX,
    },
    { countCap: TICKET_BULK_MAX },
  );
  if (capped) throw fieldError('filter', TICKET_BULK_MESSAGES.tooMany);
  return rows.map((row) => row.ticket.id);
}

/** What one bulk action changes on a ticket as it is. */
function bulkChanges(input: TicketBulkBody): (before: TicketDetail) => TicketUpdateBody {
  switch (input.action) {
    case 'assign':
      return () => ({ assignee_id: input.assignee_id, group_id: input.group_id });
    case 'status':
      return () => ({ status: input.status });
    case 'priority':
      return () => ({ priority_id: input.priority_id });
    case 'merge':
      throw new Error('merge is a bulk action of the merge service');
    default: {
      const removed = new Set(input.remove_tag_ids ?? []);
      return (before) => ({
        tag_ids: [
          ...new Set([...before.tags.map((t) => t._id), ...(input.add_tag_ids ?? [])]),
        ].filter((id) => !removed.has(id)),
      });
    }
  }
}

/** Records bulk items' results in the transaction that did their work (a bulk job's). */
export type BulkRecorder = (tx: Transaction, items: TicketBulkItem[]) => Promise<void>;

/** What a bulk action names (an assignee, a department, a priority, tags), checked once first. */
export async function checkBulkReferences(
  platform: Platform,
  auth: AuthContext,
  input: TicketBulkBody,
) {
  const db = platform.db;
  if (input.assignee_id) {
    const [assignee] = await repo.staffRefs(db, auth.tenantId, [input.assignee_id], true);
    if (!assignee) throw fieldError('assignee_id', TICKET_MESSAGES.assigneeMissing);
  }
  if (input.group_id && !(await repo.departmentRef(db, auth.tenantId, input.group_id)))
    throw fieldError('group_id', TICKET_MESSAGES.groupMissing);
  if (input.action === 'priority' && input.priority_id) {
    if (!(await repo.priorityRef(db, auth.tenantId, input.priority_id)))
      throw fieldError('priority_id', TICKET_MESSAGES.priorityMissing);
  }
  if (input.action === 'tags') {
    const tagIds = [...new Set([...(input.add_tag_ids ?? []), ...(input.remove_tag_ids ?? [])])];
    if ((await repo.tagRefs(db, auth.tenantId, tagIds)).length !== tagIds.length)
      throw fieldError('add_tag_ids', TICKET_MESSAGES.tagMissing);
  }
}

/**
 * One bulk action (not merge) over these tickets, each on its own (a ticket outside the
 * caller's scope, closed for a non-administrator, or refusing the change fails alone, with the
 * reason), in waves of CHANGE_WAVE, each wave one transaction; with `record`, each wave's
 * results are recorded in its transaction.
 */
export async function applyBulk(
  platform: Platform,
  auth: AuthContext,
  input: TicketBulkBody,
  ids: string[],
  record?: BulkRecorder,
): Promise<TicketBulkItem[]> {
  const results: TicketBulkItem[] = [];
  if (input.action === 'delete') {
    for (let from = 0; from < ids.length; from += CHANGE_WAVE) {
      const wave = ids.slice(from, from + CHANGE_WAVE);
      const deleted = await deleteVisible(platform, auth, wave, record);
      results.push(...wave.map((id) => deletedItem(id, deleted)));
    }
    return results;
  }
  const scope = ticketScope(auth);
  const changesOf = bulkChanges(input);
  const itemOf = (change: TicketChange, outcome: ChangeOutcome): TicketBulkItem => {
    const _id = 'id' in change.ref ? change.ref.id : '';
    return outcome.ok ? { _id, ok: true } : { _id, ok: false, message: outcome.error.message };
  };
  const recordChanges =
    record &&
    ((tx: Transaction, changes: TicketChange[], outcomes: ChangeOutcome[]) =>
      record(
        tx,
        changes.map((change, index) => itemOf(change, outcomes[index] as ChangeOutcome)),
      ));
  for (let from = 0; from < ids.length; from += CHANGE_WAVE) {
    const wave = ids.slice(from, from + CHANGE_WAVE).map((id) => ({ ref: { id }, changesOf }));
    const outcomes = await applyChanges(platform, auth, wave, scope, recordChanges);
    outcomes.forEach((outcome, index) =>
      results.push(itemOf(wave[index] as TicketChange, outcome)),
    );
  }
  return results;
}

/**
 * The requester replied (a channel calls this in the transaction that stores the reply): a
 * solved ticket reopens (counted in reopen_count), a pending one goes back to open. Answers
 * whether the status changed.
 */
export async function reopenOnRequesterReply(
  tx: Transaction,
  ticket: { id: string; tenantId: string; status: string },
): Promise<boolean> {
  if (ticket.status !== 'solved' && ticket.status !== 'pending') return false;
  const row = await repo.findTicket(tx, ticket.tenantId, { id: ticket.id });
  if (!row) return false;
  const reopened = ticket.status === 'solved';
  await repo.setStatus(tx, ticket.tenantId, ticket.id, {
    status: 'open',
    solvedAt: reopened ? null : row.ticket.solvedAt,
    reopenCount: row.ticket.reopenCount + (reopened ? 1 : 0),
  });
  await refreshTicketSla(tx, ticket.tenantId, ticket.id);
  const changes = { status: { before: ticket.status, after: 'open' } };
  await appendEvent(tx, {
    tenantId: ticket.tenantId,
    aggregate: 'ticket',
    aggregateId: ticket.id,
    type: 'ticket.updated',
    payload: { changes, reason: 'requester_reply' },
    actorId: null,
  });
  await writeAudit(tx, {
    tenantId: ticket.tenantId,
    impersonatorId: null,
    actorId: null,
    action: 'reopen',
    entity: 'ticket',
    entityId: ticket.id,
    before: { status: ticket.status },
    after: { status: 'open' },
  });
  return true;
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

/** A customer merge: the merged customer's tickets go to the survivor, in the merge's transaction. */
export const moveTicketsToCustomer = repo.moveRequester;

/** What the browsers on a ticket and its lists hear of an event: the fields it changed. */
const changedFields = (event: DeliveredEvent): string[] => {
  if (event.type === 'ticket.updated')
    return Object.keys((event.payload.changes ?? {}) as Record<string, unknown>);
  return [event.type === 'ticket.commented' ? 'comment' : event.type.replace('ticket.', '')];
};

const ACTOR_NAME_MS = 30_000;
const actorNames = new Map<string, { name: string; at: number }>();

/**
 * Who made a change, as the live push names them: looked up once per 30 s per person (a busy
 * agent's every change would otherwise cost a query; a rename shows within that time).
 */
async function actorName(platform: Platform, tenantId: string, actorId: string) {
  const known = actorNames.get(actorId);
  if (known && Date.now() - known.at < ACTOR_NAME_MS) return known.name;
  const [actor] = await repo.staffRefs(platform.db, tenantId, [actorId]);
  const name = actor?.name ?? '';
  if (actorNames.size >= 10_000) actorNames.clear();
  actorNames.set(actorId, { name, at: Date.now() });
  return name;
}

/**
 * Tells the ticket's viewers who changed what, and the tenant's lists its id (the outbox's
 * 'realtime' subscriber: after the commit, whichever instance made the change).
 */
export async function pushTicketChange(platform: Platform, event: DeliveredEvent) {
  const via = auditVia.safeParse((event.payload as { via?: unknown }).via);
  const name = event.actorId
    ? await actorName(platform, event.tenantId, event.actorId)
    : via.success
      ? auditViaLabel(via.data)
      : SYSTEM_ACTOR_NAME;
  await platform.realtime.recordChanged(event.tenantId, {
    kind: 'ticket',
    id: event.aggregateId,
    by: { user_id: event.actorId ?? '', name },
    fields: changedFields(event),
    at: event.createdAt,
  });
}
