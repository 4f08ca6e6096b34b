import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { REDIS_COMMAND_TIMEOUT_MS, type SharedRedis } from './redis.js';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** Keys one instance counts for itself at most (the oldest window is dropped past it). */
const LOCAL_KEYS = 10_000;

/** One fixed window per key: its first hit starts it, `timeWindow` later it starts again. */
function windowHit(
  windows: Map<string, { count: number; endsAt: number }>,
  key: string,
  ms: number,
) {
  const now = Date.now();
  let window = windows.get(key);
  if (!window || window.endsAt <= now) {
    windows.delete(key);
    if (windows.size >= LOCAL_KEYS) windows.delete(windows.keys().next().value as string);
    window = { count: 0, endsAt: now + ms };
    windows.set(key, window);
  }
  window.count += 1;
  return { current: window.count, ttl: window.endsAt - now };
}

/** INCR, the window started with the first hit; answers the count and the window's time left. */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('redis timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The @fastify/rate-limit store of the per-IP limits (`perIpLimit`). With Redis, one count per
 * route and IP for every instance (fixed windows, keys under the deployment's prefix), so two
 * instances allow what one does. Without Redis (one instance), or while it is down or slow, each
 * instance counts on its own in memory: the limits keep holding per instance rather than
 * refusing or letting everything through.
 */
export function rateLimitStore(redis: SharedRedis | undefined): FastifyRateLimitStoreCtor {
  const local = new Map<string, { count: number; endsAt: number }>();
  class SharedWindowStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly route = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      const name = `${this.route}${key}`;
      if (!redis?.ready()) return done(null, windowHit(local, name, timeWindow));
      const hit = redis.client.eval(HIT_SCRIPT, {
        keys: [`${redis.prefix}:rate-limit:${name}`],
        arguments: [String(timeWindow)],
      }) as Promise<[number, number]>;
      withTimeout(hit, REDIS_COMMAND_TIMEOUT_MS).then(
        ([current, ttl]) => done(null, { current, ttl }),
        () => done(null, windowHit(local, name, timeWindow)),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const { method = '', url = '' } = routeOptions.routeInfo ?? {};
      return new SharedWindowStore({}, `${[method].flat().join(',')} ${url} `);
    }
  }
  return SharedWindowStore as unknown as FastifyRateLimitStoreCtor;
}
