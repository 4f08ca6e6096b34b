import {
  TICKET_BULK_JOB_KIND,
  TICKET_BULK_MAX,
  TICKET_BULK_MESSAGES,
  TICKET_BULK_SYNC_MAX,
  TICKET_MESSAGES,
  ticketBulkBody,
  type TicketBulkBody,
  type TicketBulkItem,
  type TicketDetail,
  type TicketUpdateBody,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import { fieldError } from '../../platform/errors.js';
import { registerResumableJob, startJob } from '../jobs/jobs.service.js';
import { applyBulkMerge, mergeTargetOf } from './ticket-merge.service.js';
import * as repo from './tickets.repository.js';
import { ticketScope, toFilter } from './ticket-queries.js';
import {
  applyChanges,
  CHANGE_WAVE,
  type ChangeOutcome,
  type TicketChange,
} from './ticket-changes.js';
import { deletedItem, deleteVisible } from './ticket-delete.js';

/** The tickets a bulk action names: its ids, or what its filter finds (at most TICKET_BULK_MAX). */
async function bulkTargets(platform: Platform, auth: AuthContext, input: TicketBulkBody) {
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
async function checkBulkReferences(platform: Platform, auth: AuthContext, input: TicketBulkBody) {
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
async function applyBulk(
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

/** What a bulk job keeps to run (server-only, never shown): the action, its tickets, its caller. */
interface BulkJobInput {
  body: TicketBulkBody;
  ids: string[];
  /** The caller as they asked: the job acts with their role and data scope of that moment. */
  auth: AuthContext;
  /** A merge's target, checked when it was asked. */
  target_id?: string;
}

/** The action over its tickets, each item recorded by `record` when a job runs it. */
async function apply(
  platform: Platform,
  auth: AuthContext,
  body: TicketBulkBody,
  ids: string[],
  targetId: string | undefined,
  record?: BulkRecorder,
) {
  return body.action === 'merge' && targetId
    ? applyBulkMerge(platform, auth, targetId, ids, record)
    : applyBulk(platform, auth, body, ids, record);
}

/**
 * POST /v2/tickets/bulk: what the action names is checked first (422), then its tickets found
 * (`ids`, or the list's `filter` in the caller's scope). Up to TICKET_BULK_SYNC_MAX tickets it
 * is done at once and answers every ticket's result; over that it becomes a background job
 * (`tickets.bulk`, answered with the job, 202) whose progress and per-ticket results are read at
 * `GET /v2/jobs/{id}` while it runs and after: a reconnect or the crash of the instance running
 * it loses neither what was done nor what remains (see registerBulkJob).
 */
export async function bulkTickets(
  platform: Platform,
  auth: AuthContext,
  body: TicketBulkBody,
): Promise<{ results: TicketBulkItem[] } | { job: Job }> {
  await checkBulkReferences(platform, auth, body);
  const targetId = body.action === 'merge' ? await mergeTargetOf(platform, auth, body) : undefined;
  const ids = await bulkTargets(platform, auth, body);
  if (ids.length <= TICKET_BULK_SYNC_MAX)
    return { results: await apply(platform, auth, body, ids, targetId) };
  const input: BulkJobInput = {
    body: { ...body, ids, filter: undefined },
    ids,
    auth,
    target_id: targetId,
  };
  const job = await startJob(
    platform,
    auth,
    TICKET_BULK_JOB_KIND,
    { ...input },
    {
      total: ids.length,
      items: true,
    },
  );
  return { job };
}

/**
 * The bulk job: resumable (jobs module), so each wave of tickets and its items' results commit
 * together, a run goes on from the items recorded, and an instance's crash leaves the job to
 * another instance. Its result: the action, and the counts of its items.
 */
export function registerBulkJob(platform: Platform) {
  registerResumableJob(platform, TICKET_BULK_JOB_KIND, async ({ job, done, record }) => {
    const input = job.input as unknown as BulkJobInput;
    const body = ticketBulkBody.parse(input.body);
    const remaining = input.ids.slice(done);
    await apply(platform, input.auth, body, remaining, input.target_id, record);
    return { action: body.action };
  });
}
