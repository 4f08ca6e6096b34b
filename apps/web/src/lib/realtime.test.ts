import { describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    on: vi.fn((event: string, handler: Handler) => handlers.set(event, handler)),
    connected: false,
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
  };
});
const io = vi.hoisted(() => vi.fn(() => socket));
vi.mock('socket.io-client', () => ({ io }));

import { connectRealtime, onRecordListChanged, reportTyping, watchRecord } from './realtime';

function setup(alive = true) {
  const handlers = {
    onConnectionChange: vi.fn(),
    onNotification: vi.fn(),
    onUnreadCount: vi.fn(),
    onPresence: vi.fn(),
    onSessionRevoked: vi.fn(),
    onTenantConfigChanged: vi.fn(),
    onTicketSettingsChanged: vi.fn(),
    onResync: vi.fn(),
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
    emit('ticket-settings:changed', { entity: 'smart_view' });
    expect(handlers.onConnectionChange).toHaveBeenCalledWith(true);
    expect(handlers.onNotification).toHaveBeenCalledWith({ _id: 'n1' });
    expect(handlers.onUnreadCount).toHaveBeenCalledWith(4);
    expect(handlers.onPresence).toHaveBeenCalledWith({ user_id: 'u', presence: 'MEETING' });
    expect(handlers.onSessionRevoked).toHaveBeenCalled();
    expect(handlers.onTenantConfigChanged).toHaveBeenCalled();
    expect(handlers.onTicketSettingsChanged).toHaveBeenCalled();
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

  it('checks the session when the handshake refuses it as ended, not on other refusals', () => {
    const { handlers, emit } = setup(false);
    emit('connect_error', new Error('xhr poll error'));
    expect(handlers.verifySession).not.toHaveBeenCalled();
    emit('connect_error', new Error('session_expired'));
    expect(handlers.verifySession).toHaveBeenCalledTimes(1);
  });

  it('disconnects on cleanup', () => {
    const { close, handlers } = setup();
    close();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(handlers.onConnectionChange).toHaveBeenLastCalledWith(false);
  });

  it('joins a watched record now and after every reconnect, and leaves it when unwatched', () => {
    socket.emit.mockClear();
    const { emit, close } = setup();
    socket.connected = true;
    const ticket = { kind: 'ticket' as const, id: 't1' };
    const onViewers = vi.fn();
    const onChanged = vi.fn();
    const unwatch = watchRecord(ticket, { onViewers, onChanged });
    expect(socket.emit).toHaveBeenLastCalledWith('record:join', ticket);
    emit('connect');
    expect(socket.emit).toHaveBeenLastCalledWith('record:join', ticket);

    emit('record:viewers', { ...ticket, viewers: [{ user_id: 'u2', name: 'Lan', typing: true }] });
    emit('record:viewers', { kind: 'ticket', id: 'other', viewers: [] });
    expect(onViewers).toHaveBeenCalledTimes(1);
    emit('record:changed', { ...ticket, by: { user_id: 'u2', name: 'Lan' }, fields: ['status'] });
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ fields: ['status'] }));

    reportTyping(ticket, true);
    expect(socket.emit).toHaveBeenLastCalledWith('record:typing', { ...ticket, typing: true });
    unwatch();
    expect(socket.emit).toHaveBeenLastCalledWith('record:leave', ticket);
    emit('connect');
    expect(socket.emit).not.toHaveBeenLastCalledWith('record:join', ticket);
    close();
    socket.connected = false;
  });

  it('asks the screens to read again after a reconnect and on the server’s resync, at first only what they read before', () => {
    socket.emit.mockClear();
    const { emit, close, handlers } = setup();
    socket.connected = true;
    const ticket = { kind: 'ticket' as const, id: 't2' };
    const unwatch = watchRecord(ticket, { onViewers: vi.fn(), onChanged: vi.fn() });
    const before = Date.now();
    emit('connect');
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
    expect(handlers.onResync.mock.calls[0]?.[0]?.readBefore).toBeGreaterThanOrEqual(before);
    emit('disconnect', 'transport close');
    emit('connect');
    expect(handlers.onResync).toHaveBeenCalledTimes(2);
    expect(handlers.onResync).toHaveBeenLastCalledWith(undefined);
    socket.emit.mockClear();
    emit('realtime:resync', {});
    expect(handlers.onResync).toHaveBeenCalledTimes(3);
    // The record is joined again, so its viewers are announced afresh.
    expect(socket.emit).toHaveBeenCalledWith('record:join', ticket);
    unwatch();
    close();
    socket.connected = false;
  });

  it('passes changed ids of a kind to the lists listening', () => {
    const { emit, close } = setup();
    const onChanged = vi.fn();
    const stop = onRecordListChanged('ticket', onChanged);
    emit('record:list-changed', { kind: 'ticket', id: 't9' });
    stop();
    emit('record:list-changed', { kind: 'ticket', id: 't10' });
    expect(onChanged.mock.calls).toEqual([['t9']]);
    close();
  });

  it('watches a kind of list while a screen shows one, again after a reconnect', () => {
    const { emit, close } = setup();
    socket.emit.mockClear();
    socket.connected = true;
    const first = onRecordListChanged('ticket', vi.fn());
    const second = onRecordListChanged('ticket', vi.fn());
    expect(socket.emit.mock.calls.filter(([event]) => event === 'record:list-watch')).toEqual([
      ['record:list-watch', { kind: 'ticket' }],
    ]);
    first();
    expect(socket.emit).not.toHaveBeenCalledWith('record:list-unwatch', { kind: 'ticket' });
    socket.emit.mockClear();
    emit('connect');
    expect(socket.emit).toHaveBeenCalledWith('record:list-watch', { kind: 'ticket' });
    second();
    expect(socket.emit).toHaveBeenCalledWith('record:list-unwatch', { kind: 'ticket' });
    close();
    socket.connected = false;
  });
});
