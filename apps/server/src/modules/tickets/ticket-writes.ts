import { tenantFeatures } from '@omnicare/shared/tenants/features';
import type { AuditVia } from '@omnicare/shared/audit/activity.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import { customValuesToStore, validateCustomValues } from '@omnicare/shared/fields/fields.schemas';
import type { TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import { TICKET_MESSAGES, type TicketBody } from '@omnicare/shared/tickets/tickets.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database, Transaction } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { listFields } from '../fields/fields.service.js';
import * as repo from './tickets.repository.js';
import { ticketConfig } from './ticket-queries.js';

/*
 * What every ticket write shares (a creation and the change pipeline): who writes and through
 * what, the body's references and custom values checked, its columns and status stamps.
 */

type Db = Database | Transaction;

/**
 * Who creates a ticket: a signed-in user, or the system (`userId` null) for a ticket made from
 * a call by the gateway's events.
 */
export type TicketActor = Pick<AuthContext, 'tenantId' | 'impersonatorId'> & {
  userId: string | null;
};

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
export const actorOf = (auth: { userId: string | null }): string | null => auth.userId || null;

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

/** What a ticket refers to, as named when the change is made (for the activity log). */
export interface Names {
  requester?: { _id: string; name: string; organizationId: string | null } | null;
}

/**
 * Checks what a ticket's values refer to: only what `changed` names (a stored reference is not
 * checked again on an unrelated edit, e.g. an assignee disabled since). 422 on the field.
 */
export async function checkReferences(
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
export async function customToStore(
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
export function statusStamps(
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
export function ticketColumns(body: TicketBody, storedDescription?: string) {
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
