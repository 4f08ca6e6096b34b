import type {
  AgentWrapUpEnded,
  MonitorName,
  MonitorRows,
  MonitorRowsQuery,
  MonitorSnapshot,
} from '@omnicare/shared/monitors/monitors.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { apiRequest, apiRequestWithMessage } from '@/lib/http';

/** One monitor's part of the tenant's snapshot (the first paint; the socket keeps it live). */
export const fetchMonitor = (monitor: MonitorName, signal?: AbortSignal) =>
  apiRequest<Partial<MonitorSnapshot> & Pick<MonitorSnapshot, 'at'>>({
    method: 'GET',
    url: `/v2/monitors/${monitor}`,
    signal,
  });

/** The rows behind one figure. */
export const fetchMonitorRows = (query: MonitorRowsQuery, signal?: AbortSignal) =>
  apiRequest<MonitorRows>({ method: 'GET', url: '/v2/monitors/rows', params: query, signal });

/** A supervisor sets an agent's presence. */
export const setAgentPresence = (userId: string, presence: Presence) =>
  apiRequestWithMessage<{ _id: string; presence: Presence }>({
    method: 'PUT',
    url: `/v2/monitors/agents/${encodeURIComponent(userId)}/presence`,
    data: { presence },
  });

/** A supervisor ends an agent's after-call work (routing offers them calls again at once). */
export const endAgentWrapUp = (userId: string) =>
  apiRequestWithMessage<AgentWrapUpEnded>({
    method: 'POST',
    url: `/v2/monitors/agents/${encodeURIComponent(userId)}/wrap-up/end`,
  });
