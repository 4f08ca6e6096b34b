import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../platform/db.js';
import {
  slaTargets,
  tags,
  ticketPriorities,
  ticketServices,
  ticketTemplates,
  ticketTypes,
  tickets,
} from '../../db/schema/index.js';
import { vietnameseOrder } from '../../platform/sql.js';

type Db = Database | Transaction;

/** Whether another row of the tenant has this name, without regard to case. */
async function nameTaken(
  db: Db,
  table: typeof ticketPriorities | typeof ticketTypes | typeof ticketServices,
  tenantId: string,
  name: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(table.tenantId, tenantId),
    sql`lower(${table.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(table.id, exceptId));
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Rows referencing a value: tickets (of the tenant), templates, services, SLA targets. */
async function countRefs(
  db: Db,
  from: typeof tickets | typeof ticketTemplates | typeof ticketServices,
  column: PgColumn,
  tenantColumn: PgColumn,
  tenantId: string,
  id: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(from)
    .where(and(eq(tenantColumn, tenantId), eq(column, id)));
  return row?.n ?? 0;
}

async function countSlaTargets(db: Db, column: PgColumn, id: string) {
  const [row] = await db.select({ n: count() }).from(slaTargets).where(eq(column, id));
  return row?.n ?? 0;
}

/* ---------------------------------------------------------------------------- priorities */

export const priorityNameTaken = (db: Db, tenantId: string, name: string, exceptId?: string) =>
  nameTaken(db, ticketPriorities, tenantId, name, exceptId);

export const listPriorities = (db: Db, tenantId: string) =>
  db
    .select()
    .from(ticketPriorities)
    .where(eq(ticketPriorities.tenantId, tenantId))
    .orderBy(asc(ticketPriorities.position), vietnameseOrder(ticketPriorities.name));

export const findPriority = (db: Db, tenantId: string, id: string) =>
  db.query.ticketPriorities.findFirst({
    where: and(eq(ticketPriorities.tenantId, tenantId), eq(ticketPriorities.id, id)),
  });

export async function insertPriority(db: Db, values: typeof ticketPriorities.$inferInsert) {
  const [row] = await db.insert(ticketPriorities).values(values).returning();
  if (!row) throw new Error('priority not created');
  return row;
}

export async function updatePriority(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof ticketPriorities.$inferInsert>,
) {
  const [row] = await db
    .update(ticketPriorities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ticketPriorities.tenantId, tenantId), eq(ticketPriorities.id, id)))
    .returning();
  return row;
}

export async function deletePriority(db: Db, tenantId: string, id: string) {
  await db
    .delete(ticketPriorities)
    .where(and(eq(ticketPriorities.tenantId, tenantId), eq(ticketPriorities.id, id)));
}

export async function priorityUsage(db: Db, tenantId: string, id: string) {
  return {
    tickets: await countRefs(db, tickets, tickets.priorityId, tickets.tenantId, tenantId, id),
    templates: await countRefs(
      db,
      ticketTemplates,
      ticketTemplates.priorityId,
      ticketTemplates.tenantId,
      tenantId,
      id,
    ),
    sla_policies: await countSlaTargets(db, slaTargets.priorityId, id),
  };
}

/* --------------------------------------------------------------------------------- types */

export const typeNameTaken = (db: Db, tenantId: string, name: string, exceptId?: string) =>
  nameTaken(db, ticketTypes, tenantId, name, exceptId);

export const listTypes = (db: Db, tenantId: string) =>
  db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.tenantId, tenantId))
    .orderBy(asc(ticketTypes.position), vietnameseOrder(ticketTypes.name));

export const findType = (db: Db, tenantId: string, id: string) =>
  db.query.ticketTypes.findFirst({
    where: and(eq(ticketTypes.tenantId, tenantId), eq(ticketTypes.id, id)),
  });

export async function insertType(db: Db, values: typeof ticketTypes.$inferInsert) {
  const [row] = await db.insert(ticketTypes).values(values).returning();
  if (!row) throw new Error('type not created');
  return row;
}

export async function updateType(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof ticketTypes.$inferInsert>,
) {
  const [row] = await db
    .update(ticketTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ticketTypes.tenantId, tenantId), eq(ticketTypes.id, id)))
    .returning();
  return row;
}

export async function deleteType(db: Db, tenantId: string, id: string) {
  await db
    .delete(ticketTypes)
    .where(and(eq(ticketTypes.tenantId, tenantId), eq(ticketTypes.id, id)));
}

export async function typeUsage(db: Db, tenantId: string, id: string) {
  return {
    tickets: await countRefs(db, tickets, tickets.typeId, tickets.tenantId, tenantId, id),
    templates: await countRefs(
      db,
      ticketTemplates,
      ticketTemplates.typeId,
      ticketTemplates.tenantId,
      tenantId,
      id,
    ),
    services: await countRefs(
      db,
      ticketServices,
      ticketServices.typeId,
      ticketServices.tenantId,
      tenantId,
      id,
    ),
    sla_policies: await countSlaTargets(db, slaTargets.typeId, id),
  };
}

/* ------------------------------------------------------------------------------ services */

export const serviceNameTaken = (db: Db, tenantId: string, name: string, exceptId?: string) =>
  nameTaken(db, ticketServices, tenantId, name, exceptId);

/** Services with their type's name; with `typeId`, those of the type and those of every type. */
export function listServices(
  db: Db,
  tenantId: string,
  filter: { typeId?: string; id?: string } = {},
) {
  const conditions: SQL[] = [eq(ticketServices.tenantId, tenantId)];
  if (filter.typeId)
    conditions.push(
      or(eq(ticketServices.typeId, filter.typeId), isNull(ticketServices.typeId)) as SQL,
    );
  if (filter.id) conditions.push(eq(ticketServices.id, filter.id));
  return db
    .select({ service: ticketServices, typeName: ticketTypes.name })
    .from(ticketServices)
    .leftJoin(ticketTypes, eq(ticketTypes.id, ticketServices.typeId))
    .where(and(...conditions))
    .orderBy(asc(ticketServices.position), vietnameseOrder(ticketServices.name));
}

export const findService = (db: Db, tenantId: string, id: string) =>
  db.query.ticketServices.findFirst({
    where: and(eq(ticketServices.tenantId, tenantId), eq(ticketServices.id, id)),
  });

export async function insertService(db: Db, values: typeof ticketServices.$inferInsert) {
  const [row] = await db.insert(ticketServices).values(values).returning();
  if (!row) throw new Error('service not created');
  return row;
}

export async function updateService(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof ticketServices.$inferInsert>,
) {
  const [row] = await db
    .update(ticketServices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ticketServices.tenantId, tenantId), eq(ticketServices.id, id)))
    .returning();
  return row;
}

export async function deleteService(db: Db, tenantId: string, id: string) {
  await db
    .delete(ticketServices)
    .where(and(eq(ticketServices.tenantId, tenantId), eq(ticketServices.id, id)));
}

export async function serviceUsage(db: Db, tenantId: string, id: string) {
  return {
    tickets: await countRefs(db, tickets, tickets.serviceId, tickets.tenantId, tenantId, id),
    templates: await countRefs(
      db,
      ticketTemplates,
      ticketTemplates.serviceId,
      ticketTemplates.tenantId,
      tenantId,
      id,
    ),
  };
}

/* ----------------------------------------------------------------------- ticket templates */

export async function templateNameTaken(db: Db, tenantId: string, name: string, exceptId?: string) {
  const conditions: SQL[] = [
    eq(ticketTemplates.tenantId, tenantId),
    sql`lower(${ticketTemplates.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(ne(ticketTemplates.id, exceptId));
  const [row] = await db
    .select({ id: ticketTemplates.id })
    .from(ticketTemplates)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export function listTemplates(db: Db, tenantId: string, id?: string) {
  const conditions: SQL[] = [eq(ticketTemplates.tenantId, tenantId)];
  if (id) conditions.push(eq(ticketTemplates.id, id));
  return db
    .select({
      template: ticketTemplates,
      typeName: ticketTypes.name,
      priorityName: ticketPriorities.name,
      serviceName: ticketServices.name,
    })
    .from(ticketTemplates)
    .leftJoin(ticketTypes, eq(ticketTypes.id, ticketTemplates.typeId))
    .leftJoin(ticketPriorities, eq(ticketPriorities.id, ticketTemplates.priorityId))
    .leftJoin(ticketServices, eq(ticketServices.id, ticketTemplates.serviceId))
    .where(and(...conditions))
    .orderBy(vietnameseOrder(ticketTemplates.name));
}

/** The tenant's tags among these ids, with their names. */
export function tagsByIds(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
}

export async function insertTemplate(db: Db, values: typeof ticketTemplates.$inferInsert) {
  const [row] = await db.insert(ticketTemplates).values(values).returning();
  if (!row) throw new Error('template not created');
  return row;
}

export async function updateTemplate(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof ticketTemplates.$inferInsert>,
) {
  const [row] = await db
    .update(ticketTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(ticketTemplates.tenantId, tenantId), eq(ticketTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, tenantId: string, id: string) {
  await db
    .delete(ticketTemplates)
    .where(and(eq(ticketTemplates.tenantId, tenantId), eq(ticketTemplates.id, id)));
}
