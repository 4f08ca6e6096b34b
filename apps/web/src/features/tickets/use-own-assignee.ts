import { useMyAccount } from '@/features/auth/auth.queries';

/**
 * Who a new ticket is for before anyone is picked: the agent creating it, when the tenant says
 * so (`assign_own_tickets`, the server's same rule); null for other roles or with it off.
 */
export function useOwnAssignee(): { _id: string; name: string } | null {
  const account = useMyAccount().data;
  if (!account || account.role !== 'agent' || !account.tenant.assign_own_tickets) return null;
  return { _id: account._id, name: account.name };
}
