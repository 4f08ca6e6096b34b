import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import type { ConversationRow } from '@omnicare/shared/conversations/conversations.schemas';
import { MESSAGE_DELIVERY_FIELD } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { TicketDetail } from '@omnicare/shared/tickets/tickets.schemas';
import { LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/errors';
import { useRecordPresence } from '@/lib/use-record-presence';
import { CHAT_TEXT } from '../conversations-text';
import {
  conversationKeys,
  useConversationMessages,
  useConversationTicket,
  useMarkRead,
} from '../conversations.queries';
import { messagesOf } from '../live/message-cache';
import { channelLabel } from './channel-mark';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { MessageList } from './message-list';
import { SurveyNote } from './survey-note';

/** Whether this window has the focus (a conversation is read only while someone looks). */
export function useWindowFocused() {
  const [focused, setFocused] = useState(() => document.hasFocus());
  useEffect(() => {
    const update = () => setFocused(document.hasFocus() && document.visibilityState === 'visible');
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return focused;
}

/** What the middle pane shows with no conversation chosen. */
export function NoConversation() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 bg-slate-50 p-6 text-center">
      <MessagesSquare className="size-10 text-slate-300" aria-hidden />
      <p className="text-sm font-medium text-slate-700">{CHAT_TEXT.chooseOne}</p>
      <p className="max-w-xs text-xs text-slate-500">{CHAT_TEXT.chooseOneHint}</p>
    </div>
  );
}

/** Marks the conversation read while it is open here and the window has the focus. */
function useReadWhileOpen(id: string, me: string | undefined, focused: boolean) {
  const messages = useConversationMessages(id);
  const lastId = messagesOf(messages.data).at(-1)?._id;
  const { mutate } = useMarkRead(me);
  useEffect(() => {
    if (focused && lastId) mutate(id);
  }, [id, focused, lastId, mutate]);
}

function Loaded({
  ticket,
  row,
  me,
  customerTyping,
}: {
  ticket: TicketDetail;
  row: ConversationRow | undefined;
  me: string | undefined;
  customerTyping: boolean;
}) {
  const queryClient = useQueryClient();
  const presence = useRecordPresence('ticket', ticket._id);
  const { lastChange } = presence;
  // A colleague (or a workflow) changed the ticket: read it again; the customer saw the team's
  // messages: read those again (their marks turn to 'Đã xem').
  useEffect(() => {
    if (!lastChange) return;
    const seen = lastChange.fields.includes(MESSAGE_DELIVERY_FIELD);
    void queryClient.invalidateQueries({
      queryKey: seen ? conversationKeys.messages(ticket._id) : conversationKeys.ticket(ticket._id),
    });
  }, [lastChange, queryClient, ticket._id]);
  const name = row?.customer?.name ?? ticket.requester?.name ?? CHAT_TEXT.unknownCustomer;
  const staffTyping = presence.others
    .filter((viewer) => viewer.typing)
    .map((viewer) => viewer.name);
  const typing = customerTyping
    ? CHAT_TEXT.customerTyping(name)
    : staffTyping.length > 0
      ? CHAT_TEXT.staffTyping(staffTyping.join(', '))
      : null;
  return (
    <>
      <ConversationHeader ticket={ticket} row={row} me={me} others={presence.others} />
      <SurveyNote
        ticketId={ticket._id}
        resolved={ticket.status === 'solved' || ticket.status === 'closed'}
      />
      <MessageList ticketId={ticket._id} channel={channelLabel(ticket.source)} typing={typing} />
      <Composer
        key={ticket._id}
        ticketId={ticket._id}
        source={ticket.source}
        disabled={ticket.status === 'closed'}
        onTyping={presence.typed}
        onSent={presence.stoppedTyping}
      />
    </>
  );
}

/** The middle pane: the conversation's header, its messages and the composer. */
export function ConversationView({
  ticketId,
  row,
  me,
  customerTyping,
}: {
  ticketId: string;
  row: ConversationRow | undefined;
  me: string | undefined;
  customerTyping: boolean;
}) {
  const ticket = useConversationTicket(ticketId);
  const focused = useWindowFocused();
  useReadWhileOpen(ticketId, me, focused);
  return (
    <section aria-label={CHAT_TEXT.conversation} className="flex h-full min-h-0 flex-col">
      {ticket.data ? (
        <Loaded ticket={ticket.data} row={row} me={me} customerTyping={customerTyping} />
      ) : ticket.isError ? (
        isApiError(ticket.error) && ticket.error.status === 404 ? (
          <p className="p-6 text-center text-sm text-slate-500" role="alert">
            {CHAT_TEXT.notFound}
          </p>
        ) : (
          <LoadErrorState onRetry={() => ticket.refetch()} retrying={ticket.isFetching} />
        )
      ) : (
        <div className="flex flex-col gap-3 p-4">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </section>
  );
}
