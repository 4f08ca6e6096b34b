import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteQueue, listCalls, listQueues, saveQueue, type CallFilters } from './telephony.api';

export const telephonyKeys = {
  queues: ['telephony', 'queues'] as const,
  calls: (params: object) => ['telephony', 'calls', params] as const,
};

/** The tenant's queues (a short list: no paging). */
export function useQueues() {
  return useQuery({
    queryKey: telephonyKeys.queues,
    queryFn: ({ signal }) => listQueues(signal),
    staleTime: 10_000,
  });
}

export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows field errors itself.
    meta: { silent: true },
    mutationFn: saveQueue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telephonyKeys.queues }),
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telephonyKeys.queues }),
  });
}

export function useCallHistory(params: CallFilters & { page: number; page_size: number }) {
  return useQuery({
    queryKey: telephonyKeys.calls(params),
    queryFn: ({ signal }) => listCalls(params, signal),
    placeholderData: keepPreviousData,
  });
}
