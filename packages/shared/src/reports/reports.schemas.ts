import { z } from 'zod';
import { presenceField } from '../users/presence.schemas.js';

/**
 * GET /v2/reports/summary: today's counts the app already holds, in the caller's data scope
 * ("today" in the tenant's time zone), until real reports exist.
 */
export const todaySummaryView = z.object({
  /** The tenant's day these counts cover (yyyy-MM-dd). */
  date: z.string(),
  customers_created: z.number().int(),
  imports: z.number().int(),
  /** Active staff accounts in scope, per presence (only presences someone holds). */
  staff_by_presence: z.array(z.object({ presence: presenceField, count: z.number().int() })),
  active_staff: z.number().int(),
});
export type TodaySummary = z.infer<typeof todaySummaryView>;
