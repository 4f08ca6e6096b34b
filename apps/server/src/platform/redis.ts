import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;

/** How long a Redis command may take before its caller does without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * The instance's Redis (`REDIS_URL`): one client for commands and publishing, one for the
 * socket.io adapter's subscriptions. Shared by the realtime fan-out and the per-IP rate limits.
 *
 * Redis is never a reason to stop serving: the clients connect in the background and reconnect
 * for ever (each error is logged once per outage, never thrown), so an instance starts while
 * Redis is down and joins the others when it comes back. While it is down, commands wait in
 * the client's offline queue; callers that must not wait check `ready()` first.
 * `onRecovered` listeners run each time both clients are ready after an outage (a start while
 * Redis was down included): what crossed instances meanwhile was lost, so their owners catch up.
 */
export function connectRedis(url: string, prefix: string, log: FastifyBaseLogger) {
  const client: RedisClient = createClient({ url });
  const subscriber: RedisClient = client.duplicate();
  const recovered = new Set<() => void>();
  let down = false;
  let closing = false;
  const ready = () => client.isReady && subscriber.isReady;

  for (const [name, each] of [
    ['commands', client],
    ['subscriber', subscriber],
  ] as const) {
    each.on('error', (error: Error) => {
      if (closing) return;
      // One line per outage, not one per reconnection attempt.
      if (!down) log.warn({ err: error, client: name }, 'redis unavailable, reconnecting');
      down = true;
    });
    each.on('ready', () => {
      if (!ready() || !down) return;
      down = false;
      log.warn('redis connection back');
      for (const listener of recovered) listener();
    });
    // Never awaited: while Redis is down the client keeps trying and the server serves on.
    each.connect().catch((error: unknown) => {
      if (!closing) log.error({ err: error, client: name }, 'redis client gave up');
    });
  }

  // node-redis 5.12: a subscription asked before the client's first connection is made on the
  // server but its messages never reach their listeners (the reply handler that routes them is
  // set up again only by a later subscribe). So an instance started while Redis was down would
  // never hear the others: one more subscription at the first connection puts it right.
  subscriber.once('ready', () => {
    subscriber.subscribe(`${prefix}:connected`, () => {}).catch(() => {});
  });

  return {
    client,
    subscriber,
    /** Keys and channels of this deployment start with it (several may share one Redis). */
    prefix,
    /** Both clients connected now. */
    ready,
    onRecovered(listener: () => void) {
      recovered.add(listener);
    },
    async close() {
      closing = true;
      await Promise.all(
        [client, subscriber].map(async (each) => {
          if (!each.isOpen) return;
          // A client still reconnecting has nothing to flush: dropped at once.
          if (each.isReady) await each.close().catch(() => each.destroy());
          else each.destroy();
        }),
      );
    },
  };
}
export type SharedRedis = ReturnType<typeof connectRedis>;
