import type { TenantFeature } from '@omnicare/shared/tenants/features';
import type { Role, StaffRole } from '@omnicare/shared/users/roles';
import { inherited } from './route-table';

/**
 * The roles a path allows (spec section 6), or null when it has no role guard: the roles the
 * deepest declared route at or above it states (features declare them in `<domain>.routes.tsx`).
 */
export function requiredRoles(pathname: string): readonly StaffRole[] | null {
  return inherited(pathname, 'roles') ?? null;
}

export function canAccess(pathname: string, role: Role | undefined): boolean {
  const roles = requiredRoles(pathname);
  if (!roles) return true;
  return role !== undefined && (roles as readonly string[]).includes(role);
}

/** The tenant feature the path needs (none: undefined). */
export const requiredFeature = (pathname: string): TenantFeature | undefined =>
  inherited(pathname, 'requiresFeature');

/** The path needs the admin flag of the stored user. */
export const requiresAdminFlag = (pathname: string): boolean =>
  inherited(pathname, 'requiresAdminFlag') === true;
