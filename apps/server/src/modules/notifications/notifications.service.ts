import {
  REALTIME_EVENTS,
  type NotificationItem,
} from '@omnicare/shared/notifications/notifications.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import * as repo from './notifications.repository.js';

const toItem = (row: repo.NotificationRow): NotificationItem => ({
  _id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

async function pushUnreadCount(platform: Platform, userId: string) {
  const count = await repo.unreadCount(platform.db, userId);
  platform.realtime.toUser(userId, REALTIME_EVENTS.unreadCount, { count });
}

/**
 * Creates notifications for users of one tenant and pushes each to their open tabs. An outbox
 * subscriber passes the event's id (`sourceEventId`): a redelivery then sends nothing twice.
 */
export async function notify(
  platform: Platform,
  input: {
    tenantId: string;
    userIds: string[];
    kind: string;
    title: string;
    body?: string;
    link?: string | null;
    sourceEventId?: number;
    /** Not for a user who still has an unread one pointing at the same link (a chat's messages). */
    unlessUnread?: boolean;
  },
) {
  const already =
    input.unlessUnread && input.link
      ? await repo.withUnreadAt(platform.db, input.userIds, input.link)
      : new Set<string>();
  const userIds = input.userIds.filter((userId) => !already.has(userId));
  if (userIds.length === 0) return [];
  const rows = await repo.insertNotifications(
    platform.db,
    userIds.map((userId) => ({
      tenantId: input.tenantId,
      userId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? '',
      link: input.link ?? null,
      sourceEventId: input.sourceEventId ?? null,
    })),
  );
  await Promise.all(
    rows.map(async (row) => {
      platform.realtime.toUser(row.userId, REALTIME_EVENTS.notification, toItem(row));
      await pushUnreadCount(platform, row.userId);
    }),
  );
  return rows.map(toItem);
}

export async function listMine(
  platform: Platform,
  auth: AuthContext,
  query: { page: number; page_size: number; unread?: 'true' | 'false' },
) {
  const { rows, total } = await repo.listForUser(platform.db, auth.userId, {
    unreadOnly: query.unread === 'true',
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return { data: rows.map(toItem), total };
}

export const unreadCount = (platform: Platform, auth: AuthContext) =>
  repo.unreadCount(platform.db, auth.userId);

export async function markRead(platform: Platform, auth: AuthContext, id: string) {
  const changed = await repo.markRead(platform.db, auth.userId, id);
  if (!changed && !(await repo.exists(platform.db, auth.userId, id))) {
    throw notFound('Không tìm thấy thông báo');
  }
  await pushUnreadCount(platform, auth.userId);
}

export async function markAllRead(platform: Platform, auth: AuthContext) {
  await repo.markAllRead(platform.db, auth.userId);
  await pushUnreadCount(platform, auth.userId);
}

/** An administrator's announcement to chosen staff, or to the whole tenant. */
export async function announce(
  platform: Platform,
  auth: AuthContext,
  input: { title: string; body?: string; link?: string; user_ids?: string[] },
) {
  const userIds = await repo.activeStaffIds(platform.db, auth.tenantId, input.user_ids);
  if (input.user_ids && userIds.length !== new Set(input.user_ids).size) {
    throw fieldError('user_ids', 'Có người nhận không thuộc tenant hoặc đã bị vô hiệu hóa');
  }
  const items = await notify(platform, {
    tenantId: auth.tenantId,
    userIds,
    kind: 'announcement',
    title: input.title,
    body: input.body,
    link: input.link,
  });
  return { sent: items.length };
}
