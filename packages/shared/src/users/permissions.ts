import { gather } from '../domains.js';
import type { StaffRole } from './roles.js';

/**
 * Who may do what, once for both sides: the server's route `access` and services read it, and
 * so do the web's `can…` helpers. Each domain declares its own (`<domain>.domain.ts`); this is
 * them all. Reading a list or a record in one's data scope needs no permission (every staff
 * member may); these are the acts beyond that. The platform administrator's admin flag is
 * checked apart (`requireAdminFlag`), on top of the role.
 */
export const PERMISSIONS = gather('permissions');

export type Permission = keyof typeof PERMISSIONS;

/** The roles holding a permission. */
export const rolesFor = (permission: Permission): readonly StaffRole[] => PERMISSIONS[permission];

export const can = (role: string | undefined, permission: Permission): boolean =>
  role !== undefined && (PERMISSIONS[permission] as readonly string[]).includes(role);
