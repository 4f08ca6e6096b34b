import type { TodaySummary } from '@omnicare/shared/reports/reports.schemas';
import { apiRequest } from '@/lib/http';

/** Today's counts in the caller's data scope (until real reports exist). */
export const fetchTodaySummary = (signal?: AbortSignal) =>
  apiRequest<TodaySummary>({ method: 'GET', url: '/v2/reports/summary', signal });
