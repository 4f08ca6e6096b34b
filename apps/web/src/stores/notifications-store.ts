import { create } from 'zustand';
import type { NotificationItem } from '@omnicare/shared/notifications/notifications.schemas';

/** Client notification state of spec section 3. */
export interface NotificationsState {
  isConnected: boolean;
  isLoading: boolean;
  unreadCount: number;
  notifications: NotificationItem[];
  unreadNotifications: NotificationItem[];
  /** When the last real-time notification arrived (ms), for a gentle highlight of the bell. */
  newNotificationAt: number | null;
  setConnected: (isConnected: boolean) => void;
  setLoading: (isLoading: boolean) => void;
  setUnreadCount: (count: number) => void;
  setNotifications: (items: NotificationItem[]) => void;
  receive: (item: NotificationItem) => void;
  markRead: (id: string, readAt?: string) => void;
  markAllRead: (readAt?: string) => void;
  reset: () => void;
}

const initial = {
  isConnected: false,
  isLoading: false,
  unreadCount: 0,
  notifications: [] as NotificationItem[],
  unreadNotifications: [] as NotificationItem[],
  newNotificationAt: null as number | null,
};

export const useNotificationsStore = create<NotificationsState>()((set) => ({
  ...initial,
  setConnected: (isConnected) => set({ isConnected }),
  setLoading: (isLoading) => set({ isLoading }),
  setUnreadCount: (count) => set({ unreadCount: Math.max(0, Math.trunc(count)) }),
  // A list read while a notification arrived live may predate it: what came live stays on top.
  setNotifications: (items) =>
    set((state) => {
      const listed = new Set(items.map((item) => item._id));
      const live = state.notifications.filter(
        (known) => !listed.has(known._id) && known.created_at > (items[0]?.created_at ?? ''),
      );
      const notifications = [...live, ...items];
      return { notifications, unreadNotifications: notifications.filter((item) => !item.read_at) };
    }),
  receive: (item) =>
    set((state) => {
      if (state.notifications.some((known) => known._id === item._id)) return state;
      return {
        notifications: [item, ...state.notifications],
        unreadNotifications: item.read_at
          ? state.unreadNotifications
          : [item, ...state.unreadNotifications],
        unreadCount: item.read_at ? state.unreadCount : state.unreadCount + 1,
        newNotificationAt: Date.now(),
      };
    }),
  markRead: (id, readAt = new Date().toISOString()) =>
    set((state) => {
      const wasUnread = state.unreadNotifications.some((item) => item._id === id);
      return {
        notifications: state.notifications.map((item) =>
          item._id === id && !item.read_at ? { ...item, read_at: readAt } : item,
        ),
        unreadNotifications: state.unreadNotifications.filter((item) => item._id !== id),
        unreadCount: wasUnread ? Math.max(0, state.unreadCount - 1) : state.unreadCount,
      };
    }),
  markAllRead: (readAt = new Date().toISOString()) =>
    set((state) => ({
      notifications: state.notifications.map((item) =>
        item.read_at ? item : { ...item, read_at: readAt },
      ),
      unreadNotifications: [],
      unreadCount: 0,
    })),
  reset: () => set({ ...initial }),
}));
