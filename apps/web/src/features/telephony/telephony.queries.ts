import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueueBody, QueueView } from '@omnicare/shared/telephony/queues.schemas';
import type { Catalogue } from '@/components/catalogue/catalogue-api';
import { useCatalogueList, useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { deleteQueue, listCalls, listQueues, saveQueue, type CallFilters } from './telephony.api';

export const telephonyKeys = {
  queues: ['telephony', 'queues'] as const,
  calls: (params: object) => ['telephony', 'calls', params] as const,
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
