import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { unaccentContains, vietnameseOrder } from '../../platform/sql.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import {
  messageTemplateCatalogs,
  messageTemplateDepartments,
  messageTemplates,
} from '../../db/schema/templates.js';
import { users } from '../../db/schema/users.js';

type Db = Database | Transaction;

// Correlated subqueries name the outer row's table explicitly: drizzle leaves columns
// unqualified in single-table selects, where `t.catalog_id = "id"` would mean the inner row.
const catalogIdRef = sql`${messageTemplateCatalogs}.${sql.identifier('id')}`;
const templateIdRef = sql`${messageTemplates}.${sql.identifier('id')}`;

/* ------------------------------------------------------------------------------ catalogs */

const templateCount = sql<number>`(select count(*)::int from ${messageTemplates} t
  where t.catalog_id = ${catalogIdRef})`;

export async function listCatalogs(
  db: Database,
  tenantId: string,
  filter: { keyword?: string; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(messageTemplateCatalogs.tenantId, tenantId)];
  if (filter.keyword) {
    conditions.push(
      sql`(${unaccentContains(messageTemplateCatalogs.name, filter.keyword)} or ${unaccentContains(messageTemplateCatalogs.description, filter.keyword)})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ catalog: messageTemplateCatalogs, templateCount })
      .from(messageTemplateCatalogs)
      .where(where)
      .orderBy(vietnameseOrder(messageTemplateCatalogs.name), asc(messageTemplateCatalogs.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(messageTemplateCatalogs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function getCatalog(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ catalog: messageTemplateCatalogs, templateCount })
    .from(messageTemplateCatalogs)
    .where(and(eq(messageTemplateCatalogs.tenantId, tenantId), eq(messageTemplateCatalogs.id, id)));
  return row;
}
export type CatalogRow = NonNullable<Awaited<ReturnType<typeof getCatalog>>>;

export async function catalogNameTaken(
  db: Db,
  tenantId: string,
  nameKey: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(messageTemplateCatalogs.tenantId, tenantId),
    eq(messageTemplateCatalogs.nameKey, nameKey),
  ];
  if (exceptId) conditions.push(ne(messageTemplateCatalogs.id, exceptId));
  const [row] = await db
    .select({ id: messageTemplateCatalogs.id })
    .from(messageTemplateCatalogs)
    .where(and(...conditions))
    .limit(1);
  return !!row;
}

export async function insertCatalog(
  db: Db,
  values: typeof messageTemplateCatalogs.$inferInsert,
): Promise<string> {
  const [row] = await db
    .insert(messageTemplateCatalogs)
    .values(values)
    .returning({ id: messageTemplateCatalogs.id });
  if (!row) throw new Error('template catalog not created');
  return row.id;
}

export async function updateCatalog(
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; nameKey: string; description: string },
) {
  await db
    .update(messageTemplateCatalogs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(messageTemplateCatalogs.tenantId, tenantId), eq(messageTemplateCatalogs.id, id)));
}

export async function deleteCatalog(db: Db, tenantId: string, id: string) {
  await db
    .delete(messageTemplateCatalogs)
    .where(and(eq(messageTemplateCatalogs.tenantId, tenantId), eq(messageTemplateCatalogs.id, id)));
}

/* ----------------------------------------------------------------------------- templates */

const departmentsOfTemplate = sql<{ _id: string; name: string }[]>`coalesce((
  select json_agg(json_build_object('_id', g.id, 'name', g.name) order by g.name)
  from ${messageTemplateDepartments} td join ${groups} g on g.id = td.group_id
  where td.template_id = ${templateIdRef}), '[]'::json)`;

const templateWithRelations = {
  template: messageTemplates,
  catalogName: messageTemplateCatalogs.name,
  ownerName: users.name,
  departments: departmentsOfTemplate,
};

/** Templates a user may use: the tenant's, their departments' and their own personal ones. */
export const usableBy = (userId: string): SQL => sql`(
  ${messageTemplates.visibility} = 'everyone'
  or (${messageTemplates.visibility} = 'personal' and ${messageTemplates.ownerId} = ${userId})
  or (${messageTemplates.visibility} = 'departments' and exists (
    select 1 from ${messageTemplateDepartments} td
    join ${groupMembers} gm on gm.group_id = td.group_id
    where td.template_id = ${templateIdRef} and gm.user_id = ${userId})))`;

/** Every shared template, and the user's own personal ones: what those who run them see. */
export const sharedOrOwn = (userId: string): SQL =>
  sql`(${messageTemplates.visibility} <> 'personal' or ${messageTemplates.ownerId} = ${userId})`;

export interface TemplateFilter {
  /** Who is looking: usableBy or sharedOrOwn. */
  visibleTo: SQL;
  kind?: string;
  keyword?: string;
  /** A catalog id, or null for templates without one. */
  catalogId?: string | null;
  visibility?: string;
  active?: boolean;
}

function templateConditions(tenantId: string, filter: TemplateFilter) {
  const conditions: SQL[] = [eq(messageTemplates.tenantId, tenantId), filter.visibleTo];
  if (filter.kind) conditions.push(eq(messageTemplates.kind, filter.kind));
  if (filter.catalogId === null) conditions.push(isNull(messageTemplates.catalogId));
  else if (filter.catalogId) conditions.push(eq(messageTemplates.catalogId, filter.catalogId));
  if (filter.visibility) conditions.push(eq(messageTemplates.visibility, filter.visibility));
  if (filter.active !== undefined) conditions.push(eq(messageTemplates.active, filter.active));
  if (filter.keyword) {
    conditions.push(
      unaccentContains(
        sql`concat_ws(' ', ${messageTemplates.name}, ${messageTemplates.shortcut}, ${messageTemplates.content})`,
        filter.keyword,
      ),
    );
  }
  return and(...conditions);
}

const selectTemplates = (db: Db) =>
  db
    .select(templateWithRelations)
    .from(messageTemplates)
    .innerJoin(users, eq(users.id, messageTemplates.ownerId))
    .leftJoin(messageTemplateCatalogs, eq(messageTemplateCatalogs.id, messageTemplates.catalogId));

export async function listTemplates(
  db: Database,
  tenantId: string,
  filter: TemplateFilter & { offset: number; limit: number },
) {
  const where = templateConditions(tenantId, filter);
  const [rows, [total]] = await Promise.all([
    selectTemplates(db)
      .where(where)
      .orderBy(vietnameseOrder(messageTemplates.name), asc(messageTemplates.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(messageTemplates).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Every match, without paging: what a composer offers a user (kind, then name). */
export async function allTemplates(db: Database, tenantId: string, filter: TemplateFilter) {
  return selectTemplates(db)
    .where(templateConditions(tenantId, filter))
    .orderBy(asc(messageTemplates.kind), vietnameseOrder(messageTemplates.name));
}

export async function getTemplate(db: Db, tenantId: string, id: string) {
  const [row] = await selectTemplates(db).where(
    and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.id, id)),
  );
  return row;
}
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof getTemplate>>>;

export async function isUsableBy(db: Db, tenantId: string, id: string, userId: string) {
  const [row] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(
      and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.id, id), usableBy(userId)),
    );
  return !!row;
}

export async function shortcutTaken(db: Db, tenantId: string, shortcut: string, exceptId?: string) {
  const conditions: SQL[] = [
    eq(messageTemplates.tenantId, tenantId),
    eq(messageTemplates.shortcut, shortcut),
  ];
  if (exceptId) conditions.push(ne(messageTemplates.id, exceptId));
  const [row] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(...conditions))
    .limit(1);
  return !!row;
}

export async function catalogExists(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: messageTemplateCatalogs.id })
    .from(messageTemplateCatalogs)
    .where(and(eq(messageTemplateCatalogs.tenantId, tenantId), eq(messageTemplateCatalogs.id, id)));
  return !!row;
}

/** The ids among `ids` that are departments (groups with target 'user') of the tenant. */
export async function departmentIdsInTenant(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'user'), inArray(groups.id, ids)));
  return rows.map((row) => row.id);
}

export async function staffUserInTenant(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return !!row;
}

export async function insertTemplate(
  tx: Transaction,
  values: typeof messageTemplates.$inferInsert,
): Promise<string> {
  const [row] = await tx
    .insert(messageTemplates)
    .values(values)
    .returning({ id: messageTemplates.id });
  if (!row) throw new Error('template not created');
  return row.id;
}

export async function updateTemplate(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Partial<typeof messageTemplates.$inferInsert>,
) {
  await tx
    .update(messageTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.id, id)));
}

export async function setTemplateDepartments(
  tx: Transaction,
  tenantId: string,
  templateId: string,
  groupIds: string[],
) {
  await tx
    .delete(messageTemplateDepartments)
    .where(
      and(
        eq(messageTemplateDepartments.tenantId, tenantId),
        eq(messageTemplateDepartments.templateId, templateId),
      ),
    );
  if (groupIds.length > 0)
    await tx
      .insert(messageTemplateDepartments)
      .values(groupIds.map((groupId) => ({ tenantId, templateId, groupId })));
}

export async function deleteTemplate(db: Db, tenantId: string, id: string) {
  await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.tenantId, tenantId), eq(messageTemplates.id, id)));
}
