import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  REALTIME_EVENTS,
  SESSION_EXPIRED_ERROR,
} from '@omnicare/shared/notifications/notifications.schemas';
import { REALTIME_SYNC_EVENTS } from '@omnicare/shared/realtime/realtime-sync';
import {
  RECORD_PRESENCE_EVENTS,
  listWatchSchema,
  recordTypingSchema,
  recordWatchSchema,
  type RecordChanged,
  type RecordViewer,
  type RecordWatch,
  type WatchableKind,
} from '@omnicare/shared/realtime/record-presence';
import { readToken, type AuthContext, type TokenService } from './auth.js';
import type { SharedRedis } from './redis.js';

const NOTIFY_BEFORE_DROP_MS = 1_000;
/** How long asking the other instances for a room's sockets may take before this one answers alone. */
const ACROSS_INSTANCES_MS = 2_500;
const userRoom = (userId: string) => `user:${userId}`;
const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
/** The tenant's sockets showing a list of records of a kind. */
const listRoom = (tenantId: string, kind: WatchableKind) => `list:${tenantId}:${kind}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const RECORD_ROOM_PREFIX = 'record:';
const recordRoom = ({ kind, id }: RecordWatch) => `${RECORD_ROOM_PREFIX}${kind}:${id}`;

/** May this caller watch this record? The module owning the kind answers (data scope included). */
export type WatchPolicy = (auth: AuthContext, id: string) => Promise<boolean>;
/** What a fan-out sends one staff member (their auth given): events with their payloads. */
export type FanOutDecision<Payload> = (
  auth: AuthContext,
  payload: Payload,
) => (readonly [event: string, data: unknown])[];

/** The name and avatar other viewers see. */
export type ViewerLookup = (auth: AuthContext) => Promise<Omit<RecordViewer, 'typing'>>;

/**
 * What a socket carries (`socket.data`). Plain JSON only: the Redis adapter serialises it when
 * another instance asks for a room's sockets (a Set would arrive as `{}`).
 */
interface SocketState {
  auth: AuthContext;
  viewer?: Omit<RecordViewer, 'typing'>;
  /** Record rooms the user is typing in. */
  typing: string[];
}

/**
 * The real-time channel: socket.io on the API's own port, authenticated with the same token
 * as HTTP. Each socket joins its user's, tenant's and session's rooms. With `redis`, rooms span
 * every instance (the Redis adapter); while Redis is down each instance serves its own sockets,
 * and tells them to catch up (`realtime:resync`) when it is back.
 */
export async function createRealtime(
  httpServer: HttpServer,
  tokens: TokenService,
  options: { redis?: SharedRedis; log?: FastifyBaseLogger } = {},
) {
  // Any origin may open a socket: staff sockets authenticate with a token (no cookie), and the
  // livechat namespace checks the page's origin against its channel's allowed domains.
  const io = new Server(httpServer, { serveClient: false, cors: { origin: true } });
  const { redis, log } = options;
  if (redis) {
    io.adapter(
      createAdapter(redis.client, redis.subscriber, {
        key: `${redis.prefix}:socket.io`,
        requestsTimeout: ACROSS_INSTANCES_MS,
      }),
    );
    // Events published while this instance was cut off never reached its sockets.
    redis.onRecovered(() => io.local.emit(REALTIME_SYNC_EVENTS.resync, {}));
  }
  io.use(async (socket, next) => {
    const raw = (socket.handshake.auth as { token?: unknown }).token;
    const auth = typeof raw === 'string' ? await tokens.verify(readToken(raw) ?? '') : null;
    if (!auth) return next(new Error(SESSION_EXPIRED_ERROR));
    socket.data.auth = auth;
    next();
  });
  const watchPolicies = new Map<WatchableKind, WatchPolicy>();
  const typingListeners: ((
    auth: AuthContext,
    typing: RecordWatch & { typing: boolean },
  ) => void)[] = [];
  let lookupViewer: ViewerLookup | undefined;
  const signalListeners = new Map<string, ((payload: unknown) => void)[]>();
  const hearSignal = (name: string, payload: unknown) => {
    for (const listener of signalListeners.get(name) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        log?.warn({ err: error, signal: name }, 'signal listener failed');
      }
    }
  };

  /**
   * The sockets in a room, on every instance when Redis is there to ask; this instance's alone
   * while it is not (asking would wait for Redis to come back).
   */
  async function socketsIn(room: string) {
    const local = () => io.local.in(room).fetchSockets();
    if (!redis?.ready()) return local();
    try {
      return await io.in(room).fetchSockets();
    } catch (error) {
      log?.warn({ err: error, room }, 'sockets of the other instances not heard');
      return local();
    }
  }

  /** Tells a record's room who is in it (across instances: fetchSockets asks the adapter). */
  async function announceViewers(room: string, watch: RecordWatch) {
    const byUser = new Map<string, RecordViewer>();
    for (const socket of await socketsIn(room)) {
      const state = socket.data as Partial<SocketState>;
      if (!state.viewer) continue;
      const typing =
        (Array.isArray(state.typing) && state.typing.includes(room)) ||
        byUser.get(state.viewer.user_id)?.typing === true;
      byUser.set(state.viewer.user_id, { ...state.viewer, typing });
    }
    io.to(room).emit(RECORD_PRESENCE_EVENTS.viewers, { ...watch, viewers: [...byUser.values()] });
  }
  /** Announces without holding up the caller; a failure is logged, never thrown. */
  const announce = (room: string, watch: RecordWatch) =>
    announceViewers(room, watch).catch((error: unknown) =>
      log?.warn({ err: error, room }, 'viewers not announced'),
    );
  const watchOf = (room: string): RecordWatch => {
    const [kind, id] = room.slice(RECORD_ROOM_PREFIX.length).split(':') as [WatchableKind, string];
    return { kind, id };
  };

  io.on('connection', (socket) => {
    const auth = socket.data.auth as AuthContext;
    const state = socket.data as SocketState;
    state.typing = [];
    void socket.join([
      userRoom(auth.userId),
      tenantRoom(auth.tenantId),
      sessionRoom(auth.sessionId),
    ]);
    // A sign-out between the handshake's check and joining the session's room found no socket
    // to tell: check once more now that the socket is where a sign-out would find it.
    void tokens
      .verify(readToken((socket.handshake.auth as { token: string }).token) ?? '')
      .then((still) => {
        if (still) return;
        socket.emit(REALTIME_EVENTS.sessionRevoked, {});
        setTimeout(() => socket.disconnect(true), NOTIFY_BEFORE_DROP_MS).unref();
      })
      .catch((error: unknown) => log?.warn({ err: error }, 'session not checked again'));
    socket.on(RECORD_PRESENCE_EVENTS.join, async (raw: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (body: unknown) => void) : () => {};
      const watch = recordWatchSchema.safeParse(raw);
      const policy = watch.success ? watchPolicies.get(watch.data.kind) : undefined;
      const allowed =
        watch.success && policy ? await policy(auth, watch.data.id).catch(() => false) : false;
      if (!watch.success || !allowed || !lookupViewer) return reply({ ok: false });
      state.viewer ??= await lookupViewer(auth);
      await socket.join(recordRoom(watch.data));
      reply({ ok: true });
      await announce(recordRoom(watch.data), watch.data);
    });
    // Lists of a kind, in this tenant: their rows' ids when they change.
    socket.on(RECORD_PRESENCE_EVENTS.listWatch, (raw: unknown) => {
      const watch = listWatchSchema.safeParse(raw);
      if (watch.success) void socket.join(listRoom(auth.tenantId, watch.data.kind));
    });
    socket.on(RECORD_PRESENCE_EVENTS.listUnwatch, (raw: unknown) => {
      const watch = listWatchSchema.safeParse(raw);
      if (watch.success) void socket.leave(listRoom(auth.tenantId, watch.data.kind));
    });
    socket.on(RECORD_PRESENCE_EVENTS.leave, async (raw: unknown) => {
      const watch = recordWatchSchema.safeParse(raw);
      if (!watch.success) return;
      const room = recordRoom(watch.data);
      state.typing = state.typing.filter((other) => other !== room);
      await socket.leave(room);
      await announce(room, watch.data);
    });
    socket.on(RECORD_PRESENCE_EVENTS.typing, async (raw: unknown) => {
      const typing = recordTypingSchema.safeParse(raw);
      if (!typing.success) return;
      const room = recordRoom(typing.data);
      if (!socket.rooms.has(room) || state.typing.includes(room) === typing.data.typing) return;
      state.typing = typing.data.typing
        ? [...state.typing, room]
        : state.typing.filter((other) => other !== room);
      await announce(room, typing.data);
      for (const listener of typingListeners) listener(auth, typing.data);
    });
    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((room) => room.startsWith(RECORD_ROOM_PREFIX));
      // The socket is still in its rooms now; tell the others once it has left them.
      socket.once('disconnect', () => {
        for (const room of rooms) void announce(room, watchOf(room));
      });
    });
  });
  return {
    io,
    toUser(userId: string, event: string, payload: unknown) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toTenant(tenantId: string, event: string, payload: unknown) {
      io.to(tenantRoom(tenantId)).emit(event, payload);
    },
    /**
     * Sends each staff member of the tenant, connected to any instance, what the fan-out `name`
     * decides for them (registerFanOut, on every instance): each instance decides for its own
     * sockets, so one signal crosses between instances however many staff are connected.
     */
    fanOut(name: string, tenantId: string, payload: unknown) {
      this.signal(`fan-out:${name}`, { tenantId, payload });
    },
    registerFanOut<Payload>(name: string, decide: FanOutDecision<Payload>) {
      this.onSignal(`fan-out:${name}`, (signalled) => {
        const { tenantId, payload } = signalled as { tenantId: string; payload: Payload };
        const byUser = new Map<string, ReturnType<FanOutDecision<Payload>>>();
        for (const id of io.of('/').adapter.rooms.get(tenantRoom(tenantId)) ?? []) {
          const socket = io.of('/').sockets.get(id);
          const { auth } = (socket?.data ?? {}) as Partial<SocketState>;
          if (!socket || !auth) continue;
          let sends = byUser.get(auth.userId);
          if (!sends) byUser.set(auth.userId, (sends = decide(auth, payload)));
          for (const [event, data] of sends) socket.emit(event, data);
        }
      });
    },
    /** Lets callers watch records of a kind when the policy allows (modules register theirs). */
    allowWatching(kind: WatchableKind, policy: WatchPolicy) {
      watchPolicies.set(kind, policy);
    },
    /** Hears staff typing on a record they watch (a conversation's widget is told). */
    onTyping(listener: (auth: AuthContext, typing: RecordWatch & { typing: boolean }) => void) {
      typingListeners.push(listener);
    },
    describeViewersWith(lookup: ViewerLookup) {
      lookupViewer = lookup;
    },
    /**
     * A record was changed: its viewers hear who changed what; the tenant's lists hear only the id
     * (each browser showing it re-reads that row through the API, which applies the data scope).
     * Each viewer's access is asked again first: one who lost it (the ticket went out of their
     * scope) leaves the room and hears nothing of it any more.
     */
    async recordChanged(tenantId: string, change: RecordChanged) {
      io.to(listRoom(tenantId, change.kind)).emit(RECORD_PRESENCE_EVENTS.listChanged, {
        kind: change.kind,
        id: change.id,
      });
      const room = recordRoom(change);
      const policy = watchPolicies.get(change.kind);
      const allowedByUser = new Map<string, Promise<boolean>>();
      const mayWatch = (auth: AuthContext) => {
        let allowed = allowedByUser.get(auth.userId);
        if (!allowed) {
          allowed = policy ? policy(auth, change.id).catch(() => false) : Promise.resolve(false);
          allowedByUser.set(auth.userId, allowed);
        }
        return allowed;
      };
      let lost = false;
      await Promise.all(
        (await socketsIn(room)).map(async (socket) => {
          const { auth } = socket.data as Partial<SocketState>;
          if (auth && (await mayWatch(auth))) {
            socket.emit(RECORD_PRESENCE_EVENTS.changed, change);
            return;
          }
          lost = true;
          socket.leave(room);
        }),
      );
      if (lost) await announce(room, change);
    },
    /**
     * Tells every instance (this one first) that something happened, for work each does for its
     * own sockets (the monitors' snapshots). Across instances through the Redis adapter's
     * server-side events; without Redis there is only this instance. Payloads are plain JSON.
     */
    signal(name: string, payload: unknown) {
      hearSignal(name, payload);
      if (redis?.ready()) io.serverSideEmit(name, payload);
    },
    /** Hears a signal, from this instance or another. */
    onSignal(name: string, listener: (payload: unknown) => void) {
      const listeners = signalListeners.get(name);
      if (listeners) return void listeners.push(listener);
      signalListeners.set(name, [listener]);
      // Server-side events of the other instances arrive as events of the namespace.
      (io as unknown as { on(event: string, fn: (payload: unknown) => void): void }).on(
        name,
        (payload) => hearSignal(name, payload),
      );
    },
    /** Drops the sessions' sockets; with notify, first tells their open tabs they were signed out. */
    endSessions(sessionIds: string[], options: { notify: boolean }) {
      for (const id of sessionIds) {
        const drop = () => io.in(sessionRoom(id)).disconnectSockets(true);
        if (!options.notify) {
          drop();
          continue;
        }
        io.to(sessionRoom(id)).emit(REALTIME_EVENTS.sessionRevoked, {});
        // Closing at once could cut the message off before it is written to the socket.
        setTimeout(drop, NOTIFY_BEFORE_DROP_MS).unref();
      }
    },
    /** Drops every socket (the Redis clients are the app's to close, after this). */
    async close() {
      io.disconnectSockets(true);
    },
  };
}
export type Realtime = Awaited<ReturnType<typeof createRealtime>>;
