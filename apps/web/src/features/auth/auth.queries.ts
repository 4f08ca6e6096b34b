import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyAccount } from '@omnicare/shared/auth/auth.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { useCurrentUser } from '@/stores/session-store';
import { getMyAccount, updateMyPresence } from './auth.api';

export const myAccountKey = (token: string | undefined) => ['my-account', token ?? ''] as const;

/** The own account with its tenant configuration (the automation guard reads `workflow`). */
export function useMyAccount() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: myAccountKey(user?.token),
    queryFn: ({ signal }) => getMyAccount(signal),
    enabled: Boolean(user?.token),
    staleTime: 60_000,
  });
}

/** Whether the tenant lets the caller's role import and export customers (the server checks too). */
export function useCanImportExport(): boolean {
  return useMyAccount().data?.customer_import_export ?? false;
}

export function useUpdatePresence() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (presence: Presence) => updateMyPresence(presence),
    onSuccess: ({ presence }) => {
      queryClient.setQueryData<MyAccount>(myAccountKey(user?.token), (account) =>
        account ? { ...account, presence } : account,
      );
    },
  });
}
