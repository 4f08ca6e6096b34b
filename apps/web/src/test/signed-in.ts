import {
  myAccountView,
  storedUserView,
  type MyAccount,
  type StoredUser,
} from '@omnicare/shared/auth/auth.schemas';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import { fixture } from './contract-fixtures';

/**
 * A stored user of this role (ids and names are the role), as the login answers it and the
 * session keeps it (checked against POST /v2/login's response schema).
 */
export const storedUser = (role: StaffRole, extra: Partial<StoredUser> = {}): StoredUser =>
  fixture('POST /v2/login', storedUserView, {
    token: `tok-${role}`,
    role,
    tenant_id: 't1',
    user_id: role,
    _id: role,
    agent_id: role,
    is_admin: false,
    name: role,
    email: `${role}@demo.vn`,
    ...extra,
  });

/** Signs a user of this role in, in the session store. */
export const signInAs = (role: StaffRole, extra: Partial<StoredUser> = {}) =>
  useSessionStore.getState().signIn(storedUser(role, extra));

/**
 * GET /v2/my-account's data for a user of this role, checked against the shared response
 * schema (a fixture that drifts from the contract fails the test using it).
 */
export const myAccountOf = (
  role: StaffRole,
  {
    automation = true,
    assignOwnTickets = true,
  }: { automation?: boolean; assignOwnTickets?: boolean } = {},
): MyAccount => {
  const workflow = automation ? 'enabled' : 'disabled';
  return fixture('GET /v2/my-account', myAccountView, {
    _id: role,
    user_id: role,
    tenant_id: 't1',
    name: role,
    email: `${role}@demo.vn`,
    role,
    agent_id: role,
    is_admin: false,
    presence: 'AVAILABLE',
    avatar_url: null,
    customer_import_export: false,
    tenant: {
      _id: 't1',
      name: 'Demo',
      time_zone: 'Asia/Bangkok',
      workflow,
      features: { automation },
      assign_own_tickets: assignOwnTickets,
    },
    workflow,
  });
};
