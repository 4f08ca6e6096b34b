import { beforeEach, describe, expect, it } from 'vitest';
import {
  notificationItemView,
  type NotificationItem,
} from '@omnicare/shared/notifications/notifications.schemas';
import { fixture } from '@/test/contract-fixtures';
import { useNotificationsStore } from './notifications-store';

const item = (id: string, read = false): NotificationItem =>
  fixture('GET /v2/notifications', notificationItemView, {
    _id: id,
    kind: 'system',
    title: `T${id}`,
    body: '',
    link: null,
    read_at: read ? '2026-01-01T00:00:00Z' : null,
    created_at: '2026-01-01T00:00:00Z',
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
