import { can, type Permission } from '@omnicare/shared/users/permissions';
import { useCurrentUser } from '@/stores/session-store';

/** Whether the signed-in user's role holds a permission (the server checks it too). */
export function useCan(permission: Permission): boolean {
  return can(useCurrentUser()?.role, permission);
}
