import type {
  CallDetail,
  CallTicketAttachBody,
  CallView,
} from '@omnicare/shared/telephony/calls.schemas';
import type { QueueBody, QueueView } from '@omnicare/shared/telephony/queues.schemas';
import { apiList, apiRequest, apiRequestWithMessage, downloadFile } from '@/lib/http';

export const listQueues = (signal?: AbortSignal) =>
  apiRequest<QueueView[]>({ method: 'GET', url: '/v2/queues', signal });

export const saveQueue = ({ id, body }: { id: string | null; body: QueueBody }) =>
  apiRequestWithMessage<QueueView>(
    id
      ? { method: 'PUT', url: `/v2/queues/${encodeURIComponent(id)}`, data: body }
      : { method: 'POST', url: '/v2/queues', data: body },
  );

export const deleteQueue = (id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: `/v2/queues/${encodeURIComponent(id)}` });

/** The history's filters as the query string carries them. */
export type CallFilters = Partial<
  Record<
    | 'direction'
    | 'result'
    | 'agent_id'
    | 'queue_id'
    | 'hotline'
    | 'number'
    | 'from'
    | 'to'
    | 'ticket_id'
    | 'customer_id',
    string
  >
>;

export const listCalls = (
  params: CallFilters & { page: number; page_size: number },
  signal?: AbortSignal,
) => apiList<CallView>({ method: 'GET', url: '/v2/calls', params, signal });

/** Downloads the filtered history as an XLSX file (named by the server). */
export const exportCalls = (params: CallFilters) =>
  downloadFile({ method: 'GET', url: '/v2/calls/export', params }, 'lich-su-cuoc-goi.xlsx');

/** One call with its events ('Chi tiết cuộc gọi'). */
export const getCall = (id: string, signal?: AbortSignal) =>
  apiRequest<CallDetail>({ method: 'GET', url: `/v2/calls/${encodeURIComponent(id)}`, signal });

/** 'Tạo ticket': a new ticket made from a call that has none. */
export const createCallTicket = (id: string) =>
  apiRequestWithMessage<CallDetail>({
    method: 'POST',
    url: `/v2/calls/${encodeURIComponent(id)}/ticket`,
  });

/** 'Gắn vào ticket': a call that has no ticket attached to one. */
export const attachCallTicket = (id: string, body: CallTicketAttachBody) =>
  apiRequestWithMessage<CallDetail>({
    method: 'PUT',
    url: `/v2/calls/${encodeURIComponent(id)}/ticket`,
    data: body,
  });
