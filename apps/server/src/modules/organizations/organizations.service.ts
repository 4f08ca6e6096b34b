import type {
  OrganizationBody,
  OrganizationNode,
} from '@omnicare/shared/organizations/organizations.schemas';
import {
  ORGANIZATION_MESSAGES,
  organizationAttachments,
} from '@omnicare/shared/organizations/organizations.schemas';
import type { Platform } from '../../platform/context.js';
import type { Database } from '../../platform/db.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import * as repo from './organizations.repository.js';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';

/** The tenant's organizations as a tree, siblings by name. */
export async function organizationTree(
  platform: Platform,
  tenantId: string,
): Promise<OrganizationNode[]> {
  const rows = await repo.listOrganizations(platform.db, tenantId);
  const nodes = new Map<string, OrganizationNode>(
    rows.map(({ organization, userCount, departmentCount, customerCount }) => [
      organization.id,
      {
        _id: organization.id,
        number: organization.number,
        name: organization.name,
        parent_id: organization.parentId,
        user_count: userCount,
        department_count: departmentCount,
        customer_count: customerCount,
        children: [],
      },
    ]),
  );
  const roots: OrganizationNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function getOrganization(
  platform: Platform,
  tenantId: string,
  /** Its id, or `{number}` for its short number. */
  ref: string | RecordRef,
) {
  const row = await repo.findOrganization(platform.db, tenantId, ref);
  if (!row) throw notFound(ORGANIZATION_MESSAGES.notFound);
  return {
    _id: row.id,
    number: row.number,
    name: row.name,
    parent_id: row.parentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function checkPlacement(
  platform: Platform,
  tenantId: string,
  body: OrganizationBody,
  selfId?: string,
) {
  const parentId = body.parent_id ?? null;
  if (parentId) {
    if (!(await repo.findOrganization(platform.db, tenantId, parentId)))
      throw fieldError('parent_id', ORGANIZATION_MESSAGES.parentMissing);
    if (selfId && (await repo.subtreeIds(platform.db, tenantId, selfId)).includes(parentId)) {
      throw fieldError('parent_id', ORGANIZATION_MESSAGES.cycle);
    }
  }
  if (await repo.siblingNameTaken(platform.db, tenantId, parentId, body.name, selfId))
    throw fieldError('name', ORGANIZATION_MESSAGES.nameTaken);
  return parentId;
}

export async function createOrganization(
  platform: Platform,
  auth: AuthContext,
  body: OrganizationBody,
) {
  const parentId = await checkPlacement(platform, auth.tenantId, body);
  const row = await repo.insertOrganization(platform.db, {
    tenantId: auth.tenantId,
    name: body.name,
    parentId,
  });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'organization',
    entityId: row.id,
    after: { name: row.name, parent_id: parentId },
  });
  return getOrganization(platform, auth.tenantId, row.id);
}

/** Renames and/or moves an organization under another parent (or to the root). */
export async function updateOrganization(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: OrganizationBody,
) {
  const before = await getOrganization(platform, auth.tenantId, id);
  const parentId = await checkPlacement(platform, auth.tenantId, body, id);
  await repo.updateOrganization(platform.db, auth.tenantId, id, { name: body.name, parentId });
  const after = await getOrganization(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'organization',
    entityId: id,
    before,
    after,
  });
  return after;
}

export async function deleteOrganization(platform: Platform, auth: AuthContext, id: string) {
  const before = await getOrganization(platform, auth.tenantId, id);
  const attached = organizationAttachments(await repo.dependants(platform.db, auth.tenantId, id));
  if (attached) throw new AppError(422, ORGANIZATION_MESSAGES.attached(attached));
  await repo.deleteOrganization(platform.db, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'delete',
    entity: 'organization',
    entityId: id,
    before,
  });
}

/** Whether the organization is the tenant's: for modules that place records in one. */
export async function organizationExists(db: Database, tenantId: string, id: string) {
  return !!(await repo.findOrganization(db, tenantId, id));
}
