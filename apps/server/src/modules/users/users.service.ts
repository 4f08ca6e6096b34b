import type { MyAccount } from '@omnicare/shared/auth/auth.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import type { Role } from '@omnicare/shared/users/roles';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { sessionExpired } from '../../platform/errors.js';
import * as repo from './users.repository.js';

export async function myAccount(platform: Platform, auth: AuthContext): Promise<MyAccount> {
  const row = await repo.findAccount(platform.db, auth.tenantId, auth.userId);
  if (!row) throw sessionExpired();
  const { user, tenant } = row;
  return {
    _id: user.id,
    user_id: user.id,
    tenant_id: tenant.id,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    agent_id: user.agentId,
    is_admin: user.isAdmin,
    presence: user.presence as Presence,
    tenant: {
      _id: tenant.id,
      name: tenant.name,
      time_zone: tenant.timeZone,
      workflow: tenant.settings.workflow,
    },
    workflow: tenant.settings.workflow,
  };
}

/** Saves the agent's presence and tells everyone in the tenant. */
export async function setPresence(platform: Platform, auth: AuthContext, presence: Presence) {
  await repo.updatePresence(platform.db, auth.tenantId, auth.userId, presence);
  platform.realtime.toTenant(auth.tenantId, REALTIME_EVENTS.presence, {
    user_id: auth.userId,
    presence,
  });
  return { presence };
}

export async function searchStaff(
  platform: Platform,
  auth: AuthContext,
  filter: { keyword?: string; roles: readonly string[]; page: number; page_size: number },
) {
  const { rows, total } = await repo.searchStaff(platform.db, auth.tenantId, {
    keyword: filter.keyword,
    roles: filter.roles,
    offset: (filter.page - 1) * filter.page_size,
    limit: filter.page_size,
  });
  return {
    list: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      agent_id: row.agentId,
      active: row.active,
      presence: row.presence,
    })),
    total,
  };
}
