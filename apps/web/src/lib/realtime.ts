import type { Socket } from 'socket.io-client';
import type { NotificationItem } from '@omnicare/shared/notifications/notifications.schemas';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import { REALTIME_SYNC_EVENTS } from '@omnicare/shared/realtime/realtime-sync';
import type { Presence } from '@omnicare/shared/users/presence';
import { withChunkReload } from './chunk-reload';
import {
  RECORD_PRESENCE_EVENTS,
  type RecordChanged,
  type RecordViewers,
  type RecordWatch,
  type WatchableKind,
} from '@omnicare/shared/realtime/record-presence';

export interface RealtimeHandlers {
  onConnectionChange: (connected: boolean) => void;
  onNotification: (item: NotificationItem) => void;
  onUnreadCount: (count: number) => void;
  onPresence: (change: { user_id: string; presence: Presence }) => void;
  onSessionRevoked: () => void;
  /** The tenant's configuration changed (e.g. the workflow switch): re-read the own account. */
  onTenantConfigChanged: () => void;
  /** A ticket setting changed (someone saved a priority, a view...): re-read them. */
  onTicketSettingsChanged: () => void;
  /**
   * Live events may have been missed (this socket reconnected, or the server's link to the other
   * instances came back after an outage): read again what the screens show.
   */
  onResync: () => void;
  /**
   * The server closed or refused the socket itself (socket.io does not try again then): resolves
   * true when the session still works, so the channel reconnects; a dead session logs out on its
   * own 403.
   */
  verifySession: () => Promise<boolean>;
}

interface RecordWatcher {
  watch: RecordWatch;
  onViewers: (payload: RecordViewers) => void;
  onChanged: (payload: RecordChanged) => void;
}
/** The open channel (one per signed-in tab) and what screens listen to on it. */
let activeSocket: Socket | null = null;
/** Opens the tab's channel now if it still waits (see connectRealtime). */
let openChannel: (() => void) | null = null;
const recordWatchers = new Set<RecordWatcher>();
const listListeners = new Set<{ kind: WatchableKind; onChanged: (id: string) => void }>();
const sameRecord = (a: RecordWatch, b: RecordWatch) => a.kind === b.kind && a.id === b.id;

/**
 * Joins a record's room while a screen shows it: the listener hears who else is there (and
 * typing) and who changed it. Joined again after every reconnect; left when the screen closes.
 */
export function watchRecord(
  watch: RecordWatch,
  listeners: Omit<RecordWatcher, 'watch'>,
): () => void {
  const watcher = { watch, ...listeners };
  recordWatchers.add(watcher);
  // Who else is on the record comes only over the channel: a record screen opens it at once.
  openChannel?.();
  if (activeSocket?.connected) activeSocket.emit(RECORD_PRESENCE_EVENTS.join, watch);
  return () => {
    recordWatchers.delete(watcher);
    const stillWatched = [...recordWatchers].some((other) => sameRecord(other.watch, watch));
    if (!stillWatched) activeSocket?.emit(RECORD_PRESENCE_EVENTS.leave, watch);
  };
}

/** Tells the others on the record that this user is (or stopped) typing a reply. */
export function reportTyping(watch: RecordWatch, typing: boolean): void {
  activeSocket?.emit(RECORD_PRESENCE_EVENTS.typing, { ...watch, typing });
}

/** Hears which records of a kind changed (ids only; the list re-reads the rows it shows). */
export function onRecordListChanged(
  kind: WatchableKind,
  onChanged: (id: string) => void,
): () => void {
  const listener = { kind, onChanged };
  listListeners.add(listener);
  return () => {
    listListeners.delete(listener);
  };
}

const rejoinRecords = (socket: Socket) => {
  for (const { watch } of recordWatchers) socket.emit(RECORD_PRESENCE_EVENTS.join, watch);
};

function listenToRecords(socket: Socket) {
  socket.on(RECORD_PRESENCE_EVENTS.viewers, (payload: RecordViewers) => {
    for (const watcher of recordWatchers)
      if (sameRecord(watcher.watch, payload)) watcher.onViewers(payload);
  });
  socket.on(RECORD_PRESENCE_EVENTS.changed, (payload: RecordChanged) => {
    for (const watcher of recordWatchers)
      if (sameRecord(watcher.watch, payload)) watcher.onChanged(payload);
  });
  socket.on(RECORD_PRESENCE_EVENTS.listChanged, (payload: RecordWatch) => {
    for (const listener of listListeners)
      if (listener.kind === payload?.kind) listener.onChanged(payload.id);
  });
}

/** After a refusal of a live session (the server could not check it), the next try waits. */
const REFUSED_RETRY_MS = 5_000;

/** socket.io's client: its own chunk, loaded when the channel opens. */
const loadSocketIo = withChunkReload(() => import('socket.io-client'));

export interface RealtimeChannel {
  /** Loads socket.io and connects (once; nothing after close). */
  open: () => void;
  close: () => void;
}

/**
 * The real-time channel: socket.io on the same origin, authenticated with the token,
 * reconnecting. It waits for `open` (the app calls it once the first screen has its data, so
 * that screen does not share the network with socket.io's code), except that a record screen
 * opens it at once (`watchRecord`). Events sent while it was not open are missed, so every
 * connection, the first included, asks the screens to read again (`onResync`).
 */
export function connectRealtime(token: string, handlers: RealtimeHandlers): RealtimeChannel {
  let socket: Socket | null = null;
  let state: 'waiting' | 'opening' | 'closed' = 'waiting';
  const open = () => {
    if (state !== 'waiting') return;
    state = 'opening';
    void loadSocketIo().then(
      ({ io }) => {
        if (state === 'closed') return;
        socket = io({
          path: '/socket.io',
          auth: { token },
          transports: ['websocket', 'polling'],
          reconnection: true,
          reconnectionDelay: 1_000,
          reconnectionDelayMax: 10_000,
        });
        listen(socket, handlers, () => state === 'closed');
      },
      // Its chunk failed after its one reload: the screens work on, without live events.
      () => undefined,
    );
  };
  const close = () => {
    state = 'closed';
    if (openChannel === open) openChannel = null;
    if (!socket) return;
    if (activeSocket === socket) activeSocket = null;
    socket.removeAllListeners();
    socket.disconnect();
    handlers.onConnectionChange(false);
  };
  openChannel = open;
  if (recordWatchers.size > 0) open();
  return { open, close };
}

/** Passes the channel's events on to the handlers and the screens listening. */
function listen(socket: Socket, handlers: RealtimeHandlers, isClosed: () => boolean): void {
  socket.on('connect', () => {
    handlers.onConnectionChange(true);
    rejoinRecords(socket);
    handlers.onResync();
  });
  // socket.io does not try again when the server itself closed the socket or refused it (its
  // session check): the channel reconnects while the session works (after `delayMs`); a dead
  // one logs out on the check's own 403.
  const reconnectIfAlive = (delayMs: number) =>
    void handlers.verifySession().then((alive) => {
      if (alive) setTimeout(() => isClosed() || socket.connect(), delayMs);
    });
  socket.on('disconnect', (reason) => {
    handlers.onConnectionChange(false);
    if (reason === 'io server disconnect') reconnectIfAlive(0);
  });
  socket.on('connect_error', () => {
    if (!socket.active) reconnectIfAlive(REFUSED_RETRY_MS);
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
  socket.on(REALTIME_EVENTS.ticketSettings, () => handlers.onTicketSettingsChanged());
  socket.on(REALTIME_SYNC_EVENTS.resync, () => {
    // Joined again: the room's viewers are announced afresh.
    rejoinRecords(socket);
    handlers.onResync();
  });
  listenToRecords(socket);
  activeSocket = socket;
}
