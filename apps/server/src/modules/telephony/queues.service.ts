import {
  QUEUE_MESSAGES,
  type QueueBody,
  type QueueView,
} from '@omnicare/shared/telephony/queues.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import * as repo from './queues.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listQueues>>[number];

const toView = ({ queue, hotlines, members, overflowQueueName }: Listed): QueueView => ({
  _id: queue.id,
  name: queue.name,
  hotlines,
  members,
  strategy: queue.strategy,
  ring_timeout_seconds: queue.ringTimeoutSeconds,
  max_wait_seconds: queue.maxWaitSeconds,
  overflow_action: queue.overflowAction,
  overflow_queue:
    queue.overflowQueueId && overflowQueueName !== null
      ? { _id: queue.overflowQueueId, name: overflowQueueName }
      : null,
  created_at: queue.createdAt.toISOString(),
  updated_at: queue.updatedAt.toISOString(),
});

export async function listQueues(platform: Platform, tenantId: string) {
  return (await repo.listQueues(platform.db, tenantId)).map(toView);
}

async function getQueue(platform: Platform, tenantId: string, id: string) {
  const [found] = await repo.listQueues(platform.db, tenantId, id);
  if (!found) throw notFound(QUEUE_MESSAGES.notFound);
  return toView(found);
}

/**
 * Everything a save must hold beyond the body's shape: a unique name (without case and
 * diacritics), hotlines no other queue answers (of any tenant: the gateway finds the tenant by
 * the dialled number), active staff as members, and an overflow queue of the tenant that does
 * not lead back to this one.
 */
async function check(platform: Platform, tenantId: string, body: QueueBody, id?: string) {
  const outline = await repo.queueOutline(platform.db, tenantId);
  const key = toSearchKey(body.name);
  if (outline.some((queue) => queue.id !== id && toSearchKey(queue.name) === key))
    throw fieldError('name', QUEUE_MESSAGES.nameTaken);
  const owners = await repo.hotlineOwners(platform.db, body.hotlines);
  for (const [index, hotline] of body.hotlines.entries()) {
    const owner = owners.find((row) => row.hotline === hotline);
    if (!owner || owner.queueId === id) continue;
    throw fieldError(
      `hotlines.${index}`,
      owner.tenantId === tenantId
        ? QUEUE_MESSAGES.hotlineTaken(hotline, owner.queueName)
        : QUEUE_MESSAGES.hotlineElsewhere(hotline),
    );
  }
  const memberIds = [...new Set(body.member_ids)];
  const active = new Set(await repo.activeStaff(platform.db, tenantId, memberIds));
  const missing = body.member_ids.findIndex((memberId) => !active.has(memberId));
  if (missing >= 0) throw fieldError(`member_ids.${missing}`, QUEUE_MESSAGES.memberMissing);
  const overflowQueueId = body.overflow_action === 'queue' ? body.overflow_queue_id : null;
  if (overflowQueueId) {
    if (overflowQueueId === id) throw fieldError('overflow_queue_id', QUEUE_MESSAGES.overflowSelf);
    const next = new Map(outline.map((queue) => [queue.id, queue.overflowQueueId]));
    if (!next.has(overflowQueueId))
      throw fieldError('overflow_queue_id', QUEUE_MESSAGES.overflowQueueMissing);
    // Follow the chain from the overflow queue: reaching this one again would loop forever.
    const seen = new Set<string>();
    for (let at: string | null | undefined = overflowQueueId; at; at = next.get(at)) {
      if (at === id) throw fieldError('overflow_queue_id', QUEUE_MESSAGES.overflowLoop);
      if (seen.has(at)) break;
      seen.add(at);
    }
  }
  return {
    columns: {
      name: body.name,
      strategy: body.strategy,
      ringTimeoutSeconds: body.ring_timeout_seconds,
      maxWaitSeconds: body.max_wait_seconds,
      overflowAction: body.overflow_action,
      overflowQueueId,
    } satisfies repo.QueueColumns,
    memberIds,
  };
}

/** A hotline taken between the check and the insert (two saves at once). */
function hotlineRace(error: unknown): never {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const pg = cause as { code?: string; constraint?: string };
  if (pg.code === '23505' && pg.constraint === 'queue_hotlines_pkey')
    throw fieldError('hotlines', QUEUE_MESSAGES.hotlineConflict);
  throw error;
}

export async function createQueue(platform: Platform, auth: AuthContext, body: QueueBody) {
  const { columns, memberIds } = await check(platform, auth.tenantId, body);
  const id = await platform.db
    .transaction(async (tx) => {
      const row = await repo.insertQueue(tx, auth.tenantId, columns);
      await repo.syncQueueParts(tx, auth.tenantId, row.id, body.hotlines, memberIds);
      return row.id;
    })
    .catch(hotlineRace);
  const after = await getQueue(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'queue',
    entityId: id,
    after,
  });
  return after;
}

export async function updateQueue(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: QueueBody,
) {
  const before = await getQueue(platform, auth.tenantId, id);
  const { columns, memberIds } = await check(platform, auth.tenantId, body, id);
  await platform.db
    .transaction(async (tx) => {
      await repo.updateQueue(tx, auth.tenantId, id, columns);
      await repo.syncQueueParts(tx, auth.tenantId, id, body.hotlines, memberIds);
    })
    .catch(hotlineRace);
  const after = await getQueue(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'queue',
    entityId: id,
    before,
    after,
  });
  return after;
}

/** A queue another one overflows into stays: the 422 names those queues. */
export async function deleteQueue(platform: Platform, auth: AuthContext, id: string) {
  const before = await getQueue(platform, auth.tenantId, id);
  const users = await repo.overflowUsers(platform.db, auth.tenantId, id);
  if (users.length > 0)
    throw new AppError(422, QUEUE_MESSAGES.inUse(users.map((queue) => queue.name)), undefined, {
      used_by: users.map((queue) => ({ _id: queue.id, name: queue.name })),
    });
  await repo.deleteQueue(platform.db, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'delete',
    entity: 'queue',
    entityId: id,
    before,
  });
}
