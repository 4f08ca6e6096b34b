import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RealtimeHandlers } from '@/lib/realtime';
import { useSessionStore } from '@/stores/session-store';
import { signInAs } from '@/test/signed-in';

const realtime = vi.hoisted(() => ({ handlers: null as RealtimeHandlers | null }));
vi.mock('@/lib/realtime', () => ({
  connectRealtime: (_token: string, handlers: RealtimeHandlers) => {
    realtime.handlers = handlers;
    return () => {};
  },
}));
vi.mock('@/features/notifications/notifications.api', async () => {
  const { fixture } = await import('@/test/contract-fixtures');
  const { unreadCountView } = await import('@omnicare/shared/notifications/notifications.schemas');
  const unread = fixture('GET /v2/notifications/unread-count', unreadCountView, { count: 0 });
  return { getUnreadCount: () => Promise.resolve(unread) };
});

import { useRealtimeNotifications } from './use-realtime';

/** The hook for a signed-in agent; the spy on its query client's invalidations. */
function renderSignedIn(client = new QueryClient()) {
  signInAs('agent', { token: 'tok', user_id: 'u', _id: 'u', agent_id: 'G1', name: 'Lan' });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useRealtimeNotifications(), { wrapper });
  return invalidate;
}

describe('the real-time channel’s hook', () => {
  it('reads the shown tickets, conversation lists, notifications, jobs and the wrap-up again on a resync, nothing else', () => {
    const invalidate = renderSignedIn();
    expect(realtime.handlers).not.toBeNull();
    invalidate.mockClear();
    realtime.handlers?.onResync();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([
      ['tickets'],
      ['conversations', 'list'],
      ['notifications'],
      ['jobs'],
      ['telephony', 'wrap-up'],
    ]);
    useSessionStore.getState().clear();
  });

  it('at the first connection, reads again only what the screens had read before it', () => {
    const client = new QueryClient();
    renderSignedIn(client);
    const listKey = ['conversations', 'list', { box: 'mine' }];
    const laterKey = ['tickets', 'list', { view: 'all' }];
    client.setQueryData(listKey, { data: [] });
    const connectedAt = Date.now() + 1;
    client.setQueryData(laterKey, { data: [] }, { updatedAt: connectedAt + 5 });
    realtime.handlers?.onResync({ readBefore: connectedAt });
    // The list read before the connection may have missed a push; the later one cannot.
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(laterKey)?.isInvalidated).toBe(false);
    useSessionStore.getState().clear();
  });

  it("reads the assignee lists again when anyone's presence changes", () => {
    const invalidate = renderSignedIn();
    invalidate.mockClear();
    realtime.handlers?.onPresence({ user_id: 'someone-else', presence: 'ATLUNCH' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['tickets', 'assignees'],
    ]);
    useSessionStore.getState().clear();
  });
});
