import type { TicketListItem } from '@omnicare/shared/tickets/tickets.schemas';
import { TICKET_STATUS } from '@omnicare/shared/tickets/ticket-enums';
import type { PickerProps } from '@/components/ui/search-combobox';
import { SearchCombobox } from '@/components/ui/search-combobox';
import type { ComboboxSource, ComboOption } from '@/components/ui/use-combobox-source';
import { pageOf } from '@/components/ui/use-combobox-source';
import { fetchTickets } from '../tickets.api';

const PAGE_SIZE = 20;

/** A ticket as a picker lists it: '#000123 · subject', its status and requester below. */
export const ticketOption = (
  ticket: Pick<TicketListItem, '_id' | 'code' | 'subject' | 'status'> & {
    requester?: { name: string } | null;
  },
): ComboOption => ({
  value: ticket._id,
  label: `${ticket.code} · ${ticket.subject}`,
  hint: [TICKET_STATUS.label(ticket.status), ticket.requester?.name].filter(Boolean).join(' · '),
});

/**
 * Tickets the caller sees, searched on the server by code ('#123', '123'), subject or requester;
 * `exclude` leaves some out (the ticket itself), `openOnly` those closed (a merge target).
 */
export function ticketSource({
  exclude = [],
  openOnly = false,
}: { exclude?: readonly string[]; openOnly?: boolean } = {}): ComboboxSource {
  const left = new Set(exclude);
  return {
    key: ['tickets', 'picker', [...left].sort(), openOnly],
    search: async ({ keyword, page, signal }) => {
      const answer = await fetchTickets(
        {
          search: keyword || undefined,
          ...(openOnly ? { status: 'new,open,pending,solved' } : {}),
          page,
          page_size: PAGE_SIZE,
        },
        signal,
      );
      return pageOf(
        answer.data.filter((row) => !left.has(row._id)).map(ticketOption),
        answer.total,
        page,
        PAGE_SIZE,
      );
    },
  };
}

/** One ticket, searched by code or subject. */
export function TicketPicker({
  exclude,
  openOnly,
  ...props
}: PickerProps & { exclude?: readonly string[]; openOnly?: boolean }) {
  return (
    <SearchCombobox
      searchPlaceholder="Tìm theo mã hoặc tiêu đề ticket"
      {...props}
      source={ticketSource({ exclude, openOnly })}
    />
  );
}
