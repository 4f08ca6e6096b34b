import {
  auditVia,
  auditViaLabel,
  SYSTEM_ACTOR_NAME,
} from '@omnicare/shared/audit/activity.schemas';
import { MESSAGE_DELIVERY_FIELD } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { Platform } from '../../platform/context.js';
import type { DeliveredEvent } from '../../platform/outbox.js';
import * as repo from './tickets.repository.js';

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

/**
 * Messages of the ticket changed delivery state (sent, failed, seen): the screens showing them
 * read them again. Named for nobody: no one is announced as having changed the ticket.
 */
export async function tellDeliveryChanged(platform: Platform, tenantId: string, ticketId: string) {
  await platform.realtime.recordChanged(tenantId, {
    kind: 'ticket',
    id: ticketId,
    by: { user_id: '', name: '' },
    fields: [MESSAGE_DELIVERY_FIELD],
    at: new Date().toISOString(),
  });
}
