import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallDetail, CallView } from '@omnicare/shared/telephony/calls.schemas';
import type { QueueBody, QueueView } from '@omnicare/shared/telephony/queues.schemas';
import type { Catalogue } from '@/components/catalogue/catalogue-api';
import { useCatalogueList, useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import {
  deleteQueue,
  getCall,
  listCalls,
  listQueues,
  saveQueue,
  type CallFilters,
} from './telephony.api';

export const telephonyKeys = {
  queues: ['telephony', 'queues'] as const,
  /** Every list of calls (the history, a ticket's, a customer's). */
  callLists: ['telephony', 'calls'] as const,
  calls: (params: object) => ['telephony', 'calls', params] as const,
  call: (id: string) => ['telephony', 'call', id] as const,
};

/** The call queues as a catalogue (a short list: no paging), through this feature's calls. */
export const QUEUES: Catalogue<QueueView, QueueBody> = {
  key: telephonyKeys.queues,
  list: async (signal) => {
    const data = await listQueues(signal);
    return { data, total: data.length };
  },
  save: (input) => saveQueue(input),
  remove: (id) => deleteQueue(id),
};

/** The tenant's queues, as the pickers want them. */
export function useQueues() {
  const query = useCatalogueList(QUEUES);
  return { ...query, data: query.data?.data };
}

export const useSaveQueue = () => useSaveCatalogue(QUEUES);

export function useCallHistory(params: CallFilters & { page: number; page_size: number }) {
  return useQuery({
    queryKey: telephonyKeys.calls(params),
    queryFn: ({ signal }) => listCalls(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One call with its events; `shown` (the list's row) stands in until it arrives, so the
 * details show at once and the events follow.
 */
export function useCall(id: string, shown?: CallView) {
  return useQuery({
    queryKey: telephonyKeys.call(id),
    queryFn: ({ signal }) => getCall(id, signal),
    placeholderData: shown
      ? ({ ...shown, events: [], ticket_subject: null } satisfies CallDetail)
      : undefined,
  });
}
