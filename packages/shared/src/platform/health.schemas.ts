import { z } from 'zod';

/** GET /v2/health: 200 when the database answers, 503 (same data) when it does not. */
export const healthView = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['ok', 'down']),
    version: z.string(),
    latency_ms: z.number().int(),
  }),
  uptime_s: z.number().int(),
});
export type Health = z.infer<typeof healthView>;

export const unhealthyBody = z.object({
  statusCode: z.literal(503),
  message: z.string(),
  data: healthView,
});
