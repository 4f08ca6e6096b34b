import type { Transaction } from './db.js';
import { domainEvents } from '../db/schema/index.js';

export interface DomainEvent {
  tenantId: string;
  aggregate: 'ticket';
  aggregateId: string;
  type: 'ticket.created' | 'ticket.updated' | 'ticket.deleted' | 'ticket.commented';
  payload: Record<string, unknown>;
  actorId: string | null;
}

/**
 * Records a domain event inside the transaction of the change it describes, so the event exists
 * exactly when the change does. Delivery to subscribers happens after the commit.
 */
export async function appendEvent(tx: Transaction, event: DomainEvent): Promise<void> {
  await tx.insert(domainEvents).values(event);
}
