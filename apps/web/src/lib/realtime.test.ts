import { describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    on: vi.fn((event: string, handler: Handler) => handlers.set(event, handler)),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
  };
});
const io = vi.hoisted(() => vi.fn(() => socket));
vi.mock('socket.io-client', () => ({ io }));

import { connectRealtime } from './realtime';

function setup(alive = true) {
  const handlers = {
    onConnectionChange: vi.fn(),
    onNotification: vi.fn(),
    onUnreadCount: vi.fn(),
    onPresence: vi.fn(),
    onSessionRevoked: vi.fn(),
    onTenantConfigChanged: vi.fn(),
    verifySession: vi.fn(() => Promise.resolve(alive)),
  };
  const close = connectRealtime('tok', handlers);
  const emit = (event: string, ...args: unknown[]) => socket.handlers.get(event)?.(...args);
  return { handlers, close, emit };
}

describe('real-time channel', () => {
  it('authenticates with the token on the same origin and reconnects', () => {
    setup();
    expect(io).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/socket.io', auth: { token: 'tok' }, reconnection: true }),
    );
  });

  it('passes the server events on', () => {
    const { handlers, emit } = setup();
    emit('connect');
    emit('notification:new', { _id: 'n1' });
    emit('notification:unread-count', { count: 4 });
    emit('presence:changed', { user_id: 'u', presence: 'MEETING' });
    emit('session:revoked');
    emit('tenant:config-changed', { workflow: 'disabled' });
    expect(handlers.onConnectionChange).toHaveBeenCalledWith(true);
    expect(handlers.onNotification).toHaveBeenCalledWith({ _id: 'n1' });
    expect(handlers.onUnreadCount).toHaveBeenCalledWith(4);
    expect(handlers.onPresence).toHaveBeenCalledWith({ user_id: 'u', presence: 'MEETING' });
    expect(handlers.onSessionRevoked).toHaveBeenCalled();
    expect(handlers.onTenantConfigChanged).toHaveBeenCalled();
  });

  it('checks the session when the server closes the socket, and reconnects if it lives', async () => {
    socket.connect.mockClear();
    const { handlers, emit } = setup(true);
    emit('disconnect', 'io server disconnect');
    await vi.waitFor(() => expect(socket.connect).toHaveBeenCalledTimes(1));
    expect(handlers.verifySession).toHaveBeenCalled();
  });

  it('stays closed when the session is gone or on ordinary disconnects', async () => {
    socket.connect.mockClear();
    const dead = setup(false);
    dead.emit('disconnect', 'io server disconnect');
    await Promise.resolve();
    await Promise.resolve();
    dead.emit('disconnect', 'transport close');
    expect(dead.handlers.verifySession).toHaveBeenCalledTimes(1);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('disconnects on cleanup', () => {
    const { close, handlers } = setup();
    close();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(handlers.onConnectionChange).toHaveBeenLastCalledWith(false);
  });
});
