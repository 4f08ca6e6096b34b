import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import type { Platform } from '../../platform/context.js';
import { handOutQueuesOf, reassignAfterAway } from '../routing/assignment.js';
import * as repo from './users.repository.js';

/**
 * Sets an agent's presence, tells everyone in the tenant, and lets ticket assignment react:
 * AVAILABLE hands them the waiting tickets and conversations of their departments; LOGOUT (and
 * NOT AVAILABLE, for conversations) hands theirs on where the settings say so
 * (routing/assignment.ts).
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
  monitorsChanged(platform, tenantId, 'presence');
  if (presence === 'AVAILABLE') await handOutQueuesOf(platform, tenantId, userId);
  else await reassignAfterAway(platform, tenantId, userId, presence);
}
