import type { Role, StaffRole } from '@omnicare/shared/users/roles';
import { MESSAGES } from '@omnicare/shared/platform/errors';

/** Allowed roles per route (spec section 6). Routes not listed have no role guard. */
export const ROUTE_ROLES = {
  settings: ['administrator'],
  settingsTicketView: ['administrator', 'team_leader'],
  monitors: ['administrator', 'supervisor'],
  chat: ['administrator', 'supervisor', 'agent'],
  campaign: ['administrator', 'supervisor'],
  restrictedReports: ['administrator', 'supervisor', 'team_leader'],
  smartQc: ['administrator'],
} as const satisfies Record<string, readonly StaffRole[]>;

interface AccessRule {
  /** Matches the path itself and everything below it. */
  prefix: string;
  roles: readonly StaffRole[];
}

/** Most specific first: the first rule whose prefix matches decides. */
const RULES: readonly AccessRule[] = [
  { prefix: '/settings/tickets/view', roles: ROUTE_ROLES.settingsTicketView },
  { prefix: '/settings', roles: ROUTE_ROLES.settings },
  { prefix: '/monitors', roles: ROUTE_ROLES.monitors },
  { prefix: '/chat', roles: ROUTE_ROLES.chat },
  { prefix: '/campaign', roles: ROUTE_ROLES.campaign },
  { prefix: '/report/ticket', roles: ROUTE_ROLES.restrictedReports },
  { prefix: '/report/group', roles: ROUTE_ROLES.restrictedReports },
  { prefix: '/report/customer', roles: ROUTE_ROLES.restrictedReports },
  { prefix: '/report/custom', roles: ROUTE_ROLES.restrictedReports },
  { prefix: '/report/agent', roles: ROUTE_ROLES.restrictedReports },
  { prefix: '/smart-qc', roles: ROUTE_ROLES.smartQc },
];

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The roles a path allows, or null when it has no role guard. */
export function requiredRoles(pathname: string): readonly StaffRole[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // '/report/custom' must not swallow '/report/customer...': prefixes match whole segments.
  return RULES.find((rule) => matchesPrefix(path, rule.prefix))?.roles ?? null;
}

export function canAccess(pathname: string, role: Role | undefined): boolean {
  const roles = requiredRoles(pathname);
  if (!roles) return true;
  return role !== undefined && (roles as readonly string[]).includes(role);
}

/** Where a refused user goes (spec section 6). */
export const FORBIDDEN_PATH = `/page-404?${new URLSearchParams({
  title: MESSAGES.warningTitle,
  message: MESSAGES.forbiddenFeature,
}).toString()}`;
