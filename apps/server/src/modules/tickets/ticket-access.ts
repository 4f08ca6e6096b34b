import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { TICKET_CONVERSATION_MESSAGES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { dataScopeOf } from '../../platform/data-scope.js';
import { notFound } from '../../platform/errors.js';
import { groupMembers, tickets, users } from '../../db/schema/index.js';

/**
 * TEMPORARY stand-in for the tickets core's `getVisibleTicket` (tickets.service.ts), with the same
 * signature: the lead replaces this file with the core's helper when merging. The caller's tenant
 * and data scope: me = assigned to me or created by me (followers come with the core); my_group =
 * assigned to my departments or to their members; my_organization = assigned to or created by
 * someone of my organization, or of it; all = the tenant.
 */
export async function getVisibleTicket(platform: Platform, auth: AuthContext, ref: string) {
  const [row] = await platform.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.tenantId, auth.tenantId), eq(tickets.id, ref), ticketScope(auth)));
  if (!row) throw notFound(TICKET_CONVERSATION_MESSAGES.ticketNotFound);
  return row;
}

function ticketScope(auth: AuthContext): SQL | undefined {
  const context = dataScopeOf(auth);
  const mine = or(eq(tickets.assigneeId, auth.userId), eq(tickets.createdBy, auth.userId));
  switch (context.scope) {
    case 'all':
      return undefined;
    case 'me':
      return mine;
    case 'my_group': {
      if (context.groupIds.length === 0) return mine;
      const colleagues = sql`select ${groupMembers.userId} from ${groupMembers} where ${inArray(groupMembers.groupId, context.groupIds)}`;
      return or(
        mine,
        inArray(tickets.groupId, context.groupIds),
        sql`${tickets.assigneeId} in (${colleagues})`,
      );
    }
    case 'my_organization': {
      if (!context.organizationId) return mine;
      const members = sql`select ${users.id} from ${users} where ${users.organizationId} = ${context.organizationId}`;
      return or(
        mine,
        eq(tickets.organizationId, context.organizationId),
        sql`${tickets.assigneeId} in (${members})`,
        sql`${tickets.createdBy} in (${members})`,
      );
    }
  }
}
