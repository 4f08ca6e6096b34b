import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, recordNumber, timestamptz, updatedAt } from './columns.js';
import { groups } from './groups.js';
import { organizations } from './organizations.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: recordNumber(),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    gender: text('gender'),
    birthday: date('birthday'),
    address: text('address'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    tier: smallint('tier').notNull().default(0),
    organizationId: uuid('organization_id').references(() => organizations.id),
    ownerId: uuid('owner_id').references(() => users.id),
    source: text('source').notNull().default('hand'),
    notes: text('notes').notNull().default(''),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    /** Primary phone and email, kept here for the list. */
    primaryPhone: text('primary_phone'),
    primaryEmail: text('primary_email'),
    /** Lower-cased, diacritics-free name: the order of an alphabetical list. */
    nameKey: text('name_key').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('customers_tenant_number_unique').on(table.tenantId, table.number),
    // Scanned forwards or backwards for both orders of the default sort (created_at, id).
    index('customers_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
    index('customers_tenant_name_idx').on(table.tenantId, table.nameKey, table.id),
    index('customers_tenant_tier_idx').on(table.tenantId, table.tier, table.createdAt),
    index('customers_tenant_source_idx').on(table.tenantId, table.source, table.createdAt),
    // The common pair of filters (a tier from a channel): counted from the index alone, and its
    // page read in date order without filtering the channel's other tiers.
    index('customers_tenant_source_tier_idx').on(
      table.tenantId,
      table.source,
      table.tier,
      table.createdAt,
    ),
    index('customers_tenant_owner_idx').on(table.tenantId, table.ownerId),
    index('customers_tenant_org_idx').on(table.tenantId, table.organizationId),
    // Custom field filters by containment (`custom @> {"key": value}`): select, multi-select,
    // checkbox. jsonb_path_ops indexes values under their path, smaller than the default class.
    index('customers_custom_idx').using('gin', table.custom.op('jsonb_path_ops')),
  ],
);

/**
 * Where a merged-away customer went: its old id and number answer with the survivor
 * (`merged_into`), so links and open tabs to it still lead somewhere.
 */
export const customerMerges = pgTable(
  'customer_merges',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    mergedId: uuid('merged_id').primaryKey(),
    mergedNumber: integer('merged_number').notNull(),
    /** No foreign key: the survivor may be merged or deleted later in its turn. */
    survivorId: uuid('survivor_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('customer_merges_number_idx').on(table.tenantId, table.mergedNumber)],
);

/**
 * What a customer search matches: terms a keyword is the start of (migrations 0006 and 0008).
 * Database triggers keep it in step with customers, customer_phones and customer_emails
 * (migration 0006), so every way of writing a customer, SQL imports included, stays findable.
 */
export const customerSearchTerms = pgTable(
  'customer_search_terms',
  {
    tenantId: uuid('tenant_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['name', 'email', 'phone'] }).notNull(),
    term: text('term').notNull(),
    /** The customer's, so a search's page is sorted from this table's index alone. */
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.kind, table.term] }),
    // A keyword is a prefix: `term like 'abc%'` is a range scan of this index, on any collation.
    // Migration 0011 adds INCLUDE (customer_id, created_at), which drizzle cannot declare: the
    // matches and their order are read from the index alone.
    index('customer_search_terms_lookup_idx').on(
      table.tenantId,
      table.kind,
      table.term.op('text_pattern_ops'),
    ),
    // Bare digits match anywhere in a phone number: digit trigrams are evenly spread, so this
    // is selective.
    index('customer_search_terms_phone_trgm_idx')
      .using('gin', sql`${table.term} gin_trgm_ops`)
      .where(sql`${table.kind} = 'phone'`),
  ],
);

export const customerPhones = pgTable(
  'customer_phones',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** National significant number: +84 and 0 forms of one number are equal here. */
    national: text('national').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (table) => [
    uniqueIndex('customer_phones_tenant_national_unique').on(table.tenantId, table.national),
    index('customer_phones_customer_idx').on(table.customerId),
  ],
);

export const customerEmails = pgTable(
  'customer_emails',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (table) => [
    uniqueIndex('customer_emails_tenant_email_unique').on(table.tenantId, table.email),
    index('customer_emails_customer_idx').on(table.customerId),
  ],
);

/** Customers in customer groups (groups with target end_user). */
export const groupCustomers = pgTable(
  'group_customers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.customerId] }),
    index('group_customers_customer_idx').on(table.customerId),
  ],
);

export const tagGroups = pgTable(
  'tag_groups',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('tag_groups_tenant_idx').on(table.tenantId)],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tagGroupId: uuid('tag_group_id')
      .notNull()
      .references(() => tagGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Case- and diacritics-free name: two tags of a tenant never share it. */
    key: text('key').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('tags_tenant_key_unique').on(table.tenantId, table.key),
    index('tags_group_idx').on(table.tagGroupId),
  ],
);

export const customerTags = pgTable(
  'customer_tags',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.tagId] }),
    index('customer_tags_tag_idx').on(table.tagId),
  ],
);

/** Custom fields of customers and tickets. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entity: text('entity').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('custom_fields_key_unique').on(table.tenantId, table.entity, table.key)],
);

/** A user's named filter of a list screen. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    entity: text('entity').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('saved_filters_user_idx').on(table.userId, table.entity)],
);

/**
 * Each customer's first contact: the earliest of their tickets (chats included) and inbound calls,
 * kept by triggers on both (migration 0056). The reports' new and returning customers read it
 * instead of looking each customer's history up.
 */
export const customerFirstContacts = pgTable(
  'customer_first_contacts',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    firstAt: timestamptz('first_at').notNull(),
  },
  // A report reads its tenant's from the index alone.
  (table) => [
    index('customer_first_contacts_tenant_idx').on(table.tenantId, table.customerId, table.firstAt),
  ],
);

/** Vietnam's provinces and districts (reference data, shared by all tenants). */
export const cities = pgTable('cities', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});
export const districts = pgTable(
  'districts',
  {
    code: text('code').primaryKey(),
    cityCode: text('city_code')
      .notNull()
      .references(() => cities.code),
    name: text('name').notNull(),
  },
  (table) => [index('districts_city_idx').on(table.cityCode)],
);
