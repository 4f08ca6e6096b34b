import { sql } from 'drizzle-orm';
import type { Database } from './db.js';
import { throttles } from '../db/schema/auth.js';

/**
 * Fixed-window counters in PostgreSQL, so every server instance sees the same count.
 * `hit` adds one and returns the count in the current window.
 */
export function createThrottle(db: Database) {
  return {
    async hit(key: string, windowMs: number): Promise<number> {
      const window = `${Math.round(windowMs)} milliseconds`;
      const result = await db.execute<{ count: number }>(sql`
        insert into ${throttles} (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when ${throttles.windowStart} < now() - ${window}::interval then 1 else ${throttles.count} + 1 end,
          window_start = case when ${throttles.windowStart} < now() - ${window}::interval then now() else ${throttles.windowStart} end
        returning count`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async count(key: string, windowMs: number): Promise<number> {
      const window = `${Math.round(windowMs)} milliseconds`;
      const result = await db.execute<{ count: number }>(sql`
        select count from ${throttles} where key = ${key} and window_start >= now() - ${window}::interval`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async clear(key: string) {
      await db.delete(throttles).where(sql`${throttles.key} = ${key}`);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
