import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, X } from 'lucide-react';
import { TICKET_LINK_KIND } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { addTicketLink, fetchTicketLinks, removeTicketLink } from '../tickets.api';
import { ticketKeys } from '../tickets.queries';
import { TicketStatusBadge } from './ticket-badges';
import { TicketPicker } from './ticket-picker';

export const LINKS_TEXT = {
  title: 'Ticket liên quan',
  empty: 'Chưa có ticket liên quan.',
  add: 'Thêm ticket liên quan',
  pick: 'Tìm ticket theo mã hoặc tiêu đề',
  remove: (code: string) => `Gỡ liên kết ${code}`,
  failed: 'Không tải được ticket liên quan.',
  retry: 'Thử lại',
} as const;

/** '#000123' → 123: the number a ticket's address takes. */
const numberOf = (code: string) => Number(code.replace(/\D/g, ''));

/**
 * 'Ticket liên quan': the tickets linked to this one (related by hand, merged, split), each a
 * link to its page with its status; related links are added by searching and removed here,
 * merge and split links stay.
 */
export function TicketLinks({ ticketId, readOnly }: { ticketId: string; readOnly?: boolean }) {
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: ticketKeys.links(ticketId),
    queryFn: ({ signal }) => fetchTicketLinks(ticketId, signal),
    meta: { silent: true },
  });
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ticketKeys.links(ticketId) });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.activities(ticketId) });
  };
  const add = useMutation({
    meta: { silent: true },
    mutationFn: (relatedId: string) => addTicketLink(ticketId, relatedId),
    onSuccess: ({ message }) => {
      toast.success(message);
      setAdding(false);
      setError(undefined);
      changed();
    },
    onError: (failure) => {
      const field = isApiError(failure) ? failure.fieldErrors[0]?.message : undefined;
      if (field) setError(field);
      else toast.error(failure.message);
    },
  });
  const remove = useMutation({
    mutationFn: (linkedId: string) => removeTicketLink(ticketId, linkedId),
    onSuccess: ({ message }) => {
      toast.success(message);
      changed();
    },
  });
  const rows = links.data?.data ?? [];
  const linkedIds = rows.map((row) => row.ticket._id);

  return (
    <section aria-labelledby="ticket-links-title" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2
          id="ticket-links-title"
          className="flex items-center gap-1.5 text-sm font-semibold text-slate-800"
        >
          <Link2 className="size-4 text-slate-500" aria-hidden="true" />
          {LINKS_TEXT.title}
        </h2>
        {!readOnly && !adding && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={LINKS_TEXT.add}
            title={LINKS_TEXT.add}
            onClick={() => setAdding(true)}
          >
            <Plus />
          </Button>
        )}
      </div>
      {adding && (
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-1">
            <TicketPicker
              id="ticket-link-add"
              aria-label={LINKS_TEXT.add}
              className="min-w-0 flex-1"
              value={null}
              exclude={[ticketId, ...linkedIds]}
              placeholder={LINKS_TEXT.pick}
              disabled={add.isPending}
              invalid={Boolean(error)}
              describedBy={error ? 'ticket-link-error' : undefined}
              onChange={(value) => value && add.mutate(value)}
            />
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Đóng"
              onClick={() => {
                setAdding(false);
                setError(undefined);
              }}
            >
              <X />
            </Button>
          </div>
          <FieldError id="ticket-link-error" message={error} />
        </div>
      )}
      {links.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : links.isError ? (
        <p className="text-xs text-slate-500" role="alert">
          {LINKS_TEXT.failed}{' '}
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => void links.refetch()}
          >
            {LINKS_TEXT.retry}
          </Button>
        </p>
      ) : rows.length === 0 ? (
        <p className="text-xs text-slate-500">{LINKS_TEXT.empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label={LINKS_TEXT.title}>
          {rows.map((row) => (
            <li key={`${row.kind}-${row.ticket._id}`} className="flex items-start gap-2 py-1.5">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/tickets/${numberOf(row.ticket.code)}`}
                  className="block truncate text-sm text-teal-800 hover:underline"
                  title={`${row.ticket.code} · ${row.ticket.subject}`}
                >
                  <span className="tabular-nums">{row.ticket.code}</span> {row.ticket.subject}
                </Link>
                <div className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
                  <span>{TICKET_LINK_KIND.label(row.kind)}</span>
                  <TicketStatusBadge status={row.ticket.status} />
                </div>
              </div>
              {!readOnly && row.kind === 'related' && (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-slate-400 hover:text-red-600"
                  aria-label={LINKS_TEXT.remove(row.ticket.code)}
                  title={LINKS_TEXT.remove(row.ticket.code)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(row.ticket._id)}
                >
                  <X />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
