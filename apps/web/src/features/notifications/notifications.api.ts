import type {
  NotificationItem,
  UnreadCount,
} from '@omnicare/shared/notifications/notifications.schemas';
import { apiList, apiRequest } from '@/lib/http';

export const BELL_PAGE_SIZE = 20;

export const listNotifications = (
  params: { page?: number; page_size?: number; unread?: boolean } = {},
) =>
  apiList<NotificationItem>({
    method: 'GET',
    url: '/v2/notifications',
    params: {
      page: params.page ?? 1,
      page_size: params.page_size ?? BELL_PAGE_SIZE,
      ...(params.unread ? { unread: 'true' } : {}),
    },
  });

export const getUnreadCount = () =>
  apiRequest<UnreadCount>({ method: 'GET', url: '/v2/notifications/unread-count' });

export const markNotificationRead = (id: string) =>
  apiRequest<null>({ method: 'PUT', url: `/v2/notifications/${encodeURIComponent(id)}/read` });

export const markAllNotificationsRead = () =>
  apiRequest<null>({ method: 'PUT', url: '/v2/notifications/read-all' });
