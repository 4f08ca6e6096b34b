import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchTickets } from '../tickets.api';
import { ticketKeys } from '../tickets.queries';
import { TICKET_TEXT } from '../tickets-text';
import { TicketStatusBadge } from './ticket-badges';

/**
 * A customer's tickets, latest change first (as far as one may see): on the customer's record
 * and in the customer panel, where `currentTicketId` marks the ticket being shown.
 */
export function CustomerTickets({
  customerId,
  shown = 10,
  currentTicketId,
}: {
  customerId: string;
  shown?: number;
  currentTicketId?: string;
}) {
  const { recordPath } = useShellNavigation();
  const titleId = useId();
  const query = useQuery({
    queryKey: [...ticketKeys.lists, 'requester', customerId, shown],
    queryFn: ({ signal }) =>
      fetchTickets(
        { requester_id: customerId, page: 1, page_size: shown, sort: 'updated_at:desc' },
        signal,
      ),
    meta: { silent: true },
  });
  const rows = query.data?.data ?? [];
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3"
      data-testid="customer-tickets"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Ticket className="size-4 text-teal-700" aria-hidden="true" />
        Ticket của khách hàng
        {query.data && <span className="font-normal text-slate-500">({query.data.total})</span>}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <p className="text-sm text-red-700">Không tải được danh sách ticket.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">Khách hàng chưa có ticket.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {rows.map((ticket) => (
            <li key={ticket._id} className="flex flex-col gap-1 py-2">
              <Link
                to={recordPath('ticket', ticket.number)}
                className="truncate text-sm font-medium text-slate-900 hover:text-teal-800"
                title={ticket.subject}
              >
                <span className="mr-1 text-slate-500 tabular-nums">{ticket.code}</span>
                {ticket.subject}
              </Link>
              <span className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <TicketStatusBadge status={ticket.status} />
                <span className="tabular-nums">{formatDateTime(ticket.updated_at)}</span>
                {ticket._id === currentTicketId && (
                  <span className="text-teal-800">{TICKET_TEXT.currentTicket}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
