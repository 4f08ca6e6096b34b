import { beforeEach, describe, expect, it } from 'vitest';
import {
  notificationItemView,
  type NotificationItem,
} from '@omnicare/shared/notifications/notifications.schemas';
import { fixture } from '@/test/contract-fixtures';
import { useNotificationsStore } from './notifications-store';

const item = (id: string, read = false, createdAt = '2026-01-01T00:00:00Z'): NotificationItem =>
  fixture('GET /v2/notifications', notificationItemView, {
    _id: id,
    kind: 'system',
    title: `T${id}`,
    body: '',
    link: null,
    read_at: read ? '2026-01-01T00:00:00Z' : null,
    created_at: createdAt,
  });
const state = () => useNotificationsStore.getState();

describe('notification state (spec section 3)', () => {
  beforeEach(() => state().reset());

  it('starts disconnected, idle and empty', () => {
    expect(state()).toMatchObject({
      isConnected: false,
      isLoading: false,
      unreadCount: 0,
      notifications: [],
      unreadNotifications: [],
      newNotificationAt: null,
    });
  });

  it('adds a real-time notification on top, counts it and stamps it once', () => {
    state().setNotifications([item('1', true)]);
    state().receive(item('2'));
    state().receive(item('2'));
    expect(state().notifications.map((n) => n._id)).toEqual(['2', '1']);
    expect(state().unreadNotifications.map((n) => n._id)).toEqual(['2']);
    expect(state().unreadCount).toBe(1);
    expect(state().newNotificationAt).not.toBeNull();
  });

  it('keeps a notification that arrived live while the list was being read, and no stale one', () => {
    state().setNotifications([item('old', false, '2026-01-01T00:00:00Z')]);
    state().receive(item('live', false, '2026-01-01T00:05:00Z'));
    // The list read when the panel opened, answered before the live one was written.
    state().setNotifications([item('1', true, '2026-01-01T00:01:00Z')]);
    expect(state().notifications.map((n) => n._id)).toEqual(['live', '1']);
    expect(state().unreadNotifications.map((n) => n._id)).toEqual(['live']);
    // Read again later, the list has it: once.
    state().setNotifications([
      item('live', false, '2026-01-01T00:05:00Z'),
      item('1', true, '2026-01-01T00:01:00Z'),
    ]);
    expect(state().notifications.map((n) => n._id)).toEqual(['live', '1']);
  });

  it('marks one and all read', () => {
    state().setNotifications([item('1'), item('2'), item('3', true)]);
    state().setUnreadCount(2);
    state().markRead('1');
    expect(state().unreadCount).toBe(1);
    state().markRead('3');
    expect(state().unreadCount).toBe(1);
    state().markAllRead();
    expect(state().unreadCount).toBe(0);
    expect(state().notifications.every((n) => n.read_at)).toBe(true);
  });
});
