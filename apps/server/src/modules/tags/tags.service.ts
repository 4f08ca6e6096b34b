import {
  TAG_GROUP_MESSAGES,
  type TagGroup,
  type TagGroupBody,
} from '@omnicare/shared/customers/customers.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import * as repo from './tags.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listTagGroups>>[number];

const toTagGroup = ({ group, tags, customerCount }: Listed): TagGroup => ({
  _id: group.id,
  name: group.name,
  tags: tags.map((tag) => ({ _id: tag.id, name: tag.name })),
  raw_tags: tags.map((tag) => tag.name),
  customer_count: customerCount,
});

export async function listTagGroups(platform: Platform, tenantId: string, text?: string) {
  return (await repo.listTagGroups(platform.db, tenantId, text)).map(toTagGroup);
}

/**
 * Tags are unique in a tenant, compared without case and diacritics. A refusal names the
 * indices of the offending tags in the request (code duplicate_tag), for the form to mark.
 */
async function checkDuplicates(
  platform: Platform,
  tenantId: string,
  body: TagGroupBody,
  groupId?: string,
) {
  const keys = body.tags.map(toSearchKey);
  const taken = await repo.keysOutside(platform.db, tenantId, keys, groupId);
  const firstIndex = new Map<string, number>();
  const invalid = new Set<number>();
  keys.forEach((key, index) => {
    if (taken.has(key)) invalid.add(index);
    const first = firstIndex.get(key);
    if (first === undefined) firstIndex.set(key, index);
    else {
      invalid.add(first);
      invalid.add(index);
    }
  });
  if (invalid.size > 0) {
    throw new AppError(422, TAG_GROUP_MESSAGES.duplicate, undefined, {
      code: 'duplicate_tag',
      invalid: [...invalid].sort((a, b) => a - b),
    });
  }
  return body.tags.map((name, index) => ({
    name,
    key: keys[index] as string,
    id: body.tag_ids?.[index] ?? null,
  }));
}

/** Tag group names are unique in a tenant, compared without case and diacritics. */
async function checkName(platform: Platform, tenantId: string, name: string, groupId?: string) {
  const key = toSearchKey(name);
  const groups = await repo.tagGroupNames(platform.db, tenantId);
  if (groups.some((group) => group.id !== groupId && toSearchKey(group.name) === key))
    throw fieldError('name', TAG_GROUP_MESSAGES.nameTaken);
}

async function getTagGroup(platform: Platform, tenantId: string, id: string) {
  const [found] = (await repo.listTagGroups(platform.db, tenantId)).filter(
    ({ group }) => group.id === id,
  );
  if (!found) throw notFound('Không tìm thấy nhóm tags');
  return toTagGroup(found);
}

export async function createTagGroup(platform: Platform, auth: AuthContext, body: TagGroupBody) {
  await checkName(platform, auth.tenantId, body.name);
  const wanted = await checkDuplicates(platform, auth.tenantId, body);
  const id = await platform.db.transaction(async (tx) => {
    const group = await repo.insertTagGroup(tx, auth.tenantId, body.name);
    await repo.syncTags(tx, auth.tenantId, group.id, wanted);
    return group.id;
  });
  const created = await getTagGroup(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'tag_group',
    entityId: id,
    after: created,
  });
  return created;
}

export async function updateTagGroup(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: TagGroupBody,
) {
  if (!(await repo.findTagGroup(platform.db, auth.tenantId, id)))
    throw notFound('Không tìm thấy nhóm tags');
  const before = await getTagGroup(platform, auth.tenantId, id);
  await checkName(platform, auth.tenantId, body.name, id);
  const wanted = await checkDuplicates(platform, auth.tenantId, body, id);
  await platform.db.transaction(async (tx) => {
    await repo.renameTagGroup(tx, auth.tenantId, id, body.name);
    await repo.syncTags(tx, auth.tenantId, id, wanted);
  });
  const after = await getTagGroup(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'tag_group',
    entityId: id,
    before,
    after,
  });
  return after;
}

export async function deleteTagGroup(platform: Platform, auth: AuthContext, id: string) {
  if (!(await repo.findTagGroup(platform.db, auth.tenantId, id)))
    throw notFound('Không tìm thấy nhóm tags');
  const before = await getTagGroup(platform, auth.tenantId, id);
  await repo.deleteTagGroup(platform.db, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'delete',
    entity: 'tag_group',
    entityId: id,
    before,
  });
}
