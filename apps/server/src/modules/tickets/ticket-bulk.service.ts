import {
  TICKET_BULK_JOB_KIND,
  TICKET_BULK_SYNC_MAX,
  ticketBulkBody,
  type TicketBulkBody,
  type TicketBulkItem,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { registerResumableJob, startJob } from '../jobs/jobs.service.js';
import { applyBulkMerge, mergeTargetOf } from './ticket-merge.service.js';
import {
  applyBulk,
  bulkTargets,
  checkBulkReferences,
  type BulkRecorder,
} from './tickets.service.js';

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
