import { useQuery } from '@tanstack/react-query';
import { useResourceList } from '@/features/ticket-settings/ticket-settings.queries';
import { listFields } from '@/features/fields/fields.api';
import { fetchTicketStatuses } from './tickets.api';

export { ticketKeys } from './ticket-keys';

/** The tenant's priorities, types or services (short lists, shared with their settings screens). */
export function useTicketSettingsList<N extends 'priorities' | 'types' | 'services'>(name: N) {
  const query = useResourceList(name);
  return { ...query, data: query.data?.data };
}

export function useTicketStatuses() {
  return useQuery({
    queryKey: ['ticket-statuses'],
    queryFn: ({ signal }) => fetchTicketStatuses(signal),
    staleTime: Infinity,
  });
}

/** The tenant's active ticket custom fields, in their order (each one a filter of the list). */
export function useTicketFields() {
  return useQuery({
    queryKey: ['fields', 'ticket', 'active'],
    queryFn: async ({ signal }) =>
      (await listFields('ticket', signal))
        .filter((field) => field.active)
        .sort((a, b) => a.position - b.position),
    staleTime: 60_000,
  });
}
