import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, recordNumber, updatedAt } from './columns.js';
import { tenants } from './tenants.js';

/** The tenant's organisational units (company, branches) as a tree. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: recordNumber(),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizations.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('organizations_tenant_idx').on(table.tenantId),
    uniqueIndex('organizations_tenant_number_unique').on(table.tenantId, table.number),
    // Sibling names are unique; roots share the all-zero parent in the index.
    uniqueIndex('organizations_sibling_name_unique').on(
      table.tenantId,
      sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.name})`,
    ),
  ],
);
