import type {
  CreateGroupBody,
  Group,
  GroupTarget,
  UpdateGroupBody,
} from '@omnicare/shared/groups/groups.schemas';
import { GROUP_MESSAGES } from '@omnicare/shared/groups/groups.schemas';
import { can, type Permission } from '@omnicare/shared/users/permissions';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { fieldError, forbidden, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import { organizationExists } from '../organizations/organizations.service.js';
import { drainDepartmentQueue } from '../routing/assignment.js';
import * as repo from './groups.repository.js';

/** Departments and customer groups share the table but not who runs them. */
const MANAGE: Record<GroupTarget, Permission> = {
  user: 'department.manage',
  end_user: 'customer_group.manage',
};

const toGroup = ({
  group,
  organizationName,
  leaderName,
  members,
  customerCount,
}: repo.GroupWithRelations): Group => ({
  _id: group.id,
  id: group.id,
  name: group.name,
  target: group.target as GroupTarget,
  organization_id: group.organizationId,
  organization_name: organizationName,
  leader_id: group.leaderId,
  leader_name: leaderName,
  description: group.description,
  members,
  customer_count: customerCount,
  auto_assign: group.target === 'user' && group.autoAssign,
  assign_capacity: group.target === 'user' ? group.assignCapacity : null,
  reassign_on_logout: group.target === 'user' && group.reassignOnLogout,
  created_at: group.createdAt.toISOString(),
  updated_at: group.updatedAt.toISOString(),
});

export async function listGroups(
  platform: Platform,
  tenantId: string,
  filter: { target: GroupTarget; name?: string; ids?: string[]; offset: number; limit: number },
) {
  const { rows, total } = await repo.listGroups(platform.db, tenantId, filter);
  return { list: rows.map(toGroup), total };
}

async function getGroup(platform: Platform, tenantId: string, id: string) {
  const row = await repo.getGroup(platform.db, tenantId, id);
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  return toGroup(row);
}

/** Checks a body's references and returns the columns and members to store. */
async function prepare(
  platform: Platform,
  auth: AuthContext,
  body: CreateGroupBody | UpdateGroupBody,
  exceptId?: string,
) {
  if (!can(auth.role, MANAGE[body.target])) throw forbidden();
  if (await repo.nameTaken(platform.db, auth.tenantId, body.target, body.name, exceptId))
    throw fieldError(
      'name',
      body.target === 'user' ? GROUP_MESSAGES.departmentNameTaken : GROUP_MESSAGES.nameTaken,
    );
  if (body.target === 'end_user') return { columns: { name: body.name }, members: null };
  if (
    body.organization_id &&
    !(await organizationExists(platform.db, auth.tenantId, body.organization_id))
  ) {
    throw fieldError('organization_id', GROUP_MESSAGES.organizationMissing);
  }
  const leaderId = body.leader_id ?? null;
  if (
    leaderId &&
    (await repo.staffIdsInTenant(platform.db, auth.tenantId, [leaderId])).length === 0
  ) {
    throw fieldError('leader_id', GROUP_MESSAGES.leaderMissing);
  }
  // The leader is always a member of their department.
  const members = [...new Set([...(body.member_ids ?? []), ...(leaderId ? [leaderId] : [])])];
  if (
    (await repo.staffIdsInTenant(platform.db, auth.tenantId, members)).length !== members.length
  ) {
    throw fieldError('member_ids', GROUP_MESSAGES.memberMissing);
  }
  return {
    columns: {
      name: body.name,
      organizationId: body.organization_id ?? null,
      leaderId,
      description: body.description ?? '',
      // Left out: the default on create, the stored value on update (undefined keeps it).
      autoAssign: body.auto_assign ?? (exceptId ? undefined : false),
      assignCapacity:
        body.assign_capacity === undefined ? (exceptId ? undefined : null) : body.assign_capacity,
      reassignOnLogout: body.reassign_on_logout ?? (exceptId ? undefined : false),
    },
    members,
  };
}

export async function createGroup(platform: Platform, auth: AuthContext, body: CreateGroupBody) {
  const { columns, members } = await prepare(platform, auth, body);
  const id = await platform.db.transaction(async (tx) => {
    const group = await repo.insertGroup(tx, {
      tenantId: auth.tenantId,
      target: body.target,
      ...columns,
    });
    if (members) await repo.setMembers(tx, auth.tenantId, group.id, members);
    return group.id;
  });
  const created = await getGroup(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'group',
    entityId: id,
    after: created,
  });
  // Departments and their members: the agents monitor's filter.
  monitorsChanged(platform, auth.tenantId, 'presence');
  return created;
}

export async function updateGroup(platform: Platform, auth: AuthContext, body: UpdateGroupBody) {
  const before = await getGroup(platform, auth.tenantId, body.id);
  if (before.target !== body.target) throw fieldError('target', 'Không thể đổi loại nhóm');
  const { columns, members } = await prepare(platform, auth, body, body.id);
  await platform.db.transaction(async (tx) => {
    await repo.updateGroup(tx, auth.tenantId, body.id, columns);
    if (members) await repo.setMembers(tx, auth.tenantId, body.id, members);
    // Auto assignment on (or more room, or new members): the waiting queue is handed out.
    if (body.target === 'user') await drainDepartmentQueue(tx, auth.tenantId, body.id);
  });
  const after = await getGroup(platform, auth.tenantId, body.id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'group',
    entityId: body.id,
    before,
    after,
  });
  // Departments and their members: the agents monitor's filter.
  monitorsChanged(platform, auth.tenantId, 'presence');
  return after;
}

export async function deleteGroup(platform: Platform, auth: AuthContext, id: string) {
  const before = await getGroup(platform, auth.tenantId, id);
  if (!can(auth.role, MANAGE[before.target])) throw forbidden();
  await repo.deleteGroup(platform.db, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'delete',
    entity: 'group',
    entityId: id,
    before,
  });
  // Departments and their members: the agents monitor's filter.
  monitorsChanged(platform, auth.tenantId, 'presence');
  return before.target;
}
