import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyAccount } from '@omnicare/shared/auth/auth.schemas';
import { myAccountKey } from '@/features/auth/auth.queries';
import { getUnreadCount } from '@/features/notifications/notifications.api';
import { ticketSettingsKeys } from '@/features/ticket-settings/ticket-settings.queries';
import { WRAP_UP_QUERY_KEY } from '@/features/telephony/softphone/softphone.api';
import { ticketKeys } from '@/features/tickets/ticket-keys';
import { requestLogout } from '@/lib/events';
import { connectRealtime } from '@/lib/realtime';
import { isViewAsMode } from '@/lib/storage';
import { documentTitle } from '@/lib/title';
import { useNotificationsStore } from '@/stores/notifications-store';
import { useCurrentUser } from '@/stores/session-store';

/**
 * What the screens show that live events keep current, read again after a gap in those events
 * (a reconnect, or `realtime:resync`): tickets (lists, open records, their conversations and
 * activity), the chat workspace's conversation list, notifications (the bell's list and count),
 * background jobs (a bulk's progress) and the agent's after-call work (its pushes may be missed).
 * Only the queries on screen refetch; the others are read afresh when next shown.
 */
export const RESYNC_QUERY_KEYS = [
  ['tickets'],
  ['conversations', 'list'],
  ['notifications'],
  ['jobs'],
  WRAP_UP_QUERY_KEY,
] as const;

/** The real-time channel and the unread count behind the bell and the title. */
export function useRealtimeNotifications(): void {
  const user = useCurrentUser();
  const token = user?.token;
  const userIds = [user?._id, user?.user_id].filter(Boolean).join(',');
  const queryClient = useQueryClient();
  const isConnected = useNotificationsStore((state) => state.isConnected);

  const unread = useQuery({
    queryKey: ['notifications', 'unread-count', token ?? ''],
    queryFn: () => getUnreadCount(),
    enabled: Boolean(token),
    staleTime: 0,
  });
  useEffect(() => {
    if (unread.data) useNotificationsStore.getState().setUnreadCount(unread.data.count);
  }, [unread.data]);

  // After a reconnect, counts may have moved while we were away.
  const { refetch } = unread;
  useEffect(() => {
    if (isConnected) void refetch();
  }, [isConnected, refetch]);

  useEffect(() => {
    if (!token) return undefined;
    const store = useNotificationsStore.getState();
    return connectRealtime(token, {
      onConnectionChange: store.setConnected,
      onNotification: store.receive,
      onUnreadCount: store.setUnreadCount,
      onPresence: ({ user_id, presence }) => {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.assignees });
        if (!userIds.split(',').includes(user_id)) return;
        queryClient.setQueryData<MyAccount>(myAccountKey(token), (account) =>
          account ? { ...account, presence } : account,
        );
      },
      onSessionRevoked: () => {
        if (!isViewAsMode()) requestLogout(true);
      },
      onTenantConfigChanged: () => {
        void queryClient.invalidateQueries({ queryKey: myAccountKey(token) });
      },
      // Saved views, priorities and the rest: the lists and forms showing them read them again.
      onTicketSettingsChanged: () => {
        void queryClient.invalidateQueries({ queryKey: ticketSettingsKeys.all });
      },
      onResync: (first) => {
        for (const queryKey of RESYNC_QUERY_KEYS)
          void queryClient.invalidateQueries({
            queryKey: [...queryKey],
            ...(first && {
              predicate: ({ state }) =>
                state.dataUpdatedAt > 0 && state.dataUpdatedAt < first.readBefore,
            }),
          });
      },
      verifySession: () =>
        getUnreadCount().then(
          ({ count }) => {
            useNotificationsStore.getState().setUnreadCount(count);
            return true;
          },
          () => false,
        ),
    });
  }, [token, userIds, queryClient]);
}

/** The document title follows the unread count. */
export function useDocumentTitle(): void {
  const unreadCount = useNotificationsStore((state) => state.unreadCount);
  useEffect(() => {
    document.title = documentTitle(unreadCount);
  }, [unreadCount]);
  useEffect(
    () => () => {
      document.title = documentTitle(0);
    },
    [],
  );
}
