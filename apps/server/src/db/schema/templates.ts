import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { groups } from './groups.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** Categories of message templates, per tenant (Cài đặt → Danh mục mẫu). */
export const messageTemplateCatalogs = pgTable(
  'message_template_catalogs',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** Lower-cased, diacritics-free name (toSearchKey): what makes names unique. */
    nameKey: text('name_key').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('message_template_catalogs_name_unique').on(table.tenantId, table.nameKey),
  ],
);

/**
 * Message templates (canned responses) of kinds sms, zns, chat, whatsapp and email. The owner
 * is who created it; a 'personal' template is only theirs, 'departments' templates are for the
 * members of message_template_departments, 'everyone' templates for the whole tenant.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** A catalog with templates cannot be deleted (no cascade). */
    catalogId: uuid('catalog_id').references(() => messageTemplateCatalogs.id),
    content: text('content').notNull(),
    subject: text('subject'),
    /** Lower-cased, '/'-prefixed chat shortcut, unique in the tenant. */
    shortcut: text('shortcut'),
    znsTemplateId: text('zns_template_id'),
    /** WhatsApp: the name and language of the template Meta approved. */
    waTemplateName: text('wa_template_name'),
    waLanguage: text('wa_language'),
    visibility: text('visibility').notNull(),
    active: boolean('active').notNull().default(true),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('message_templates_tenant_kind_idx').on(table.tenantId, table.kind),
    index('message_templates_catalog_idx').on(table.catalogId),
    index('message_templates_owner_idx').on(table.ownerId),
    uniqueIndex('message_templates_shortcut_unique')
      .on(table.tenantId, table.shortcut)
      .where(sql`${table.shortcut} is not null`),
  ],
);

/** The departments (groups with target 'user') a 'departments' template is for. */
export const messageTemplateDepartments = pgTable(
  'message_template_departments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.groupId] }),
    index('message_template_departments_group_idx').on(table.groupId),
  ],
);
