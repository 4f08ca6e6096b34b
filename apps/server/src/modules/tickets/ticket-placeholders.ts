import { formatDate } from '@omnicare/shared/platform/time';
import type { PlaceholderKey } from '@omnicare/shared/templates/placeholders';
import type { TicketDetail } from '@omnicare/shared/tickets/tickets.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import * as repo from './tickets.repository.js';

/**
 * The values of the message templates' placeholders for a reply the caller writes on a ticket:
 * its requester's, the caller's (the agent replying) and the ticket's. What is unknown is empty.
 */
export async function ticketPlaceholderValues(
  platform: Platform,
  auth: AuthContext,
  ticket: TicketDetail,
): Promise<Record<PlaceholderKey, string>> {
  const facts = await repo.placeholderFacts(
    platform.db,
    auth.tenantId,
    ticket.requester?._id ?? null,
    auth.userId,
  );
  return {
    'customer.name': facts?.customer_name ?? '',
    'customer.phone': facts?.customer_phone ?? '',
    'customer.email': facts?.customer_email ?? '',
    'agent.name': facts?.agent_name ?? '',
    'agent.email': facts?.agent_email ?? '',
    'ticket.code': ticket.code,
    'ticket.subject': ticket.subject,
    'tenant.name': facts?.tenant_name ?? '',
    'date.today': formatDate(new Date()),
  };
}
