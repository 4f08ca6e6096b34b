import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import type { ConversationRow } from '@omnicare/shared/conversations/conversations.schemas';
import type { ChannelSource } from '@omnicare/shared/channels/channel-source';
import { CustomerPanel } from '@/features/customers/components/customer-panel';
import { useCurrentUser } from '@/stores/session-store';
import { CHAT_TEXT } from '../conversations-text';
import { useConversationList, useConversationTicket } from '../conversations.queries';
import { findRow } from '../live/list-cache';
import { ChangeCustomerButton } from '../components/change-customer-dialog';
import { ConversationList } from '../components/conversation-list';
import {
  ConversationView,
  NoConversation,
  useWindowFocused,
} from '../components/conversation-view';
import { useFillViewport } from '../components/use-fill-viewport';
import { useConversationLive } from '../live/use-conversation-live';
import { useChatFilters } from '../use-chat-filters';

/**
 * The customer pane: the conversation's requester, editable in place, with their history, and
 * 'Đổi khách hàng' to link the conversation to another customer or a new one.
 */
function CustomerPane({ ticketId, me }: { ticketId: string; me: string | undefined }) {
  const ticket = useConversationTicket(ticketId);
  if (!ticket.data) return null;
  const requesterId = ticket.data.requester?._id ?? null;
  return (
    <div className="flex flex-col gap-3">
      <CustomerPanel key={requesterId} customerId={requesterId} currentTicketId={ticketId} />
      {ticket.data.status !== 'closed' && (
        <ChangeCustomerButton
          ticketId={ticketId}
          source={ticket.data.source as ChannelSource}
          currentId={requesterId}
          me={me}
        />
      )}
    </div>
  );
}

/**
 * The chat workspace (`/chat`, `/chat/{ticketId}`): the conversation list, the conversation
 * and the customer, side by side over the whole window; each pane scrolls itself.
 */
export function ConversationsPage() {
  const { ticketId = null } = useParams();
  const { search } = useLocation();
  const me = useCurrentUser()?._id;
  const { filters, setFilters } = useChatFilters();
  const focused = useWindowFocused();
  const { customerTyping } = useConversationLive(me, focused ? ticketId : null);
  const [fillRef, fillHeight] = useFillViewport<HTMLDivElement>();
  const linkTo = useCallback((row: ConversationRow) => `/chat/${row._id}${search}`, [search]);
  // The open conversation's row, when the list shows it (its customer's picture, its channel).
  const list = useConversationList(filters);
  const row = ticketId ? findRow(list.data, ticketId) : undefined;

  return (
    <div
      ref={fillRef}
      style={fillHeight ? { height: fillHeight } : undefined}
      className="-m-4 grid h-[calc(100vh-7rem)] min-h-0 grid-cols-[minmax(280px,320px)_minmax(0,1fr)] overflow-hidden border-y border-slate-200 bg-white lg:-m-6 xl:grid-cols-[310px_minmax(0,1fr)_290px] 2xl:grid-cols-[380px_minmax(0,1fr)_360px]"
    >
      <h1 className="sr-only">Chat</h1>
      <div className="min-h-0 border-r border-slate-200">
        <ConversationList
          filters={filters}
          onFilters={setFilters}
          me={me}
          activeId={ticketId}
          linkTo={linkTo}
        />
      </div>
      <div className="min-h-0 min-w-0">
        {ticketId ? (
          <ConversationView
            key={ticketId}
            ticketId={ticketId}
            row={row}
            me={me}
            customerTyping={customerTyping.has(ticketId)}
          />
        ) : (
          <NoConversation />
        )}
      </div>
      <aside
        aria-label={CHAT_TEXT.customerPane}
        className="hidden min-h-0 overflow-y-auto border-l border-slate-200 bg-slate-50 p-3 xl:block"
      >
        {ticketId && <CustomerPane ticketId={ticketId} me={me} />}
      </aside>
    </div>
  );
}
