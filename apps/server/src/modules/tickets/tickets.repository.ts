import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CustomFieldCondition } from '@omnicare/shared/fields/custom-filters';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import type { TicketSort } from '@omnicare/shared/tickets/tickets.schemas';
import type { SmartViewFilters } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import {
  builtOnce,
  countOf,
  PART_MARK,
  withPart,
  shapeOf,
  sqlDialect,
  type Database,
  type Transaction,
} from '../../platform/db.js';
import { messages } from '../../db/schema/conversations.js';
import { customerSearchTerms, customers, tags } from '../../db/schema/customers.js';
import { groupMembers, groups } from '../../db/schema/groups.js';
import { organizations } from '../../db/schema/organizations.js';
import { ticketPriorities, ticketServices, ticketTypes } from '../../db/schema/ticket-config.js';
import {
  ticketFollowers,
  ticketTags,
  tickets,
  ticketStatusOrder,
} from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import type { ScopeContext } from '../../platform/data-scope.js';
import { customFieldSql } from '../../platform/custom-field-sql.js';
import { containsPattern, prefixPattern } from '../../platform/sql.js';
import { rememberQuery, type TenantMemo } from '../../platform/tenant-memo.js';

type Db = Database | Transaction;
export type TicketRow = typeof tickets.$inferSelect;

/** A search, already normalised (see `searchOf` in the service). */
export interface TicketSearch {
  /** Lower-cased, diacritics-free text: found in subjects, and at the start of requester names. */
  key: string;
  /** The number of a code typed as '#000123' or '123'. */
  number?: number;
}

/** The list's filters; each list matches any of its values. */
export interface TicketFilter {
  search?: TicketSearch;
  statuses?: string[];
  priorityIds?: string[];
  typeIds?: string[];
  serviceIds?: string[];
  groupIds?: string[];
  /** Staff ids; null stands for unassigned tickets. */
  assigneeIds?: (string | null)[];
  requesterId?: string;
  sources?: string[];
  tagIds?: string[];
  sla?: 'breached' | 'due_soon';
  /** `sla=due_soon`: targets before this instant. */
  slaSoonBefore?: Date;
  createdFrom?: Date;
  createdBefore?: Date;
  updatedFrom?: Date;
  updatedBefore?: Date;
  custom?: CustomFieldCondition[];
  /** A smart view's own conditions (`smartViewConditions`). */
  view?: SQL[];
  scope?: SQL;
}

/**
 * The tickets a data scope shows (the same per-role tenant setting as customers):
 * - me: assigned to me, created by me, or followed by me;
 * - my_group: those, and tickets of my departments or assigned to their members;
 * - my_organization: those of me, and tickets of my organization or assigned to anyone in it;
 * - all: everything (undefined).
 */
export function ticketScopeCondition(context: ScopeContext): SQL | undefined {
  const followed = sql`${outer(tickets.id)} in (select ${ticketFollowers.ticketId} from ${ticketFollowers} where ${ticketFollowers.userId} = ${context.userId})`;
  const mine = sql`(${outer(tickets.assigneeId)} = ${context.userId} or ${outer(tickets.createdBy)} = ${context.userId} or ${followed})`;
  switch (context.scope) {
    case 'all':
      return undefined;
    case 'me':
      return mine;
    case 'my_group': {
      if (context.groupIds.length === 0) return mine;
      const colleagues = sql`select ${groupMembers.userId} from ${groupMembers} where ${inArray(groupMembers.groupId, context.groupIds)}`;
      return sql`(${mine} or ${outer(tickets.groupId)} in (${sql.join(
        context.groupIds.map((id) => sql`${id}`),
        sql`, `,
      )}) or ${outer(tickets.assigneeId)} in (${colleagues}))`;
    }
    case 'my_organization': {
      if (!context.organizationId) return mine;
      const members = sql`select ${users.id} from ${users} where ${users.organizationId} = ${context.organizationId}`;
      return sql`(${mine} or ${outer(tickets.organizationId)} = ${context.organizationId} or ${outer(tickets.assigneeId)} in (${members}))`;
    }
  }
}

/** What `ticketVisibleTo` needs to know of one ticket (`visibilityFacts`). */
export interface TicketVisibilityFacts {
  assigneeId: string | null;
  createdBy: string | null;
  followerIds: string[];
  groupId: string | null;
  organizationId: string | null;
  /** The assignee's departments and organization. */
  assigneeGroupIds: string[];
  assigneeOrganizationId: string | null;
}

/**
 * `ticketScopeCondition` decided in memory for one ticket and many readers (the live pushes of
 * a change to everyone connected): the same rule, asked of facts read once.
 */
export function ticketVisibleTo(context: ScopeContext, facts: TicketVisibilityFacts): boolean {
  const mine =
    facts.assigneeId === context.userId ||
    facts.createdBy === context.userId ||
    facts.followerIds.includes(context.userId);
  switch (context.scope) {
    case 'all':
      return true;
    case 'me':
      return mine;
    case 'my_group':
      return (
        mine ||
        (!!facts.groupId && context.groupIds.includes(facts.groupId)) ||
        facts.assigneeGroupIds.some((id) => context.groupIds.includes(id))
      );
    case 'my_organization':
      if (!context.organizationId) return mine;
      return (
        mine ||
        facts.organizationId === context.organizationId ||
        facts.assigneeOrganizationId === context.organizationId
      );
  }
}

/**
 * The facts of a ticket its visibility depends on, as columns over its `tickets` row: read by
 * `visibilityFacts` and with a conversation's list row (its live push reads both).
 */
export const visibilityFactColumns = {
  assigneeId: tickets.assigneeId,
  createdBy: tickets.createdBy,
  groupId: tickets.groupId,
  organizationId: tickets.organizationId,
  followerIds: sql<
    string[]
  >`coalesce((select array_agg(f.user_id) from ${ticketFollowers} f where f.ticket_id = ${tickets.id}), '{}')`,
  assigneeGroupIds: sql<
    string[]
  >`coalesce((select array_agg(gm.group_id) from ${groupMembers} gm where gm.user_id = ${tickets.assigneeId}), '{}')`,
  assigneeOrganizationId: sql<
    string | null
  >`(select u.organization_id from ${users} u where u.id = ${tickets.assigneeId})`,
};

/**
 * The facts of a ticket its visibility depends on (undefined: not the tenant's): read for every
 * live push of a change, so built and prepared once.
 */
export async function visibilityFacts(
  db: Db,
  tenantId: string,
  id: string,
): Promise<TicketVisibilityFacts | undefined> {
  const [row] = await builtOnce(db, 'ticket-visibility-facts', () =>
    db
      .select(visibilityFactColumns)
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, sql.placeholder('tenantId')),
          eq(tickets.id, sql.placeholder('id')),
        ),
      ),
  ).execute({ tenantId, id });
  return row;
}

/**
 * A column of the list's own `tickets` row inside a correlated subquery. Drizzle writes a
 * single-table query's columns without their table, and a bare name inside a subquery binds to
 * the subquery's table when it has such a column (`merged_into_id` of the inner tickets).
 */
const outer = (column: AnyPgColumn) => sql.raw(`"tickets"."${column.name}"`);

const remembered = <T>(
  memo: TenantMemo | undefined,
  tenantId: string,
  query: SQL,
  run: (query: SQL) => Promise<T>,
) => rememberQuery(memo, 'tickets', tenantId, query, run);

/** Requesters whose name (a word of it on) starts with the key: at most this many. */
const REQUESTERS_SEARCHED = 1_000;

/**
 * A search over the code, the subject (pg_trgm on `subject_key`) and the requester's name
 * (the customers' prefix terms). `indexed: false` writes the subject match so no index can
 * answer it: a broad search then walks the list's sort order instead of sorting its matches.
 */
function searchSql(tenantId: string, search: TicketSearch, indexed: boolean): SQL {
  const pattern = containsPattern(search.key);
  const subject = indexed
    ? sql`${tickets.subjectKey} like ${pattern}`
    : sql`(${tickets.subjectKey} || '') like ${pattern}`;
  const requesters = sql`select t.customer_id from ${customerSearchTerms} t
    where t.tenant_id = ${tenantId} and t.kind = 'name' and t.term like ${prefixPattern(search.key)}
    limit ${REQUESTERS_SEARCHED}`;
  const parts = [subject, sql`${tickets.requesterId} = any(array(${requesters}))`];
  if (search.number !== undefined) parts.push(eq(tickets.number, search.number));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Any of the values (one: equal, so a single status reads its index); none given: no condition. */
function anyOf(column: AnyPgColumn, values: readonly string[] | undefined): SQL | undefined {
  if (!values?.length) return undefined;
  return values.length === 1 ? eq(column, values[0]!) : inArray(column, [...values]);
}

/** Assigned to any of these staff, or unassigned when the list holds null. */
function assigneeCondition(values: readonly (string | null)[] | undefined): SQL | undefined {
  if (!values?.length) return undefined;
  const staff = values.filter((value): value is string => value !== null);
  const parts = [anyOf(tickets.assigneeId, staff)];
  if (values.includes(null)) parts.push(isNull(tickets.assigneeId));
  const present = parts.filter((part): part is SQL => part !== undefined);
  return present.length === 1 ? present[0] : sql`(${sql.join(present, sql` or `)})`;
}

function filterConditions(tenantId: string, filter: Omit<TicketFilter, 'search'>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    eq(tickets.tenantId, tenantId),
    anyOf(tickets.status, filter.statuses),
    anyOf(tickets.priorityId, filter.priorityIds),
    anyOf(tickets.typeId, filter.typeIds),
    anyOf(tickets.serviceId, filter.serviceIds),
    anyOf(tickets.groupId, filter.groupIds),
    assigneeCondition(filter.assigneeIds),
    anyOf(tickets.source, filter.sources),
  ];
  if (filter.requesterId) conditions.push(eq(tickets.requesterId, filter.requesterId));
  if (filter.tagIds?.length)
    conditions.push(
      sql`exists (select 1 from ${ticketTags} tt where tt.ticket_id = ${outer(tickets.id)} and tt.tag_id in (${sql.join(
        filter.tagIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  if (filter.sla === 'breached') conditions.push(sql`${tickets.slaBreachedAt} is not null`);
  if (filter.sla === 'due_soon')
    conditions.push(
      sql`${tickets.slaBreachedAt} is null and ${tickets.slaDueAt} is not null
        and ${tickets.slaDueAt} < ${filter.slaSoonBefore ?? new Date()}
        and ${tickets.status} not in ('solved', 'closed')`,
    );
  if (filter.createdFrom) conditions.push(gte(tickets.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(tickets.createdAt, filter.createdBefore));
  if (filter.updatedFrom) conditions.push(gte(tickets.updatedAt, filter.updatedFrom));
  if (filter.updatedBefore) conditions.push(lt(tickets.updatedAt, filter.updatedBefore));
  for (const condition of filter.custom ?? [])
    conditions.push(customFieldSql(tickets.custom, condition));
  conditions.push(...(filter.view ?? []));
  if (filter.scope) conditions.push(filter.scope);
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * A smart view's multi-value filters as conditions: any of the statuses, priorities, types,
 * services, departments, channels, assignees ('me' is whoever opens it, 'none' unassigned) and
 * tags (by id or name), and its requester. Its search, SLA, date ranges and custom fields are
 * applied as the list's own (see `toFilter` in the service).
 */
export function smartViewConditions(
  tenantId: string,
  filters: SmartViewFilters,
  userId: string,
): SQL[] {
  const conditions = [
    anyOf(tickets.status, filters.status),
    anyOf(tickets.priorityId, filters.priority_id),
    anyOf(tickets.typeId, filters.type_id),
    anyOf(tickets.serviceId, filters.service_id),
    anyOf(tickets.groupId, filters.group_id),
    anyOf(tickets.source, filters.source),
    assigneeCondition(
      filters.assignee_id?.map((id) => (id === 'me' ? userId : id === 'none' ? null : id)),
    ),
  ];
  if (filters.requester_id) conditions.push(eq(tickets.requesterId, filters.requester_id));
  if (filters.tag?.length) {
    const names = `{${filters.tag.map((tag) => JSON.stringify(tag)).join(',')}}`;
    conditions.push(sql`exists (select 1 from ${ticketTags} tt join ${tags} t on t.id = tt.tag_id
      where tt.ticket_id = ${outer(tickets.id)} and t.tenant_id = ${tenantId}
        and (t.name = any(${names}::text[]) or t.id::text = any(${names}::text[])))`);
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

const STATUS_ORDER = ticketStatusOrder(tickets.status);
const PRIORITY_ORDER = sql`(select p.position from ${ticketPriorities} p
  where p.id = ${outer(tickets.priorityId)})`;

/** What each sort key orders by; ties are broken by id, so pages never overlap. */
const SORT_KEYS: Record<TicketSort['key'], SQL | AnyPgColumn> = {
  updated_at: tickets.updatedAt,
  created_at: tickets.createdAt,
  code: tickets.number,
  priority: PRIORITY_ORDER,
  status: STATUS_ORDER,
  subject: tickets.subjectKey,
  due_at: tickets.dueAt,
};

/** The name of the record a ticket column points at. */
const nameOf = (
  table:
    | typeof users
    | typeof customers
    | typeof groups
    | typeof organizations
    | typeof ticketTypes
    | typeof ticketServices,
  id: AnyPgColumn,
) => rendered(sql<string | null>`(select r.name from ${table} r where r.id = ${outer(id)})`);

/**
 * A column written once as SQL text: these subqueries take no values, and building their SQL
 * anew for every row request cost more than running it.
 */
const rendered = <T>(fragment: SQL<T>): SQL<T> =>
  sql.raw(sqlDialect.sqlToQuery(fragment).sql) as unknown as SQL<T>;

/** The ticket's columns a list row shows (a detail reads them all, the description too). */
const listTicketColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  status: tickets.status,
  priorityId: tickets.priorityId,
  typeId: tickets.typeId,
  serviceId: tickets.serviceId,
  groupId: tickets.groupId,
  requesterId: tickets.requesterId,
  assigneeId: tickets.assigneeId,
  source: tickets.source,
  dueAt: tickets.dueAt,
  slaDueAt: tickets.slaDueAt,
  slaBreachedAt: tickets.slaBreachedAt,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

/** The names a list row shows, each from a scalar subquery (no joins). */
const nameColumns = {
  priority: rendered(
    sql<{
      name: string;
      color: string;
    } | null>`(select json_build_object('name', p.name, 'color', p.color) from ${ticketPriorities} p where p.id = ${outer(tickets.priorityId)})`,
  ),
  typeName: nameOf(ticketTypes, tickets.typeId),
  serviceName: nameOf(ticketServices, tickets.serviceId),
  groupName: nameOf(groups, tickets.groupId),
  requesterName: nameOf(customers, tickets.requesterId),
  assigneeName: nameOf(users, tickets.assigneeId),
  /** In the same query as the row: a list page or a detail costs one round trip, not two. */
  tags: rendered(sql<{ _id: string; name: string }[]>`(select coalesce(json_agg(json_build_object(
    '_id', g.id, 'name', g.name) order by g.position, g.name), '[]'::json)
    from ${ticketTags} tt join ${tags} g on g.id = tt.tag_id
    where tt.ticket_id = ${outer(tickets.id)})`),
};
/** A list row: what it shows of the ticket (not its description, custom values...) and names. */
const listColumns = { ticket: listTicketColumns, ...nameColumns };
const detailColumns = {
  ticket: tickets,
  /** The row's version (its xmin): changes with every write of it. */
  version: rendered(sql<string>`${tickets}.xmin::text`),
  ...nameColumns,
  organizationName: nameOf(organizations, tickets.organizationId),
  createdByName: nameOf(users, tickets.createdBy),
  updatedByName: nameOf(users, tickets.updatedBy),
  mergedIntoNumber: rendered(
    sql<
      number | null
    >`(select m.number from ${tickets} m where m.id = ${outer(tickets.mergedIntoId)})`,
  ),
  followers: rendered(sql<
    { _id: string; name: string }[]
  >`(select coalesce(json_agg(json_build_object(
    '_id', u.id, 'name', u.name) order by u.name), '[]'::json)
    from ${ticketFollowers} f join ${users} u on u.id = f.user_id
    where f.ticket_id = ${outer(tickets.id)})`),
};
type NameRow = {
  [K in keyof typeof nameColumns]: (typeof nameColumns)[K] extends SQL<infer T> ? T : never;
};
export type TicketListRow = NameRow & {
  ticket: Pick<TicketRow, keyof typeof listTicketColumns>;
};
export type TicketDetailRow = NameRow & {
  ticket: TicketRow;
  version: string;
  organizationName: string | null;
  createdByName: string | null;
  updatedByName: string | null;
  mergedIntoNumber: number | null;
  followers: { _id: string; name: string }[];
};

/** Counting stops here: past it, lists say "more than" instead of paying for an exact count. */
export const COUNT_CAP = 10_000;
/** Up to this many matches a search is narrow: its matches are fetched and sorted. */
export const NARROW_SEARCH = 2_000;

/**
 * A page's LIMIT and OFFSET in a statement prepared under its text (withPart). The limit is
 * written as a number: as a parameter PostgreSQL guesses it at a tenth of the table, finds its
 * generic plan costly, and plans every call anew; as a number the generic plan costs true and
 * is kept. The offset stays a parameter (a statement per page would pile up on each
 * connection), so deeper pages are planned per call, unless it is a short one from an anchor
 * (`literal`: below ANCHOR_STEP, a few texts per list at most).
 */
function pageSql(offset: number, limit: number, { literal = false } = {}): SQL {
  for (const value of [offset, limit])
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`bad page ${offset}, ${limit}`);
  const skip = literal ? sql.raw(String(offset)) : offset;
  return sql` limit ${sql.raw(String(limit))}${offset > 0 ? sql` offset ${skip}` : sql``}`;
}

/** A deep page starts from the remembered row before the nearest multiple of this position. */
export const ANCHOR_STEP = 200;
/** The sorts whose key is never null, with its type: a deep page can start from an anchor. */
const ANCHORED_TYPES: Partial<Record<TicketSort['key'], string>> = {
  updated_at: 'timestamptz',
  created_at: 'timestamptz',
  code: 'integer',
  subject: 'text',
  status: 'integer',
};

/**
 * The query of a page's ids. Past ANCHOR_STEP rows, an offset alone walks every row before the
 * page (page 500 of 20: ten thousand index entries per request); there the page starts after
 * an anchor, the row just before the nearest multiple of ANCHOR_STEP, found once by offset and
 * remembered until the tenant's tickets change (as the counts are), then reads on by keyset
 * with a short offset. The page numbers stay as the spec has them.
 */
async function pageIds(
  db: Database,
  tenantId: string,
  where: SQL | undefined,
  page: { sort: TicketSort; offset: number; limit: number },
  order: SQL[],
  memo: TenantMemo | undefined,
): Promise<SQL> {
  const key = SORT_KEYS[page.sort.key];
  const idsWhere = (condition: SQL | undefined, offset: number, literal = false) =>
    sql`${db
      .select({ id: tickets.id })
      .from(tickets)
      .where(condition)
      .orderBy(...order)}${pageSql(offset, page.limit, { literal })}`;
  const type = ANCHORED_TYPES[page.sort.key];
  const at = Math.floor(page.offset / ANCHOR_STEP) * ANCHOR_STEP;
  if (!type || !memo || at === 0) return idsWhere(where, page.offset);
  const anchor = await remembered(
    memo,
    tenantId,
    db
      .select({ value: sql<string>`(${key})::text`.as('value'), id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(...order)
      .limit(1)
      .offset(at - 1)
      .getSQL(),
    (query) =>
      db.execute<{ value: string; id: string }>(query).then((result) => result.rows[0] ?? null),
  );
  // Past the end: the page is empty, as the offset alone finds.
  if (!anchor) return idsWhere(where, page.offset);
  const row = sql`(${key}, ${tickets.id})`;
  const mark = sql`(${anchor.value}::${sql.raw(type)}, ${anchor.id}::uuid)`;
  const after = page.sort.order === 'asc' ? sql`${row} > ${mark}` : sql`${row} < ${mark}`;
  return idsWhere(and(where, after), page.offset - at, true);
}

/**
 * A page of the list. The page's ids are found first, in a query that reads only what the
 * filters and the sort need (the default view, a status view, code and creation order read
 * nothing but an index; a deep page from an anchor, see pageIds), and only those rows are read
 * with their names, in the same statement. Counts stop at COUNT_CAP and are remembered until the
 * tenant's tickets change.
 */
export async function listTickets(
  db: Database,
  tenantId: string,
  filter: TicketFilter,
  page: { sort: TicketSort; offset: number; limit: number },
  {
    countCap = COUNT_CAP,
    memo,
    priorityIds = [],
  }: {
    countCap?: number;
    memo?: TenantMemo;
    /** The tenant's priorities, first to last (the priority sort needs them). */
    priorityIds?: readonly string[];
  } = {},
) {
  const { search, ...others } = filter;
  const base = filterConditions(tenantId, others);
  let searchCondition: SQL | undefined;
  let countCondition: SQL | undefined;
  if (search) {
    countCondition = searchSql(tenantId, search, true);
    // How many match, from the indexes (remembered): PostgreSQL misjudges trigram matches.
    const matches = await remembered(
      memo,
      tenantId,
      sql`select count(*)::int as value from (select 1 from ${tickets}
        where ${and(...base, countCondition)} limit ${NARROW_SEARCH + 1}) probe`,
      (query) => countOf(db, query),
    );
    searchCondition = matches > NARROW_SEARCH ? searchSql(tenantId, search, false) : countCondition;
  }
  const where = and(...base, searchCondition);
  const direction = page.sort.order === 'asc' ? asc : desc;
  const order = [direction(SORT_KEYS[page.sort.key]), direction(tickets.id)];
  let ids =
    page.sort.key === 'priority'
      ? priorityPageIds(where, page, priorityIds)
      : await pageIds(db, tenantId, where, page, order, memo);
  // A search's ids are found by a statement planned for its pattern (a kept plan guesses how
  // many subjects a pattern matches), the rows then with the list's kept plan: planned together,
  // the rows' name subqueries were planned anew on every search too.
  if (search) {
    const found = await db.execute<{ id: string }>(ids);
    ids = sql`select unnest(${sql.param(found.rows.map((row) => row.id))}::uuid[])`;
  }
  const [rows, counted] = await Promise.all([
    // The page's ids, from what the filters and the sort need (often an index alone), and
    // their rows in one statement. The rows' columns and subqueries are built once per sort
    // (builtOnce): built on each request they cost the server more than the database spent
    // running them.
    withPart(
      builtOnce(db, `ticket-list-${page.sort.key}-${page.sort.order}`, () =>
        db
          .select(listColumns)
          .from(tickets)
          .where(
            and(
              eq(tickets.tenantId, sql.placeholder('tenantId')),
              sql`${tickets.id} = any(array(${sql.raw(PART_MARK)}))`,
            ),
          )
          .orderBy(...order),
      ),
      ids,
    ).execute({ tenantId }) as Promise<TicketListRow[]>,
    countMatching(db, tenantId, and(...base, countCondition), countCap + 1, memo),
  ]);
  return { rows, total: Math.min(counted, countCap), capped: counted > countCap };
}

/** How many tickets match, counted up to `limit` and remembered until the tenant's change. */
const countMatching = (
  db: Database,
  tenantId: string,
  where: SQL | undefined,
  limit: number,
  memo?: TenantMemo,
) =>
  remembered(
    memo,
    tenantId,
    sql`select count(*)::int as value from (select 1 from ${tickets}
      where ${where} limit ${limit}) matching`,
    (query) => countOf(db, query),
  );

/** How many tickets a filter finds, up to `cap` (`capped`: more than that). */
export async function countTickets(
  db: Database,
  tenantId: string,
  filter: TicketFilter,
  cap: number,
  memo?: TenantMemo,
) {
  const { search, ...others } = filter;
  const where = and(
    ...filterConditions(tenantId, others),
    search ? searchSql(tenantId, search, true) : undefined,
  );
  const counted = await countMatching(db, tenantId, where, cap + 1, memo);
  return { count: Math.min(counted, cap), capped: counted > cap };
}

/**
 * A page's ids in priority order. A priority's place is its position in another table, so no
 * index orders tickets by it, and sorting a whole tenant took seconds at a million tickets.
 * Instead each priority (the tenant has a handful) reads its first offset + limit tickets from
 * `tickets_tenant_priority_idx` in id order, and those are put in order: no priority comes last
 * going up and first going down, as PostgreSQL orders nulls.
 */
function priorityPageIds(
  where: SQL | undefined,
  page: { sort: TicketSort; offset: number; limit: number },
  priorityIds: readonly string[],
): SQL<{ id: string }> {
  const ascending = page.sort.order === 'asc';
  const groups = [
    ...priorityIds.map((id) => eq(tickets.priorityId, id)),
    isNull(tickets.priorityId),
  ];
  if (!ascending) groups.reverse();
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  // Each priority's first offset + limit: a number on the first page, as pageSql writes it.
  const enough =
    page.offset === 0 ? pageSql(0, page.limit) : sql` limit ${page.offset + page.limit}`;
  const branches = groups.map(
    (group, index) => sql`(select ${tickets.id} as id, ${index}::int as g from ${tickets}
      where ${and(where, group)} order by ${tickets.id} ${direction}${enough})`,
  );
  return sql`(select id from (${sql.join(branches, sql` union all `)}) ordered
    order by g, id ${direction}${pageSql(page.offset, page.limit)})`;
}

/** One ticket with the names it shows; `lock` holds it (FOR UPDATE) until the transaction ends. */
export async function findTicket(
  db: Db,
  tenantId: string,
  ref: RecordRef,
  scope?: SQL,
  { lock = false } = {},
): Promise<TicketDetailRow | undefined> {
  const detail = (where: SQL | undefined) => {
    const query = db.select(detailColumns).from(tickets).where(where);
    return lock ? query.for('update', { of: tickets }) : query;
  };
  // One statement per shape, built once; a caller's data scope is written into it per call.
  const byId = 'id' in ref;
  const built = builtOnce(
    db,
    `ticket-detail-${byId ? 'id' : 'number'}-${lock}${scope ? '-scoped' : ''}`,
    () =>
      detail(
        and(
          eq(tickets.tenantId, sql.placeholder('tenantId')),
          byId
            ? eq(tickets.id, sql.placeholder('ref'))
            : eq(tickets.number, sql.placeholder('ref')),
          scope ? sql.raw(`(${PART_MARK})`) : undefined,
        ),
      ),
  );
  const [row] = await (scope ? withPart(built, scope) : built).execute({
    tenantId,
    ref: byId ? ref.id : ref.number,
  });
  return row as TicketDetailRow | undefined;
}

/** Several tickets by id, locked (FOR UPDATE) in id order so that two lockers never deadlock. */
export async function lockTicketsById(
  tx: Transaction,
  tenantId: string,
  ids: string[],
  scope?: SQL,
): Promise<TicketDetailRow[]> {
  const rows = await tx
    .select(detailColumns)
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, ids), scope))
    .orderBy(asc(tickets.id))
    .for('update', { of: tickets });
  return rows as TicketDetailRow[];
}

export async function followersOf(db: Db, ticketId: string) {
  return db
    .select({ _id: users.id, name: users.name })
    .from(ticketFollowers)
    .innerJoin(users, eq(users.id, ticketFollowers.userId))
    .where(eq(ticketFollowers.ticketId, ticketId))
    .orderBy(asc(users.name));
}

export async function insertTicket(tx: Transaction, values: typeof tickets.$inferInsert) {
  const [row] = await tx.insert(tickets).values(values).returning();
  if (!row) throw new Error('ticket not created');
  return row;
}

/** Columns of a ticket to write. */
type TicketSet = Partial<typeof tickets.$inferInsert>;

/** The columns a ticket's update writes: those given, and when it was updated (now, unless given). */
export const updatedColumns = (values: TicketSet) => ({
  updatedAt: new Date(),
  ...values,
});

/**
 * A ticket's update as SQL, to run inside another statement (appendEventIfWritten's `change`):
 * it writes only the version of the row read (`version`), answering its id.
 */
export const ticketUpdateSql = (
  db: Db,
  tenantId: string,
  id: string,
  set: TicketSet,
  version: string,
): SQL =>
  db
    .update(tickets)
    .set(set)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.id, id),
        sql`${tickets}.xmin = ${version}::xid`,
      ),
    )
    .returning({ id: tickets.id })
    .getSQL();

/**
 * The updates of a transaction's held changes (a wave), as few statements as sets of columns:
 * the values are one JSON parameter read as the table's row type (so each column gets its own
 * type). A ticket given twice is written once, with its sets merged in order.
 */
export function ticketUpdatesSql(
  tenantId: string,
  updates: { id: string; set: TicketSet }[],
): SQL[] {
  const merged = new Map<string, TicketSet>();
  for (const { id, set } of updates) merged.set(id, { ...merged.get(id), ...set });
  const byShape = new Map<string, Record<string, unknown>[]>();
  for (const [id, set] of merged) {
    const given = Object.entries(set).filter(([, value]) => value !== undefined);
    const columns = given.map(([field]) => tickets[field as keyof TicketSet].name).sort();
    const key = columns.join(',');
    const row = Object.fromEntries(
      given.map(([field, value]) => [tickets[field as keyof TicketSet].name, value]),
    );
    const rows = byShape.get(key) ?? [];
    rows.push({ ...row, id });
    byShape.set(key, rows);
  }
  return [...byShape].map(([key, rows]) => {
    const assignments = key
      .split(',')
      .map((column) => `"${column}" = r."${column}"`)
      .join(', ');
    return sql`update ${tickets} t set ${sql.raw(assignments)}
      from jsonb_populate_recordset(null::${tickets}, ${JSON.stringify(rows)}::jsonb) r
      where t.tenant_id = ${tenantId} and t.id = r.id`;
  });
}

export async function updateTicket(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: TicketSet,
): Promise<TicketSet> {
  const set = updatedColumns(values);
  const shape = shapeOf(set);
  // One statement per set of columns changed.
  await builtOnce(tx, `ticket-update-${shape.key}`, () =>
    tx
      .update(tickets)
      .set(shape.placeholders)
      .where(
        and(
          eq(tickets.tenantId, sql.placeholder(':tenant')),
          eq(tickets.id, sql.placeholder(':id')),
        ),
      ),
  ).execute({ ...set, ':tenant': tenantId, ':id': id });
  return set;
}

export async function replaceTags(
  tx: Transaction,
  tenantId: string,
  ticketId: string,
  tagIds: string[],
  /** A ticket inserted in this transaction has none to remove. */
  { fresh = false } = {},
) {
  if (!fresh) await tx.delete(ticketTags).where(eq(ticketTags.ticketId, ticketId));
  if (tagIds.length)
    await tx.insert(ticketTags).values(tagIds.map((tagId) => ({ tenantId, ticketId, tagId })));
}

export async function replaceFollowers(
  tx: Transaction,
  tenantId: string,
  ticketId: string,
  userIds: string[],
  /** A ticket inserted in this transaction has none to remove. */
  { fresh = false } = {},
) {
  if (!fresh) await tx.delete(ticketFollowers).where(eq(ticketFollowers.ticketId, ticketId));
  if (userIds.length)
    await tx
      .insert(ticketFollowers)
      .values(userIds.map((userId) => ({ tenantId, ticketId, userId })));
}

export async function deleteTickets(tx: Transaction, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(tickets).where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, ids)));
}

/** Ids among these that the scope lets the caller see. */
export async function visibleIds(db: Db, tenantId: string, ids: string[], scope?: SQL) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, ids), scope));
  return new Set(rows.map((row) => row.id));
}

// What a ticket refers to, each as `{_id, name}` of the tenant (undefined when it is not).

/** The tenant's priorities, types and services, by id (what ticket writes check values against). */
/** The tenant's priorities, types and services with what a ticket shows of them. */
export async function configRefs(db: Db, tenantId: string) {
  const rows = await db.execute<{
    kind: string;
    id: string;
    name: string;
    color: string | null;
    type_id: string | null;
  }>(
    sql`select 'priority' as kind, id, name, color, null::uuid as type_id, position from ${ticketPriorities} where tenant_id = ${tenantId}
        union all select 'type', id, name, null, null, null from ${ticketTypes} where tenant_id = ${tenantId}
        union all select 'service', id, name, null, type_id, null from ${ticketServices} where tenant_id = ${tenantId}
        order by position`,
  );
  const refs = {
    /** In the priorities' order, first to last. */
    priority: new Map<string, { name: string; color: string }>(),
    type: new Map<string, { name: string }>(),
    service: new Map<string, { name: string; typeId: string | null }>(),
  };
  for (const row of rows.rows) {
    if (row.kind === 'service') refs.service.set(row.id, { name: row.name, typeId: row.type_id });
    else if (row.kind === 'type') refs.type.set(row.id, { name: row.name });
    else refs.priority.set(row.id, { name: row.name, color: row.color ?? '' });
  }
  return refs;
}

export async function priorityRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: ticketPriorities.id, name: ticketPriorities.name })
    .from(ticketPriorities)
    .where(and(eq(ticketPriorities.tenantId, tenantId), eq(ticketPriorities.id, id)));
  return row;
}

/** A department of the tenant (a group with target 'user'). */
export async function departmentRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.target, 'user'), eq(groups.id, id)));
  return row;
}

/** Staff of the tenant among these ids (active only when asked). */
export async function staffRefs(db: Db, tenantId: string, ids: string[], activeOnly = false) {
  if (ids.length === 0) return [];
  return db
    .select({ _id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, ids),
        sql`${users.role} <> 'end_user'`,
        // An assignee: active, and no invitation still pending (they cannot sign in yet).
        activeOnly ? and(eq(users.active, true), eq(users.invitePending, false)) : undefined,
      ),
    );
}

export async function isGroupMember(db: Db, groupId: string, userId: string) {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return !!row;
}

export async function requesterRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: customers.id, name: customers.name, organizationId: customers.organizationId })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
  return row;
}

export async function organizationRef(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ _id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
  return row;
}

export async function tagRefs(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ _id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)));
}

/** Customers among these who are the requester of a ticket. */
export async function requestersWithTickets(db: Db, tenantId: string, customerIds: string[]) {
  if (customerIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: tickets.requesterId })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.requesterId, customerIds)));
  return new Set(rows.map((row) => row.id as string));
}

/** A merged customer's tickets become the survivor's. */
export async function moveRequester(
  tx: Transaction,
  tenantId: string,
  fromId: string,
  toId: string,
) {
  await tx
    .update(tickets)
    .set({ requesterId: toId })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.requesterId, fromId)));
  // The messages they wrote (a chat, a Zalo message) are the survivor's too.
  await tx
    .update(messages)
    .set({ authorCustomerId: toId })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.authorCustomerId, fromId)));
}

/** Sets a ticket's status columns (a requester's reply reopening it). */
export async function setStatus(
  tx: Transaction,
  tenantId: string,
  id: string,
  values: Pick<typeof tickets.$inferInsert, 'status' | 'solvedAt' | 'reopenCount'>,
) {
  await updateTicket(tx, tenantId, id, values);
}

/**
 * What a ticket's placeholders are filled with besides the ticket itself: its requester's name
 * and first (primary) phone and email, the tenant's name, and the writing staff member's name
 * and email.
 */
export async function placeholderFacts(
  db: Db,
  tenantId: string,
  requesterId: string | null,
  userId: string,
) {
  const result = await db.execute<{
    customer_name: string | null;
    customer_phone: string | null;
    customer_email: string | null;
    tenant_name: string;
    agent_name: string | null;
    agent_email: string | null;
  }>(sql`
    select c.name as customer_name,
      (select phone from customer_phones p where p.customer_id = c.id
        order by p.is_primary desc, p.phone limit 1) as customer_phone,
      (select email from customer_emails e where e.customer_id = c.id
        order by e.is_primary desc, e.email limit 1) as customer_email,
      t.name as tenant_name, u.name as agent_name, u.email as agent_email
    from tenants t
    left join customers c on c.tenant_id = t.id and c.id = ${requesterId}::uuid
    left join users u on u.tenant_id = t.id and u.id = ${userId || null}::uuid
    where t.id = ${tenantId}::uuid`);
  return result.rows[0];
}
