import {
  TAG_GROUP_MESSAGES,
  tagGroupBody,
  tagGroupQuery,
  tagGroupView,
  type TagGroup,
  type TagGroupBody,
} from '@omnicare/shared/customers/customers.schemas';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { Platform } from '../../platform/context.js';
import { catalogue } from '../../platform/catalogue.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './tags.repository.js';

type Listed = Awaited<ReturnType<typeof repo.listTagGroups>>[number];

const toTagGroup = ({ group, tags, customerCount }: Listed): TagGroup => ({
  _id: group.id,
  name: group.name,
  tags: tags.map((tag) => ({ _id: tag.id, name: tag.name })),
  raw_tags: tags.map((tag) => tag.name),
  customer_count: customerCount,
});

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

/** The tenant's tag groups (customer tags in groups), as a catalogue (platform/catalogue.ts). */
export const tagGroups = catalogue({
  tag: 'tags',
  entity: 'tag_group',
  messages: TAG_GROUP_MESSAGES,
  access: { read: 'authenticated', manage: 'tag_group.manage' },
  paths: {
    list: '/v2/group-tag-customer',
    create: '/v2/group-tag-customer',
    one: '/v2/group-tag-customer/:id',
  },
  summaries: {
    list: 'Nhóm tags khách hàng',
    record: 'nhóm tags',
  },
  schemas: { view: tagGroupView, body: tagGroupBody, query: tagGroupQuery },
  listAnswer: 'array',
  list: async (ctx, query) =>
    (await repo.listTagGroups(ctx.db, ctx.tenantId, query.tag_name || undefined)).map(toTagGroup),
  find: async (ctx, id) => {
    const found = (await repo.listTagGroups(ctx.db, ctx.tenantId)).find(
      ({ group }) => group.id === id,
    );
    return found && toTagGroup(found);
  },
  // Unique in the tenant, compared without case and diacritics.
  nameTaken: async (ctx, body, id) => {
    const key = toSearchKey(body.name);
    const groups = await repo.tagGroupNames(ctx.db, ctx.tenantId);
    return groups.some((group) => group.id !== id && toSearchKey(group.name) === key);
  },
  write: async (ctx, id, body) => {
    const wanted = await checkDuplicates(ctx.platform, ctx.tenantId, body, id ?? undefined);
    return ctx.db.transaction(async (tx) => {
      const groupId = id ?? (await repo.insertTagGroup(tx, ctx.tenantId, body.name)).id;
      if (id) await repo.renameTagGroup(tx, ctx.tenantId, id, body.name);
      await repo.syncTags(tx, ctx.tenantId, groupId, wanted);
      return groupId;
    });
  },
  remove: (ctx, id) => repo.deleteTagGroup(ctx.db, ctx.tenantId, id),
});
