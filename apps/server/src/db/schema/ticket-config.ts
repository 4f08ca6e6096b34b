import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { tenants } from './tenants.js';

/** A tenant's ticket priorities (Thấp, Trung bình, Cao, Khẩn cấp by default), in their order. */
export const ticketPriorities = pgTable(
  'ticket_priorities',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** A CSS hex colour, '#RRGGBB'. */
    color: text('color').notNull().default('#64748b'),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ticket_priorities_name_unique').on(table.tenantId, sql`lower(${table.name})`),
  ],
);

/** Ticket types (Hỏi đáp, Khiếu nại, Sự cố...). */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ticket_types_name_unique').on(table.tenantId, sql`lower(${table.name})`),
  ],
);

/** Services a ticket is about, optionally offered for one ticket type only. */
export const ticketServices = pgTable(
  'ticket_services',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** Null: offered for every type. */
    typeId: uuid('type_id').references(() => ticketTypes.id),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('ticket_services_name_unique').on(table.tenantId, sql`lower(${table.name})`),
    index('ticket_services_type_idx').on(table.tenantId, table.typeId),
  ],
);
