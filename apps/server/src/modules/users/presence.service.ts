import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import type { Platform } from '../../platform/context.js';
import { handOutQueuesOf, reassignAfterLogout } from '../tickets/ticket-assignment.js';
import * as repo from './users.repository.js';

/**
 * Sets an agent's presence, tells everyone in the tenant, and lets ticket assignment react:
 * AVAILABLE hands them the waiting tickets of their auto-assign departments, LOGOUT gives their
 * unsolved tickets to the others where the department says so (tickets/ticket-assignment.ts).
 * The one way presence changes: the agent's choice, sign-in (default presence) and sign-out.
 */
export async function changePresence(
  platform: Platform,
  tenantId: string,
  userId: string,
  presence: Presence,
) {
  await repo.updatePresence(platform.db, tenantId, userId, presence);
  platform.realtime.toTenant(tenantId, REALTIME_EVENTS.presence, { user_id: userId, presence });
  if (presence === 'AVAILABLE') await handOutQueuesOf(platform, tenantId, userId);
  else if (presence === 'LOGOUT') await reassignAfterLogout(platform, tenantId, userId);
}
