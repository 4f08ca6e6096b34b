import { labelled } from '../platform/labelled.js';

/** Every role value (spec section 3); end_user is for customers, never for staff. */
export const ROLE = labelled({
  end_user: 'Khách hàng',
  agent: 'Chuyên viên',
  team_leader: 'Trưởng bộ phận',
  supervisor: 'Giám sát viên',
  administrator: 'Quản trị viên',
});
export type Role = (typeof ROLE.values)[number];

/** Roles a staff account may hold, in the order the spec lists them for search. */
export const STAFF_ROLES = ['administrator', 'agent', 'supervisor', 'team_leader'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The sets of roles a domain grants its permissions to (`<domain>.domain.ts`). */
export const ADMINISTRATORS = ['administrator'] as const satisfies readonly StaffRole[];
export const MANAGERS = ['administrator', 'supervisor'] as const satisfies readonly StaffRole[];
export const LEADERS = [
  'administrator',
  'supervisor',
  'team_leader',
] as const satisfies readonly StaffRole[];

export const isAdministrator = (role: string | undefined): boolean => role === 'administrator';
export const isSupervisor = (role: string | undefined): boolean => role === 'supervisor';
export const isTeamLeader = (role: string | undefined): boolean => role === 'team_leader';
export const isAgent = (role: string | undefined): boolean => role === 'agent';

/** Role names as they appear upper-cased in route rules. */
export const toUpperRole = (role: StaffRole): Uppercase<StaffRole> =>
  role.toUpperCase() as Uppercase<StaffRole>;

/** Rank of each role: administrator > supervisor > team_leader > agent > end_user. */
const ROLE_RANK: Record<Role, number> = {
  end_user: 0,
  agent: 1,
  team_leader: 2,
  supervisor: 3,
  administrator: 4,
};

/**
 * How much an account may do. The admin flag (platform administrator) outranks a plain
 * administrator; it counts only on an administrator, the only role whose routes read it.
 */
export function powerOf(role: string, isAdmin: boolean): number {
  const rank = ROLE_RANK[role as Role] ?? 0;
  return rank * 2 + (isAdmin && role === 'administrator' ? 1 : 0);
}

/** Nobody may act on an account (or make one) with more power than their own. */
export const mayActOn = (
  actor: { role: string; isAdmin: boolean },
  target: { role: string; isAdmin: boolean },
): boolean => powerOf(actor.role, actor.isAdmin) >= powerOf(target.role, target.isAdmin);
