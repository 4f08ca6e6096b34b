import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import { readToken, type AuthContext, type TokenService } from './auth.js';

const NOTIFY_BEFORE_DROP_MS = 1_000;
const userRoom = (userId: string) => `user:${userId}`;
const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

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
  io.on('connection', (socket) => {
    const auth = socket.data.auth as AuthContext;
    void socket.join([
      userRoom(auth.userId),
      tenantRoom(auth.tenantId),
      sessionRoom(auth.sessionId),
    ]);
  });
  return {
    io,
    toUser(userId: string, event: string, payload: unknown) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toTenant(tenantId: string, event: string, payload: unknown) {
      io.to(tenantRoom(tenantId)).emit(event, payload);
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
