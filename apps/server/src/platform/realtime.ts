import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import {
  RECORD_PRESENCE_EVENTS,
  recordTypingSchema,
  recordWatchSchema,
  type RecordChanged,
  type RecordViewer,
  type RecordWatch,
  type WatchableKind,
} from '@omnicare/shared/realtime/record-presence';
import { readToken, type AuthContext, type TokenService } from './auth.js';

const NOTIFY_BEFORE_DROP_MS = 1_000;
const userRoom = (userId: string) => `user:${userId}`;
const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const RECORD_ROOM_PREFIX = 'record:';
const recordRoom = ({ kind, id }: RecordWatch) => `${RECORD_ROOM_PREFIX}${kind}:${id}`;

/** May this caller watch this record? The module owning the kind answers (data scope included). */
export type WatchPolicy = (auth: AuthContext, id: string) => Promise<boolean>;
/** The name and avatar other viewers see. */
export type ViewerLookup = (auth: AuthContext) => Promise<Omit<RecordViewer, 'typing'>>;

interface SocketState {
  auth: AuthContext;
  viewer?: Omit<RecordViewer, 'typing'>;
  /** Record rooms the user is typing in. */
  typing: Set<string>;
}

/**
 * The real-time channel: socket.io on the API's own port, authenticated with the same token
 * as HTTP. Each socket joins its user's, tenant's and session's rooms.
 */
export async function createRealtime(
  httpServer: HttpServer,
  tokens: TokenService,
  options: { redisUrl?: string } = {},
) {
  const io = new Server(httpServer, { serveClient: false, cors: { origin: false } });
  // With Redis, every instance's sockets get every instance's events (rooms span the cluster).
  const redis = options.redisUrl ? createClient({ url: options.redisUrl }) : undefined;
  const redisSubscriber = redis?.duplicate();
  if (redis && redisSubscriber) {
    await Promise.all([redis.connect(), redisSubscriber.connect()]);
    io.adapter(createAdapter(redis, redisSubscriber));
  }
  io.use(async (socket, next) => {
    const raw = (socket.handshake.auth as { token?: unknown }).token;
    const auth = typeof raw === 'string' ? await tokens.verify(readToken(raw) ?? '') : null;
    if (!auth) return next(new Error('session_expired'));
    socket.data.auth = auth;
    next();
  });
  const watchPolicies = new Map<WatchableKind, WatchPolicy>();
  let lookupViewer: ViewerLookup | undefined;

  /** Tells a record's room who is in it (across instances: fetchSockets asks the adapter). */
  async function announceViewers(room: string, watch: RecordWatch) {
    const byUser = new Map<string, RecordViewer>();
    for (const socket of await io.in(room).fetchSockets()) {
      const state = socket.data as SocketState;
      if (!state.viewer) continue;
      const typing = state.typing.has(room) || byUser.get(state.viewer.user_id)?.typing === true;
      byUser.set(state.viewer.user_id, { ...state.viewer, typing });
    }
    io.to(room).emit(RECORD_PRESENCE_EVENTS.viewers, { ...watch, viewers: [...byUser.values()] });
  }
  const watchOf = (room: string): RecordWatch => {
    const [kind, id] = room.slice(RECORD_ROOM_PREFIX.length).split(':') as [WatchableKind, string];
    return { kind, id };
  };

  io.on('connection', (socket) => {
    const auth = socket.data.auth as AuthContext;
    const state = socket.data as SocketState;
    state.typing = new Set();
    void socket.join([
      userRoom(auth.userId),
      tenantRoom(auth.tenantId),
      sessionRoom(auth.sessionId),
    ]);
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
      await announceViewers(recordRoom(watch.data), watch.data);
    });
    socket.on(RECORD_PRESENCE_EVENTS.leave, async (raw: unknown) => {
      const watch = recordWatchSchema.safeParse(raw);
      if (!watch.success) return;
      const room = recordRoom(watch.data);
      state.typing.delete(room);
      await socket.leave(room);
      await announceViewers(room, watch.data);
    });
    socket.on(RECORD_PRESENCE_EVENTS.typing, async (raw: unknown) => {
      const typing = recordTypingSchema.safeParse(raw);
      if (!typing.success) return;
      const room = recordRoom(typing.data);
      if (!socket.rooms.has(room) || state.typing.has(room) === typing.data.typing) return;
      if (typing.data.typing) state.typing.add(room);
      else state.typing.delete(room);
      await announceViewers(room, typing.data);
    });
    socket.on('disconnecting', () => {
      const rooms = [...socket.rooms].filter((room) => room.startsWith(RECORD_ROOM_PREFIX));
      // The socket is still in its rooms now; tell the others once it has left them.
      socket.once('disconnect', () => {
        for (const room of rooms) void announceViewers(room, watchOf(room));
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
    /** Lets callers watch records of a kind when the policy allows (modules register theirs). */
    allowWatching(kind: WatchableKind, policy: WatchPolicy) {
      watchPolicies.set(kind, policy);
    },
    describeViewersWith(lookup: ViewerLookup) {
      lookupViewer = lookup;
    },
    /**
     * A record was changed: its viewers hear who changed what; the tenant's lists hear only the id
     * (each browser showing it re-reads that row through the API, which applies the data scope).
     */
    recordChanged(tenantId: string, change: RecordChanged) {
      io.to(recordRoom(change)).emit(RECORD_PRESENCE_EVENTS.changed, change);
      io.to(tenantRoom(tenantId)).emit(RECORD_PRESENCE_EVENTS.listChanged, {
        kind: change.kind,
        id: change.id,
      });
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
    async close() {
      io.disconnectSockets(true);
      await Promise.all([redis?.quit(), redisSubscriber?.quit()]);
    },
  };
}
export type Realtime = Awaited<ReturnType<typeof createRealtime>>;
