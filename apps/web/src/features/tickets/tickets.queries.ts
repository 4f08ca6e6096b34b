import { useQuery } from '@tanstack/react-query';
import { fetchTicketOptions, fetchTicketStatuses } from './tickets.api';

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  details: ['tickets', 'detail'] as const,
  ticket: (ref: string) => ['tickets', 'detail', ref] as const,
  activities: (id: string) => ['tickets', 'activities', id] as const,
  options: (kind: 'priorities' | 'types' | 'services') => ['ticket-options', kind] as const,
};

export function useTicketOptions(kind: 'priorities' | 'types' | 'services') {
  return useQuery({
    queryKey: ticketKeys.options(kind),
    queryFn: ({ signal }) => fetchTicketOptions(kind, signal),
    staleTime: 60_000,
  });
}

export function useTicketStatuses() {
  return useQuery({
    queryKey: ['ticket-statuses'],
    queryFn: ({ signal }) => fetchTicketStatuses(signal),
    staleTime: Infinity,
  });
}
