import {
  QUEUE_MESSAGES,
  queueBody,
  queueView,
  type QueueBody,
  type QueueView,
} from '@omnicare/shared/telephony/queues.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { Platform } from '../../platform/context.js';
import { catalogue } from '../../platform/catalogue.js';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import { AppError, fieldError } from '../../platform/errors.js';
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

/**
 * Everything a save must hold beyond the body's shape and its unique name: hotlines no other
 * queue answers (of any tenant: the gateway finds the tenant by the dialled number), active
 * staff as members, and an overflow queue of the tenant that does not lead back to this one.
 */
async function check(platform: Platform, tenantId: string, body: QueueBody, id?: string) {
  const outline = await repo.queueOutline(platform.db, tenantId);
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

/** The tenant's call queues, as a catalogue (platform/catalogue.ts); hotlines and members nested. */
export const queues = catalogue({
  tag: 'telephony',
  entity: 'queue',
  messages: QUEUE_MESSAGES,
  access: { read: 'authenticated', manage: 'queue.manage' },
  paths: { list: '/v2/queues', create: '/v2/queues', one: '/v2/queues/:id' },
  summaries: {
    list: 'Hàng chờ cuộc gọi',
    record: 'hàng chờ',
  },
  schemas: { view: queueView, body: queueBody },
  listAnswer: 'array',
  list: async (ctx) => (await repo.listQueues(ctx.db, ctx.tenantId)).map(toView),
  find: async (ctx, id) => {
    const [found] = await repo.listQueues(ctx.db, ctx.tenantId, id);
    return found && toView(found);
  },
  // Unique in the tenant without case and diacritics.
  nameTaken: async (ctx, body, id) => {
    const key = toSearchKey(body.name);
    const outline = await repo.queueOutline(ctx.db, ctx.tenantId);
    return outline.some((queue) => queue.id !== id && toSearchKey(queue.name) === key);
  },
  write: async (ctx, id, body) => {
    const { columns, memberIds } = await check(ctx.platform, ctx.tenantId, body, id ?? undefined);
    return ctx.db
      .transaction(async (tx) => {
        const queueId = id ?? (await repo.insertQueue(tx, ctx.tenantId, columns)).id;
        if (id) await repo.updateQueue(tx, ctx.tenantId, id, columns);
        await repo.syncQueueParts(tx, ctx.tenantId, queueId, body.hotlines, memberIds);
        return queueId;
      })
      .catch(hotlineRace);
  },
  remove: (ctx, id) => repo.deleteQueue(ctx.db, ctx.tenantId, id),
  // A queue another one overflows into stays: the 422 names those queues.
  inUse: async (ctx, id) => {
    const users = await repo.overflowUsers(ctx.db, ctx.tenantId, id);
    if (users.length === 0) return undefined;
    return new AppError(422, QUEUE_MESSAGES.inUse(users.map((queue) => queue.name)), undefined, {
      used_by: users.map((queue) => ({ _id: queue.id, name: queue.name })),
    });
  },
  // A queue added, renamed or given members: the call-center monitor shows it.
  changed: (ctx) => monitorsChanged(ctx.platform, ctx.tenantId, 'calls'),
});
