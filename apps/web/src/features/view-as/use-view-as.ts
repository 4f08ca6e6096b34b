import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';
import { useNotificationsStore } from '@/stores/notifications-store';
import { useRecordTabsStore } from '@/stores/record-tabs-store';
import { useSessionStore } from '@/stores/session-store';
import { startViewAs } from '../auth/auth.api';

/** Everything cached belongs to the previous identity: drop it when the identity changes. */
function useIdentitySwitch() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.clear();
    useNotificationsStore.getState().reset();
    useRecordTabsStore.getState().reset();
  };
}

export function useStartViewAs() {
  const navigate = useNavigate();
  const switchIdentity = useIdentitySwitch();
  return useMutation({
    mutationFn: (userId: string) => startViewAs(userId),
    onSuccess: (user: StoredUser) => {
      switchIdentity();
      useSessionStore.getState().startViewAs(user);
      void navigate('/', { replace: true });
    },
  });
}

export function useExitViewAs() {
  const navigate = useNavigate();
  const switchIdentity = useIdentitySwitch();
  return () => {
    switchIdentity();
    useSessionStore.getState().exitViewAs();
    void navigate('/view-as-mode', { replace: true });
  };
}
