import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { countOf, type Database, type Transaction } from '../../platform/db.js';
import {
  customerEmails,
  customerMerges,
  customerPhones,
  customerSearchTerms,
  customerTags,
  customers,
  groupCustomers,
  tags,
} from '../../db/schema/customers.js';
import { groups } from '../../db/schema/groups.js';
import { organizations } from '../../db/schema/organizations.js';
import { customerIdentities } from '../../db/schema/channel-inbound.js';
import { livechatVisitors } from '../../db/schema/conversations.js';
import { auditLog } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import type { CustomFieldCondition } from '@omnicare/shared/fields/custom-filters';
import { containsPattern, prefixPattern } from '../../platform/sql.js';
import { customFieldSql } from '../../platform/custom-field-sql.js';
import { rememberQuery, type TenantMemo } from '../../platform/tenant-memo.js';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import { tenantRecord } from '../../platform/record-numbers.js';

type Db = Database | Transaction;
export type CustomerRow = typeof customers.$inferSelect;
type SearchTermKind = (typeof customerSearchTerms.$inferSelect)['kind'];

export interface CustomerFilter {
  /**
   * Already normalised: the start of search terms (any of `prefixes`; none matches nothing), or
   * digits anywhere in a phone number.
   */
  search?: { kinds: SearchTermKind[]; prefixes: string[] } | { digits: string };
  groupId?: string;
  tagId?: string;
  tier?: number;
  source?: string;
  ownerId?: string;
  organizationId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  /** Checked filters on `customers.custom` (see `customFieldCondition`). */
  custom?: CustomFieldCondition[];
  scope?: SQL;
}

const remembered = <T>(
  memo: TenantMemo | undefined,
  tenantId: string,
  query: SQL,
  run: (query: SQL) => Promise<T>,
) => rememberQuery(memo, 'customers', tenantId, query, run);

type Search = NonNullable<CustomerFilter['search']>;

/**
 * The search terms a keyword matches (customer_id, created_at): the start of a name, an email or
 * a phone number, or for bare digits, anywhere in a phone number. Several prefixes (the word
 * orders of a name) are one index range each, joined by `union all`: each is read from the
 * index alone, where `or` made PostgreSQL combine bitmaps and visit the table for every match
 * (four times the pages for 'nguyen van an'). A term has one start, so it matches at most one
 * prefix and is never listed twice.
 */
const matchingTerms = (tenantId: string, search: Search) => {
  if ('digits' in search)
    return sql`select t.customer_id, t.created_at from ${customerSearchTerms} t
      where t.tenant_id = ${tenantId} and t.kind = 'phone'
        and t.term like ${containsPattern(search.digits)}`;
  if (search.prefixes.length === 0)
    return sql`select t.customer_id, t.created_at from ${customerSearchTerms} t where false`;
  return sql.join(
    search.prefixes.map(
      (prefix) => sql`select t.customer_id, t.created_at from ${customerSearchTerms} t
        where t.tenant_id = ${tenantId} and ${inArray(sql`t.kind`, search.kinds)}
          and t.term like ${prefixPattern(prefix)}`,
    ),
    sql` union all `,
  );
};

/** The ids of the tenant's customers a search matches (several times when several terms do). */
const searchMatches = (tenantId: string, search: Search) =>
  sql`select m.customer_id from (${matchingTerms(tenantId, search)}) m`;

/**
 * The condition a search puts on customers, how to count the customers it matches, and when
 * few enough match, its page in date order. The right plan depends on how
 * many match, and PostgreSQL's estimate of a prefix or trigram match is often off tenfold: it
 * walked 24 000 customers in date order looking for 20 of 172 matches. So the matches are
 * counted first, in the index and remembered:
 * - under `sortedSearch` terms, a page in date order is sorted from the terms alone;
 * - under `narrowSearch` terms, the condition fetches exactly the matching customers;
 * - past it, the search is broad and the condition lets the sort order lead.
 */
async function searchCondition(
  db: Db,
  tenantId: string,
  search: Search,
  { sortedSearch, narrowSearch }: { sortedSearch: number; narrowSearch: number },
  memo: TenantMemo | undefined,
) {
  const matches = searchMatches(tenantId, search);
  const probeLimit = Math.max(sortedSearch, narrowSearch);
  const { terms, customers: matched } = await remembered(
    memo,
    tenantId,
    sql`select count(*)::int as terms, count(distinct customer_id)::int as customers
      from (${matches} limit ${probeLimit}) probe`,
    (query) =>
      db
        .execute<{ terms: number; customers: number }>(query)
        .then((result) => result.rows[0] ?? { terms: 0, customers: 0 }),
  );
  const sortedPage =
    terms < sortedSearch
      ? (order: 'asc' | 'desc', offset: number, limit: number) => {
          const direction = sql.raw(order);
          // When no customer matched twice (the probe saw as many customers as terms), the
          // terms need no grouping: a top-N sort of the index entries is the page.
          const grouped = terms === matched ? sql`` : sql`group by m.customer_id, m.created_at`;
          return sql`select customer_id from (
            select m.customer_id, m.created_at from (${matchingTerms(tenantId, search)}) m
             ${grouped}
             order by m.created_at ${direction}, m.customer_id ${direction}
             offset ${offset} limit ${limit}) page`;
        }
      : undefined;
  return {
    sortedPage,
    condition:
      terms < narrowSearch
        ? sql`${customers.id} = any(array(${matches}))`
        : sql`${customers.id} in (${matches})`,
    // Past the probe, distinct customers among the terms, read from the index: linear in the
    // matches, but far cheaper than visiting customers in an order the planner misjudges.
    matched: () =>
      terms < probeLimit
        ? matched
        : remembered(
            memo,
            tenantId,
            sql`select count(distinct customer_id)::int as value from (${matches}) matching`,
            (query) => countOf(db, query),
          ),
  };
}

/** One custom-field filter on customers (see `customFieldSql`). */
export const customFieldCondition = (condition: CustomFieldCondition): SQL =>
  customFieldSql(customers.custom, condition);

function filterConditions(tenantId: string, filter: Omit<CustomerFilter, 'search'>): SQL[] {
  const conditions: SQL[] = [eq(customers.tenantId, tenantId)];
  if (filter.groupId) {
    conditions.push(
      sql`exists (select 1 from ${groupCustomers} gc where gc.customer_id = ${customers}.id and gc.group_id = ${filter.groupId})`,
    );
  }
  if (filter.tagId) {
    conditions.push(
      sql`exists (select 1 from ${customerTags} ct where ct.customer_id = ${customers}.id and ct.tag_id = ${filter.tagId})`,
    );
  }
  if (filter.tier !== undefined) conditions.push(eq(customers.tier, filter.tier));
  if (filter.source) conditions.push(eq(customers.source, filter.source));
  if (filter.ownerId) conditions.push(eq(customers.ownerId, filter.ownerId));
  if (filter.organizationId) conditions.push(eq(customers.organizationId, filter.organizationId));
  if (filter.createdFrom) conditions.push(gte(customers.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(customers.createdAt, filter.createdBefore));
  for (const condition of filter.custom ?? []) conditions.push(customFieldCondition(condition));
  if (filter.scope) conditions.push(filter.scope);
  return conditions;
}

const SORT_COLUMNS = {
  created_at: customers.createdAt,
  updated_at: customers.updatedAt,
  name: customers.nameKey,
  tier: customers.tier,
} as const;

/** A name looked up in its own subquery: a list query is planned a third faster than with joins. */
const nameOf = (table: typeof users | typeof organizations, id: AnyPgColumn) =>
  sql<string | null>`(select ${table}.name from ${table} where ${table}.id = ${id})`;

const listColumns = {
  customer: customers,
  ownerName: nameOf(users, customers.ownerId),
  organizationName: nameOf(organizations, customers.organizationId),
};

/** Counting stops here: past it, lists say "more than" instead of paying for an exact count. */
export const COUNT_CAP = 10_000;
/** Under this many matching terms, a search alone sorts its date-ordered page from the terms. */
export const SORTED_SEARCH = 20_000;
/** Past this many matching terms a search is broad: its page is found by walking the sort order. */
export const NARROW_SEARCH = 5_000;

export async function listCustomers(
  db: Database,
  tenantId: string,
  filter: CustomerFilter,
  page: { sort: keyof typeof SORT_COLUMNS; order: 'asc' | 'desc'; offset: number; limit: number },
  {
    countCap = COUNT_CAP,
    sortedSearch = SORTED_SEARCH,
    narrowSearch = NARROW_SEARCH,
    memo,
  }: { countCap?: number; sortedSearch?: number; narrowSearch?: number; memo?: TenantMemo } = {},
) {
  const { search, ...others } = filter;
  const searched = search
    ? await searchCondition(db, tenantId, search, { sortedSearch, narrowSearch }, memo)
    : undefined;
  const where = and(...filterConditions(tenantId, others), searched?.condition);
  const direction = page.order === 'asc' ? asc : desc;
  const sortKey = SORT_COLUMNS[page.sort];
  const searchAlone = searched && Object.values(others).every((value) => value === undefined);
  // A search alone in date order reads its page's ids from the terms index.
  const sortedPage =
    searchAlone && page.sort === 'created_at'
      ? searched.sortedPage?.(page.order, page.offset, page.limit)
      : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select(listColumns)
      .from(customers)
      .where(
        sortedPage
          ? and(eq(customers.tenantId, tenantId), sql`${customers.id} in (${sortedPage})`)
          : where,
      )
      .orderBy(direction(sortKey), direction(customers.id))
      .offset(sortedPage ? 0 : page.offset)
      .limit(page.limit),
    // A search alone is counted among its matches.
    searchAlone
      ? searched.matched()
      : remembered(
          memo,
          tenantId,
          sql`select count(*)::int as value from (select 1 from ${customers} where ${where}
            limit ${countCap + 1}) matching`,
          (query) => countOf(db, query),
        ),
  ]);
  return { rows, total: Math.min(counted, countCap), capped: counted > countCap };
}
export type CustomerListRow = Awaited<ReturnType<typeof listCustomers>>['rows'][number];

export async function findCustomer(db: Db, tenantId: string, ref: RecordRef, scope?: SQL) {
  const [row] = await db
    .select(listColumns)
    .from(customers)
    .where(and(tenantRecord(customers, tenantId, ref), scope));
  return row;
}

/** The customers among these ids (in the scope when given), in one query. */
export async function findCustomers(db: Db, tenantId: string, ids: string[], scope?: SQL) {
  if (ids.length === 0) return [];
  return db
    .select(listColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids), scope));
}

/** Remembers where a merged-away customer went (see `customerMerges`). */
export async function recordMerge(
  tx: Transaction,
  values: typeof customerMerges.$inferInsert,
): Promise<void> {
  await tx.insert(customerMerges).values(values);
}

/** The customer a merged-away id or number went into (the last merge's), if it was merged. */
export async function mergedInto(db: Db, tenantId: string, ref: RecordRef) {
  const [row] = await db
    .select({ survivorId: customerMerges.survivorId })
    .from(customerMerges)
    .where(
      and(
        eq(customerMerges.tenantId, tenantId),
        'id' in ref
          ? eq(customerMerges.mergedId, ref.id)
          : eq(customerMerges.mergedNumber, ref.number),
      ),
    )
    .orderBy(desc(customerMerges.createdAt))
    .limit(1);
  return row?.survivorId;
}

export async function customerRelations(db: Db, ids: string[]) {
  if (ids.length === 0) return { phones: [], emails: [], groups: [], tags: [] };
  const [phones, emails, groupRows, tagRows] = await Promise.all([
    db
      .select()
      .from(customerPhones)
      .where(inArray(customerPhones.customerId, ids))
      .orderBy(desc(customerPhones.isPrimary), asc(customerPhones.phone)),
    db
      .select()
      .from(customerEmails)
      .where(inArray(customerEmails.customerId, ids))
      .orderBy(desc(customerEmails.isPrimary), asc(customerEmails.email)),
    db
      .select({ customerId: groupCustomers.customerId, id: groups.id, name: groups.name })
      .from(groupCustomers)
      .innerJoin(groups, eq(groups.id, groupCustomers.groupId))
      .where(inArray(groupCustomers.customerId, ids))
      .orderBy(asc(groups.name)),
    // Tags in their group's order, as the tag screens list them (and as tickets show theirs).
    db
      .select({ customerId: customerTags.customerId, id: tags.id, name: tags.name })
      .from(customerTags)
      .innerJoin(tags, eq(tags.id, customerTags.tagId))
      .where(inArray(customerTags.customerId, ids))
      .orderBy(asc(tags.position), asc(tags.name)),
  ]);
  return { phones, emails, groups: groupRows, tags: tagRows };
}

/** Customers of the tenant (other than `exceptId`) already holding one of these phones or emails. */
export async function findHolders(
  db: Db,
  tenantId: string,
  nationals: string[],
  emails: string[],
  exceptId?: string,
) {
  const matches: SQL[] = [];
  if (nationals.length > 0) {
    matches.push(
      sql`${customers.id} in (select customer_id from ${customerPhones} where tenant_id = ${tenantId} and ${inArray(customerPhones.national, nationals)})`,
    );
  }
  if (emails.length > 0) {
    matches.push(
      sql`${customers.id} in (select customer_id from ${customerEmails} where tenant_id = ${tenantId} and ${inArray(customerEmails.email, emails)})`,
    );
  }
  if (matches.length === 0) return [];
  const conditions: SQL[] = [eq(customers.tenantId, tenantId), or(...matches) as SQL];
  if (exceptId) conditions.push(ne(customers.id, exceptId));
  return db
    .select({ id: customers.id, number: customers.number, name: customers.name })
    .from(customers)
    .where(and(...conditions))
    .limit(5);
}

export async function insertCustomer(tx: Transaction, values: typeof customers.$inferInsert) {
  const [row] = await tx.insert(customers).values(values).returning();
  if (!row) throw new Error('customer not created');
  return row;
}

export async function updateCustomer(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Partial<typeof customers.$inferInsert>,
) {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
}

export async function replaceContacts(
  tx: Transaction,
  tenantId: string,
  customerId: string,
  phones: { phone: string; national: string; isPrimary: boolean }[],
  emails: { email: string; isPrimary: boolean }[],
  /** A customer inserted in this transaction has none to remove. */
  { fresh = false } = {},
) {
  if (!fresh) {
    await tx.delete(customerPhones).where(eq(customerPhones.customerId, customerId));
    await tx.delete(customerEmails).where(eq(customerEmails.customerId, customerId));
  }
  if (phones.length)
    await tx.insert(customerPhones).values(phones.map((p) => ({ ...p, tenantId, customerId })));
  if (emails.length)
    await tx.insert(customerEmails).values(emails.map((e) => ({ ...e, tenantId, customerId })));
}

export async function replaceMemberships(
  tx: Transaction,
  tenantId: string,
  customerId: string,
  groupIds: string[],
  tagIds: string[],
  /** A customer inserted in this transaction has none to remove. */
  { fresh = false } = {},
) {
  if (!fresh) {
    await tx.delete(groupCustomers).where(eq(groupCustomers.customerId, customerId));
    await tx.delete(customerTags).where(eq(customerTags.customerId, customerId));
  }
  if (groupIds.length)
    await tx
      .insert(groupCustomers)
      .values(groupIds.map((groupId) => ({ tenantId, groupId, customerId })));
  if (tagIds.length)
    await tx.insert(customerTags).values(tagIds.map((tagId) => ({ tenantId, tagId, customerId })));
}

export async function addToGroup(
  tx: Transaction,
  tenantId: string,
  groupId: string,
  customerIds: string[],
) {
  if (customerIds.length === 0) return;
  await tx
    .insert(groupCustomers)
    .values(customerIds.map((customerId) => ({ tenantId, groupId, customerId })))
    .onConflictDoNothing();
}

export async function removeFromGroup(
  tx: Transaction,
  tenantId: string,
  groupId: string,
  customerIds: string[],
) {
  if (customerIds.length === 0) return;
  await tx
    .delete(groupCustomers)
    .where(
      and(
        eq(groupCustomers.tenantId, tenantId),
        eq(groupCustomers.groupId, groupId),
        inArray(groupCustomers.customerId, customerIds),
      ),
    );
}

export async function removeTag(
  tx: Transaction,
  tenantId: string,
  tagId: string,
  customerIds: string[],
) {
  if (customerIds.length === 0) return;
  await tx
    .delete(customerTags)
    .where(
      and(
        eq(customerTags.tenantId, tenantId),
        eq(customerTags.tagId, tagId),
        inArray(customerTags.customerId, customerIds),
      ),
    );
}

/** A customer group of the tenant as `{_id, name}`, or undefined. */
export async function customerGroupRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'end_user'), eq(groups.id, id)));
  return row;
}

/** A tag of the tenant as `{_id, name}`, or undefined. */
export async function tagRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
  return row;
}

/** A staff member of the tenant as `{_id, name}`, or undefined. */
export async function staffRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row;
}

/** Customers' names, numbers and owners, as a bulk action's audit entries keep them. */
export async function customerRefs(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      number: customers.number,
      ownerId: customers.ownerId,
      ownerName: users.name,
    })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.ownerId))
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids)));
  return rows.map(({ ownerId, ownerName, ...row }) => ({
    ...row,
    owner: ownerId ? { _id: ownerId, name: ownerName ?? '' } : null,
  }));
}

/** Adds groups and tags to a customer, keeping those it has. */
export async function addMemberships(
  tx: Transaction,
  tenantId: string,
  customerId: string,
  groupIds: string[],
  tagIds: string[],
) {
  if (groupIds.length)
    await tx
      .insert(groupCustomers)
      .values(groupIds.map((groupId) => ({ tenantId, groupId, customerId })))
      .onConflictDoNothing();
  if (tagIds.length)
    await tx
      .insert(customerTags)
      .values(tagIds.map((tagId) => ({ tenantId, tagId, customerId })))
      .onConflictDoNothing();
}

/** The tenant's customer groups and tags by name, for files that name them. */
export async function groupAndTagNames(db: Db, tenantId: string) {
  const [groupRows, tagRows] = await Promise.all([
    db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'end_user'))),
    db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.tenantId, tenantId)),
  ]);
  return { groups: groupRows, tags: tagRows };
}

export async function addTag(
  tx: Transaction,
  tenantId: string,
  tagId: string,
  customerIds: string[],
) {
  if (customerIds.length === 0) return;
  await tx
    .insert(customerTags)
    .values(customerIds.map((customerId) => ({ tenantId, tagId, customerId })))
    .onConflictDoNothing();
}

export async function setOwner(
  tx: Transaction,
  tenantId: string,
  ownerId: string | null,
  customerIds: string[],
) {
  if (customerIds.length === 0) return;
  await tx
    .update(customers)
    .set({ ownerId, updatedAt: new Date() })
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, customerIds)));
}

export async function deleteCustomers(tx: Transaction, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .delete(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids)));
}

/** Sets these custom values on a customer and keeps the others it has. */
export async function mergeCustomValues(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Record<string, unknown>,
) {
  if (Object.keys(values).length === 0) return;
  await tx
    .update(customers)
    .set({ custom: sql`${customers.custom} || ${JSON.stringify(values)}::jsonb` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
}

/** Ids among these that the scope lets the caller see. */
/**
 * Other customers of the tenant sharing a phone (national number), an email or the
 * diacritics-free name, with what they share; each lookup is an index probe.
 */
export async function duplicateCandidates(
  db: Db,
  tenantId: string,
  exceptId: string,
  { nationals, emails, nameKey }: { nationals: string[]; emails: string[]; nameKey: string },
  limit: number,
  scope?: SQL,
) {
  const result = await db.execute<{ id: string; reason: 'phone' | 'email' | 'name' }>(sql`
    select customer_id as id, 'phone' as reason from ${customerPhones}
      where tenant_id = ${tenantId} and ${inArray(customerPhones.national, nationals.length ? nationals : [''])}
    union all
    select customer_id, 'email' from ${customerEmails}
      where tenant_id = ${tenantId} and ${inArray(customerEmails.email, emails.length ? emails : [''])}
    union all
    (select id, 'name' from ${customers}
      where ${and(eq(customers.tenantId, tenantId), eq(customers.nameKey, nameKey), ne(customers.id, exceptId), scope)}
        and ${nameKey} <> ''
      order by id limit ${limit})`);
  const reasons = new Map<string, Set<'phone' | 'email' | 'name'>>();
  for (const row of result.rows) {
    if (row.id === exceptId) continue;
    reasons.set(row.id, (reasons.get(row.id) ?? new Set()).add(row.reason));
  }
  return reasons;
}

export async function visibleIds(db: Db, tenantId: string, ids: string[], scope?: SQL) {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, ids), scope));
  return new Set(rows.map((row) => row.id));
}

/** History of a merged customer becomes the survivor's. */
export async function moveHistory(tx: Transaction, tenantId: string, fromId: string, toId: string) {
  await tx
    .update(auditLog)
    .set({ entityId: toId })
    .where(
      and(
        eq(auditLog.tenantId, tenantId),
        eq(auditLog.entity, 'customer'),
        eq(auditLog.entityId, fromId),
      ),
    );
  // Who the customer is on chat channels (a Zalo user id, a livechat visitor): the survivor.
  await tx
    .update(livechatVisitors)
    .set({ customerId: toId })
    .where(and(eq(livechatVisitors.tenantId, tenantId), eq(livechatVisitors.customerId, fromId)));
  await tx
    .update(customerIdentities)
    .set({ customerId: toId })
    .where(
      and(eq(customerIdentities.tenantId, tenantId), eq(customerIdentities.customerId, fromId)),
    );
}

export async function tenantTagIds(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
  return rows.map((row) => row.id);
}

export async function tenantCustomerGroupIds(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(eq(groups.tenantId, tenantId), eq(groups.target, 'end_user'), inArray(groups.id, ids)),
    );
  return rows.map((row) => row.id);
}

export async function staffExists(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return !!row;
}

/** Who holds each phone and email: keys `p:<national>` and `e:<email>` to customer ids. */
export async function holdersOf(db: Db, tenantId: string, nationals: string[], emails: string[]) {
  const holders = new Map<string, string>();
  if (nationals.length > 0) {
    const rows = await db
      .select({ national: customerPhones.national, customerId: customerPhones.customerId })
      .from(customerPhones)
      .where(
        and(eq(customerPhones.tenantId, tenantId), inArray(customerPhones.national, nationals)),
      );
    for (const row of rows) holders.set(`p:${row.national}`, row.customerId);
  }
  if (emails.length > 0) {
    const rows = await db
      .select({ email: customerEmails.email, customerId: customerEmails.customerId })
      .from(customerEmails)
      .where(and(eq(customerEmails.tenantId, tenantId), inArray(customerEmails.email, emails)));
    for (const row of rows) holders.set(`e:${row.email}`, row.customerId);
  }
  return holders;
}

/** Inserts many new customers with their phones and emails in three statements. */
export async function insertImported(
  tx: Transaction,
  items: {
    customer: typeof customers.$inferInsert;
    phones: { phone: string; national: string; isPrimary: boolean }[];
    emails: { email: string; isPrimary: boolean }[];
    groupIds: string[];
    tagIds: string[];
  }[],
) {
  if (items.length === 0) return [];
  const inserted = await tx
    .insert(customers)
    .values(items.map((item) => item.customer))
    .returning({ id: customers.id });
  const tenantId = items[0]?.customer.tenantId as string;
  const rows = <T>(of: (item: (typeof items)[number], customerId: string) => T[]) =>
    items.flatMap((item, index) => of(item, inserted[index]?.id as string));
  const phones = rows((item, customerId) =>
    item.phones.map((p) => ({ ...p, tenantId, customerId })),
  );
  const emails = rows((item, customerId) =>
    item.emails.map((e) => ({ ...e, tenantId, customerId })),
  );
  const inGroups = rows((item, customerId) =>
    item.groupIds.map((groupId) => ({ tenantId, groupId, customerId })),
  );
  const tagged = rows((item, customerId) =>
    item.tagIds.map((tagId) => ({ tenantId, tagId, customerId })),
  );
  if (phones.length) await tx.insert(customerPhones).values(phones);
  if (emails.length) await tx.insert(customerEmails).values(emails);
  if (inGroups.length) await tx.insert(groupCustomers).values(inGroups);
  if (tagged.length) await tx.insert(customerTags).values(tagged);
  return inserted.map((row) => row.id);
}
