import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../platform/db.js';
import { tags } from '../../db/schema/customers.js';
import { ticketPriorities, ticketServices, ticketTypes } from '../../db/schema/ticket-config.js';
import { slaTargets, ticketTemplates } from '../../db/schema/ticket-settings.js';
import { tickets } from '../../db/schema/tickets.js';
import { vietnameseOrder } from '../../platform/sql.js';

type Db = Database | Transaction;

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
