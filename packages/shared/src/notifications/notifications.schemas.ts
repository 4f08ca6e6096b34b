import { z } from 'zod';

export interface NotificationItem {
  _id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});

/** Socket.io events of the real-time channel. */
export const REALTIME_EVENTS = {
  notification: 'notification:new',
  unreadCount: 'notification:unread-count',
  presence: 'presence:changed',
  sessionRevoked: 'session:revoked',
  tenantConfig: 'tenant:config-changed',
} as const;
