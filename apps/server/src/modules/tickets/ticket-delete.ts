import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import { TICKET_MESSAGES, type TicketBulkItem } from '@omnicare/shared/tickets/tickets.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { appendEvent } from '../../platform/outbox.js';
import { writeAudit } from '../audit/audit.service.js';
import { snapshotOf } from './ticket-activity.js';
import * as repo from './tickets.repository.js';
import { getVisibleTicket, ticketScope, toDetail } from './ticket-queries.js';
import type { BulkRecorder } from './ticket-bulk.service.js';

/**
 * Deletes tickets the caller may see, each with its audit entry and `ticket.deleted` event; with
 * `record`, each id's result is recorded in the same transaction.
 */
export async function deleteVisible(
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

export const deletedItem = (id: string, deleted: ReadonlySet<string>): TicketBulkItem =>
  deleted.has(id)
    ? { _id: id, ok: true }
    : { _id: id, ok: false, message: TICKET_MESSAGES.notFound };

/** DELETE /v2/tickets/{id}. */
export async function deleteTicket(platform: Platform, auth: AuthContext, ref: string | RecordRef) {
  const ticket = await getVisibleTicket(platform, auth, ref);
  await deleteVisible(platform, auth, [ticket._id]);
}
