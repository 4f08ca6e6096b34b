import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteResource,
  listResource,
  saveResource,
  type ResourceName,
  type ResourceTypes,
} from './ticket-settings.api';

/** The ticket lists' queries (`ticketKeys.lists` of the tickets feature). */
const TICKET_LISTS_KEY = ['tickets', 'list'] as const;

export const ticketSettingsKeys = {
  all: ['ticket-settings'] as const,
  list: (name: ResourceName) => ['ticket-settings', name] as const,
};

/** A whole configuration list (they are short: no paging). */
export function useResourceList<N extends ResourceName>(name: N) {
  return useQuery({
    queryKey: ticketSettingsKeys.list(name),
    queryFn: ({ signal }) => listResource(name, signal),
    staleTime: 10_000,
  });
}

/**
 * Lists show names and counts of each other (a service's type, a policy's schedule); the ticket
 * lists show their names too, and a saved view's tickets are its filters' (the list caches them).
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ticketSettingsKeys.all }),
      queryClient.invalidateQueries({ queryKey: TICKET_LISTS_KEY }),
    ]);
}

export function useSaveResource<N extends ResourceName>(name: N) {
  const invalidate = useInvalidate();
  return useMutation({
    // The form shows field errors itself.
    meta: { silent: true },
    mutationFn: (input: { id: string | null; body: ResourceTypes[N]['body'] }) =>
      saveResource(name, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteResource(name: ResourceName) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => deleteResource(name, id),
    onSuccess: () => invalidate(),
  });
}
