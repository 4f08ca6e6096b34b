import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { NotificationItem } from '@omnicare/shared/notifications/notifications.schemas';
import {
  REALTIME_EVENTS,
  SESSION_EXPIRED_ERROR,
} from '@omnicare/shared/notifications/notifications.schemas';
import { REALTIME_SYNC_EVENTS } from '@omnicare/shared/realtime/realtime-sync';
import { WRAP_UP_EVENT, type WrapUpView } from '@omnicare/shared/telephony/wrap-up.schemas';
import {
  CONVERSATION_EVENTS,
  type ConversationRow,
} from '@omnicare/shared/conversations/conversations.schemas';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import {
  MONITOR_EVENTS,
  type MonitorName,
  type MonitorSnapshot,
} from '@omnicare/shared/monitors/monitors.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
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
   * instances came back after an outage): read again what the screens show. At the first
   * connection, `readBefore` (its time): only what the screens had read before it, as what
   * happened between such a read and the connection was pushed to nobody.
   */
  onResync: (first?: { readBefore: number }) => void;
  /**
   * The server closed the socket itself (socket.io does not reconnect then): resolves true when
   * the session still works, so the channel reconnects; a dead session logs out on its own 403.
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
  const firstOfKind = !listenedKinds().has(kind);
  listListeners.add(listener);
  if (firstOfKind && activeSocket?.connected)
    activeSocket.emit(RECORD_PRESENCE_EVENTS.listWatch, { kind });
  return () => {
    listListeners.delete(listener);
    if (!listenedKinds().has(kind))
      activeSocket?.emit(RECORD_PRESENCE_EVENTS.listUnwatch, { kind });
  };
}

/** The kinds of list some screen shows now (the server tells only those of their changes). */
const listenedKinds = () => new Set([...listListeners].map((listener) => listener.kind));

interface MonitorWatcher {
  monitor: MonitorName;
  onSnapshot: (snapshot: MonitorSnapshot) => void;
}
const monitorWatchers = new Set<MonitorWatcher>();

function joinMonitor(socket: Socket, watcher: MonitorWatcher) {
  socket.emit(
    MONITOR_EVENTS.watch,
    { monitor: watcher.monitor },
    (answer: { ok?: boolean; snapshot?: MonitorSnapshot } | undefined) => {
      if (answer?.ok && answer.snapshot && monitorWatchers.has(watcher))
        watcher.onSnapshot(answer.snapshot);
    },
  );
}

/**
 * Watches the tenant's monitors while a monitor screen is open: the current snapshot at once,
 * then every snapshot the server pushes when something changes. Joined again after a reconnect.
 */
export function watchMonitor(
  monitor: MonitorName,
  onSnapshot: (snapshot: MonitorSnapshot) => void,
): () => void {
  const watcher = { monitor, onSnapshot };
  monitorWatchers.add(watcher);
  if (activeSocket?.connected) joinMonitor(activeSocket, watcher);
  return () => {
    monitorWatchers.delete(watcher);
    if (monitorWatchers.size === 0) activeSocket?.emit(MONITOR_EVENTS.unwatch, {});
  };
}

const wrapUpListeners = new Set<(wrapUp: WrapUpView | null) => void>();

/** Hears the signed-in agent's after-call work start (its view) and end (null). */
export function onWrapUp(listener: (wrapUp: WrapUpView | null) => void): () => void {
  wrapUpListeners.add(listener);
  return () => {
    wrapUpListeners.delete(listener);
  };
}

/** What the chat workspace hears of conversations (CONVERSATION_EVENTS), one call per event. */
export interface ConversationListener {
  onUpsert?: (row: ConversationRow) => void;
  onRemove?: (id: string) => void;
  onMessage?: (payload: { conversation_id: string; message: TicketCommentView }) => void;
  onCustomerTyping?: (payload: { conversation_id: string; typing: boolean }) => void;
}
const conversationListeners = new Set<ConversationListener>();

/** Hears the conversations' live events while a screen (or the frame's alerts) needs them. */
export function onConversationEvents(listener: ConversationListener): () => void {
  conversationListeners.add(listener);
  return () => {
    conversationListeners.delete(listener);
  };
}

function listenToConversations(socket: Socket) {
  socket.on(CONVERSATION_EVENTS.upsert, (row: ConversationRow) => {
    if (!row?._id) return;
    for (const listener of conversationListeners) listener.onUpsert?.(row);
  });
  socket.on(CONVERSATION_EVENTS.remove, (payload: { _id?: string }) => {
    if (!payload?._id) return;
    for (const listener of conversationListeners) listener.onRemove?.(payload._id);
  });
  socket.on(
    CONVERSATION_EVENTS.message,
    (payload: { conversation_id?: string; message?: TicketCommentView }) => {
      const { conversation_id, message } = payload ?? {};
      if (!conversation_id || !message?._id) return;
      for (const listener of conversationListeners)
        listener.onMessage?.({ conversation_id, message });
    },
  );
  socket.on(
    CONVERSATION_EVENTS.customerTyping,
    (payload: { conversation_id?: string; typing?: boolean }) => {
      if (!payload?.conversation_id) return;
      const event = { conversation_id: payload.conversation_id, typing: payload.typing === true };
      for (const listener of conversationListeners) listener.onCustomerTyping?.(event);
    },
  );
}

const rejoinRecords = (socket: Socket) => {
  for (const { watch } of recordWatchers) socket.emit(RECORD_PRESENCE_EVENTS.join, watch);
  for (const kind of listenedKinds()) socket.emit(RECORD_PRESENCE_EVENTS.listWatch, { kind });
  for (const watcher of monitorWatchers) joinMonitor(socket, watcher);
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
  socket.on(MONITOR_EVENTS.snapshot, (snapshot: MonitorSnapshot) => {
    if (!snapshot?.at) return;
    for (const watcher of monitorWatchers) watcher.onSnapshot(snapshot);
  });
  socket.on(RECORD_PRESENCE_EVENTS.listChanged, (payload: RecordWatch) => {
    for (const listener of listListeners)
      if (listener.kind === payload?.kind) listener.onChanged(payload.id);
  });
}

/**
 * `<html data-realtime="connected">` while the socket is connected (its rooms are joined by then):
 * what a browser test waits for before the server pushes, instead of sleeping.
 */
function markConnected(connected: boolean) {
  document.documentElement.dataset.realtime = connected ? 'connected' : 'disconnected';
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
  let connectedBefore = false;
  socket.on('connect', () => {
    markConnected(true);
    handlers.onConnectionChange(true);
    rejoinRecords(socket);
    // A later connection follows a gap; the first may follow some screens' first reads.
    handlers.onResync(connectedBefore ? undefined : { readBefore: Date.now() });
    connectedBefore = true;
  });
  let closed = false;
  socket.on('disconnect', (reason) => {
    markConnected(false);
    handlers.onConnectionChange(false);
    if (reason !== 'io server disconnect') return;
    void handlers.verifySession().then((alive) => {
      if (alive && !closed) socket.connect();
    });
  });
  // Refused at the handshake (signed out while the socket was away): the session is checked,
  // which signs the page out when it has ended.
  socket.on('connect_error', (error) => {
    if (error.message === SESSION_EXPIRED_ERROR) void handlers.verifySession();
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
  listenToConversations(socket);
  socket.on(WRAP_UP_EVENT, (wrapUp: WrapUpView | null) => {
    for (const listener of wrapUpListeners) listener(wrapUp ?? null);
  });
  activeSocket = socket;
  return () => {
    closed = true;
    if (activeSocket === socket) activeSocket = null;
    socket.removeAllListeners();
    socket.disconnect();
    markConnected(false);
    handlers.onConnectionChange(false);
  };
}
