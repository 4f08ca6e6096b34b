import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import type { ScopeContext } from '../../platform/data-scope.js';
import { containsPattern, unaccentContains, vietnameseOrder } from '../../platform/sql.js';
import { groupMembers } from '../../db/schema/groups.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';

const memberOf = (groupIds: readonly string[]) =>
  sql`${users.id} in (select ${groupMembers.userId} from ${groupMembers} where ${inArray(groupMembers.groupId, [...groupIds])})`;

/**
 * The staff a caller may give tickets to under their data scope: everyone (`all`), their
 * organization (`my_organization`), the members of their departments (`my_group`, `me`);
 * themselves always. Undefined: no limit.
 */
function staffInScope(context: ScopeContext): SQL | undefined {
  const self = eq(users.id, context.userId);
  switch (context.scope) {
    case 'all':
      return undefined;
    case 'my_organization':
      return context.organizationId
        ? sql`(${self} or ${eq(users.organizationId, context.organizationId)})`
        : self;
    case 'my_group':
    case 'me':
      return context.groupIds.length > 0 ? sql`(${self} or ${memberOf(context.groupIds)})` : self;
  }
}

export interface AssigneeFilter {
  scope: ScopeContext;
  groupId?: string;
  keyword?: string;
  ids?: readonly string[];
  offset: number;
  limit: number;
}

/** Active staff who may take tickets: never disabled accounts nor pending invitations. */
const assignable = (tenantId: string) =>
  and(
    eq(users.tenantId, tenantId),
    eq(users.active, true),
    eq(users.invitePending, false),
    ne(users.role, 'end_user'),
  );

/** A page of the people a ticket may be given to (available first, then by name) and the total. */
export async function listAssignees(db: Database, tenantId: string, filter: AssigneeFilter) {
  const where = and(
    assignable(tenantId),
    staffInScope(filter.scope),
    filter.groupId ? memberOf([filter.groupId]) : undefined,
    filter.ids ? inArray(users.id, [...filter.ids]) : undefined,
    filter.keyword
      ? sql`(${unaccentContains(users.name, filter.keyword)}
          or lower(${users.email}) like lower(${containsPattern(filter.keyword)})
          or ${users.agentId} like ${containsPattern(filter.keyword)})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        _id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        presence: users.presence,
      })
      .from(users)
      .where(where)
      .orderBy(
        sql`(${users.presence} = 'AVAILABLE') desc`,
        vietnameseOrder(users.name),
        asc(users.id),
      )
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * Open tickets (new, open, pending) each of these people holds, in one grouped statement (the
 * partial index tickets_open_assignee_idx answers it). People holding none are absent.
 */
export async function openTicketCounts(db: Database, tenantId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ assigneeId: tickets.assigneeId, open: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.assigneeId, userIds),
        // Written out as the partial index says them (UNSOLVED_STATUSES).
        sql`${tickets.status} in ('new', 'open', 'pending')`,
      ),
    )
    .groupBy(tickets.assigneeId);
  return new Map(rows.map((row) => [row.assigneeId ?? '', row.open]));
}
