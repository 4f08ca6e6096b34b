import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';

/**
 * The tenants enabled for Zalo personal accounts are configuration (VITE_ZALO_PERSONAL_TENANTS,
 * comma-separated tenant ids), not code.
 */
export function zaloPersonalTenants(
  raw: string | undefined = import.meta.env.VITE_ZALO_PERSONAL_TENANTS,
): string[] {
  return (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** True only for an admin of one of the configured tenants. */
export function hasZaloPersonalSettings(
  user: Pick<StoredUser, 'is_admin' | 'tenant_id'>,
  tenants: readonly string[] = zaloPersonalTenants(),
): boolean {
  return user.is_admin && tenants.includes(user.tenant_id);
}
