import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RealtimeHandlers } from '@/lib/realtime';
import { useSessionStore } from '@/stores/session-store';

const realtime = vi.hoisted(() => ({
  handlers: null as RealtimeHandlers | null,
  open: vi.fn(),
}));
vi.mock('@/lib/realtime', () => ({
  connectRealtime: (_token: string, handlers: RealtimeHandlers) => {
    realtime.handlers = handlers;
    return { open: realtime.open, close: () => {} };
  },
}));
const unread = vi.hoisted(() => ({ answer: () => {} }));
vi.mock('@/features/notifications/notifications.api', () => ({
  getUnreadCount: () =>
    new Promise((resolve) => {
      unread.answer = () => resolve({ count: 0 });
    }),
}));

import { useRealtimeNotifications } from './use-realtime';

describe('the real-time channel’s hook', () => {
  it('opens once the first screen has its data, and reads the shown tickets, notifications and jobs again on a resync', async () => {
    useSessionStore.getState().signIn({
      token: 'tok',
      role: 'agent',
      tenant_id: 't',
      user_id: 'u',
      _id: 'u',
      agent_id: 'G1',
      is_admin: false,
      name: 'Lan',
      email: 'lan@demo.vn',
    });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRealtimeNotifications(), { wrapper });
    expect(realtime.handlers).not.toBeNull();
    // The unread count is still being read: the first screen is not shown yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(realtime.open).not.toHaveBeenCalled();
    unread.answer();
    await waitFor(() => expect(realtime.open).toHaveBeenCalledTimes(1));
    invalidate.mockClear();
    realtime.handlers?.onResync();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([['tickets'], ['notifications'], ['jobs']]);
    useSessionStore.getState().clear();
  });
});
