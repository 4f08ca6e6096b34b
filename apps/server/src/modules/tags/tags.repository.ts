import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { customerTags, tagGroups, tags } from '../../db/schema/customers.js';
import { unaccentContains, vietnameseOrder } from '../../platform/sql.js';

/** Tag groups whose name or one of whose tags contains the text (all groups without text). */
export async function listTagGroups(db: Database, tenantId: string, text?: string) {
  const conditions = [eq(tagGroups.tenantId, tenantId)];
  if (text) {
    conditions.push(
      sql`(${unaccentContains(tagGroups.name, text)} or exists (select 1 from ${tags} t where t.tag_group_id = ${tagGroups.id} and ${unaccentContains(sql`t.name`, text)}))`,
    );
  }
  const groupRows = await db
    .select()
    .from(tagGroups)
    .where(and(...conditions))
    .orderBy(vietnameseOrder(tagGroups.name));
  const tagRows = groupRows.length
    ? await db
        .select()
        .from(tags)
        .where(
          inArray(
            tags.tagGroupId,
            groupRows.map((g) => g.id),
          ),
        )
        .orderBy(asc(tags.position))
    : [];
  // Customers carrying any tag of the group: what deleting it takes from them.
  const counts = groupRows.length
    ? await db
        .select({
          groupId: tags.tagGroupId,
          customers: sql<number>`count(distinct ${customerTags.customerId})::int`,
        })
        .from(customerTags)
        .innerJoin(tags, eq(tags.id, customerTags.tagId))
        .where(
          inArray(
            tags.tagGroupId,
            groupRows.map((g) => g.id),
          ),
        )
        .groupBy(tags.tagGroupId)
    : [];
  return groupRows.map((group) => ({
    group,
    tags: tagRows.filter((tag) => tag.tagGroupId === group.id),
    customerCount: counts.find((row) => row.groupId === group.id)?.customers ?? 0,
  }));
}

/** The tenant's tag group names, without their tags. */
export function tagGroupNames(db: Database, tenantId: string) {
  return db
    .select({ id: tagGroups.id, name: tagGroups.name })
    .from(tagGroups)
    .where(eq(tagGroups.tenantId, tenantId));
}

/** Keys of the tenant's tags outside one group (or in all groups). */
export async function keysOutside(
  db: Database,
  tenantId: string,
  keys: string[],
  exceptGroupId?: string,
) {
  if (keys.length === 0) return new Set<string>();
  const conditions = [eq(tags.tenantId, tenantId), inArray(tags.key, keys)];
  if (exceptGroupId) conditions.push(ne(tags.tagGroupId, exceptGroupId));
  const rows = await db
    .select({ key: tags.key })
    .from(tags)
    .where(and(...conditions));
  return new Set(rows.map((row) => row.key));
}

export async function insertTagGroup(tx: Transaction, tenantId: string, name: string) {
  const [row] = await tx.insert(tagGroups).values({ tenantId, name }).returning();
  if (!row) throw new Error('tag group not created');
  return row;
}

export async function renameTagGroup(tx: Transaction, tenantId: string, id: string, name: string) {
  await tx
    .update(tagGroups)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(tagGroups.tenantId, tenantId), eq(tagGroups.id, id)));
}

/**
 * Makes the group's tags exactly `wanted`, keeping the ids (and so the customers' tags) of the
 * tags it names by id (a rename) or, failing that, whose key stays (a new spelling).
 */
export async function syncTags(
  tx: Transaction,
  tenantId: string,
  groupId: string,
  wanted: { name: string; key: string; id: string | null }[],
) {
  const existing = await tx.select().from(tags).where(eq(tags.tagGroupId, groupId));
  const left = new Map(existing.map((tag) => [tag.id, tag]));
  const claim = (id: string | undefined) => {
    const tag = id === undefined ? undefined : left.get(id);
    if (tag) left.delete(tag.id);
    return tag;
  };
  const plan = wanted.map((tag) => ({
    ...tag,
    current:
      claim(tag.id ?? undefined) ??
      claim([...left.values()].find((other) => other.key === tag.key)?.id),
  }));
  const removed = [...left.keys()];
  if (removed.length) await tx.delete(tags).where(inArray(tags.id, removed));
  // Keys move between kept tags (two swapped names): free them all before setting them.
  const kept = plan.flatMap((tag) => (tag.current ? [tag.current.id] : []));
  if (kept.length)
    await tx
      .update(tags)
      .set({ key: sql`'~' || ${tags.id}::text` })
      .where(inArray(tags.id, kept));
  for (const [position, tag] of plan.entries()) {
    if (tag.current)
      await tx
        .update(tags)
        .set({ name: tag.name, key: tag.key, position })
        .where(eq(tags.id, tag.current.id));
    else
      await tx
        .insert(tags)
        .values({ tenantId, tagGroupId: groupId, name: tag.name, key: tag.key, position });
  }
}

export async function deleteTagGroup(db: Database, tenantId: string, id: string) {
  await db.delete(tagGroups).where(and(eq(tagGroups.tenantId, tenantId), eq(tagGroups.id, id)));
}
