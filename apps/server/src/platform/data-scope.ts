import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '@omnicare/shared/users/data-scope';
import type { AuthContext } from './auth.js';
import { groupMembers } from '../db/schema/groups.js';
import { users } from '../db/schema/users.js';

export interface ScopeContext {
  scope: DataScope;
  userId: string;
  organizationId: string | null;
  groupIds: string[];
}

/** The data scope the tenant gives the caller's role (read with the session, see auth.ts). */
export const dataScopeOf = (auth: AuthContext): ScopeContext => ({
  scope: auth.dataScope,
  userId: auth.userId,
  organizationId: auth.organizationId,
  groupIds: auth.departmentIds,
});

/**
 * The SQL condition that keeps only the rows the scope allows, for a table with an owner
 * (a staff user) and optionally an organization. Undefined means everything.
 * - my_organization: rows of my organization, or owned by anyone in it (or by me);
 * - my_group: rows owned by anyone sharing a department with me (or by me);
 * - me: rows I own.
 */
export function scopeCondition(
  context: ScopeContext,
  columns: { owner: PgColumn; organization?: PgColumn },
): SQL | undefined {
  const mine = eq(columns.owner, context.userId);
  switch (context.scope) {
    case 'all':
      return undefined;
    case 'my_organization': {
      if (!context.organizationId) return mine;
      const inOrganization = sql`${columns.owner} in (select ${users.id} from ${users} where ${users.organizationId} = ${context.organizationId})`;
      const parts = [mine, inOrganization];
      if (columns.organization) parts.push(eq(columns.organization, context.organizationId));
      return sql`(${sql.join(parts, sql` or `)})`;
    }
    case 'my_group': {
      if (context.groupIds.length === 0) return mine;
      const colleagues = colleaguesOf(context.groupIds);
      return sql`(${mine} or ${columns.owner} in (${colleagues}))`;
    }
    case 'me':
      return mine;
  }
}

const colleaguesOf = (groupIds: string[]) =>
  sql`select ${groupMembers.userId} from ${groupMembers} where ${inArray(groupMembers.groupId, groupIds)}`;
