import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';

export const notificationItemView = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type NotificationItem = z.infer<typeof notificationItemView>;

export const unreadCountView = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountView>;

/** POST /v2/notifications: how many staff were notified. */
export const announcementView = z.object({ sent: z.number().int() });

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
  /** A ticket setting (priority, type, service, template, view, SLA, working time) changed. */
  ticketSettings: 'ticket-settings:changed',
} as const;

/** The handshake's refusal of a token whose session has ended. */
export const SESSION_EXPIRED_ERROR = 'session_expired';
