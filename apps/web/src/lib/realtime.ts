import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { NotificationItem } from '@omnicare/shared/notifications/notifications.schemas';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import type { Presence } from '@omnicare/shared/users/presence';

export interface RealtimeHandlers {
  onConnectionChange: (connected: boolean) => void;
  onNotification: (item: NotificationItem) => void;
  onUnreadCount: (count: number) => void;
  onPresence: (change: { user_id: string; presence: Presence }) => void;
  onSessionRevoked: () => void;
  /** The tenant's configuration changed (e.g. the workflow switch): re-read the own account. */
  onTenantConfigChanged: () => void;
  /**
   * The server closed the socket itself (socket.io does not reconnect then): resolves true when
   * the session still works, so the channel reconnects; a dead session logs out on its own 403.
   */
  verifySession: () => Promise<boolean>;
}

/** The real-time channel: socket.io on the same origin, authenticated with the token, reconnecting. */
export function connectRealtime(token: string, handlers: RealtimeHandlers): () => void {
  const socket: Socket = io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });
  socket.on('connect', () => handlers.onConnectionChange(true));
  let closed = false;
  socket.on('disconnect', (reason) => {
    handlers.onConnectionChange(false);
    if (reason !== 'io server disconnect') return;
    void handlers.verifySession().then((alive) => {
      if (alive && !closed) socket.connect();
    });
  });
  socket.on(REALTIME_EVENTS.notification, (item: NotificationItem) =>
    handlers.onNotification(item),
  );
  socket.on(REALTIME_EVENTS.unreadCount, (payload: { count?: number }) => {
    if (typeof payload?.count === 'number') handlers.onUnreadCount(payload.count);
  });
  socket.on(REALTIME_EVENTS.presence, (payload: { user_id: string; presence: Presence }) =>
    handlers.onPresence(payload),
  );
  socket.on(REALTIME_EVENTS.sessionRevoked, () => handlers.onSessionRevoked());
  socket.on(REALTIME_EVENTS.tenantConfig, () => handlers.onTenantConfigChanged());
  return () => {
    closed = true;
    socket.removeAllListeners();
    socket.disconnect();
    handlers.onConnectionChange(false);
  };
}
