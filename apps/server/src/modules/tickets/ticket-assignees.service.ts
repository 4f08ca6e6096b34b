import type { Presence } from '@omnicare/shared/users/presence';
import type { StaffRole } from '@omnicare/shared/users/roles';
import type {
  TicketAssignee,
  ticketAssigneesQuery,
} from '@omnicare/shared/tickets/ticket-assignees.schemas';
import type { z } from 'zod';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { dataScopeOf } from '../../platform/data-scope.js';
import * as repo from './ticket-assignees.repository.js';

/**
 * GET /v2/tickets/assignees: who the caller may give a ticket to, with their presence and open
 * tickets (see `ticketAssigneesQuery`). Three statements whatever the page size: the page, its
 * total, and the open tickets of the page's people grouped by assignee.
 */
export async function listAssignees(
  platform: Platform,
  auth: AuthContext,
  query: z.output<typeof ticketAssigneesQuery>,
): Promise<{ data: TicketAssignee[]; total: number }> {
  const { rows, total } = await repo.listAssignees(platform.db, auth.tenantId, {
    scope: dataScopeOf(auth),
    groupId: query.group_id,
    keyword: query.keyword || undefined,
    ids: query.ids,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  const open = await repo.openTicketCounts(
    platform.db,
    auth.tenantId,
    rows.map((row) => row._id),
  );
  return {
    data: rows.map((row) => ({
      ...row,
      role: row.role as StaffRole,
      presence: row.presence as Presence,
      open_tickets: open.get(row._id) ?? 0,
    })),
    total,
  };
}
