import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { Loader2 } from 'lucide-react';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { formatDate } from '@omnicare/shared/platform/time';
import { Button } from '@/components/ui/button';
import { LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { CHAT_TEXT } from '../conversations-text';
import { useConversationMessages, useSendMessage } from '../conversations.queries';
import { messagesOf } from '../live/message-cache';
import { usePendingMessages, usePendingOf } from '../live/pending-messages';
import { MessageBubble, PendingBubble } from './message-bubble';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Hôm nay', 'Hôm qua', else the Bangkok day as dd/MM/yyyy. */
export function dayLabel(at: string, now: number): string {
  const day = formatDate(at);
  if (day === formatDate(now)) return CHAT_TEXT.today;
  if (day === formatDate(now - DAY_MS)) return CHAT_TEXT.yesterday;
  return day;
}

/** How near the bottom counts as reading the newest messages (they then stay in sight). */
const STICK_PX = 120;

/**
 * The conversation's messages, oldest first under their Bangkok day, the ones on their way
 * after them, and who is typing; it opens at the newest and stays there as messages come
 * while the agent is at the bottom.
 */
export function MessageList({
  ticketId,
  channel,
  typing,
}: {
  ticketId: string;
  channel: string;
  typing: string | null;
}) {
  const query = useConversationMessages(ticketId);
  const waiting = usePendingOf(ticketId);
  const send = useSendMessage(ticketId);
  const discard = usePendingMessages((state) => state.remove);
  const now = useNow(30_000);
  const messages = messagesOf(query.data);
  // A live copy of a message sent here may arrive before the answer: one bubble, the server's.
  const arrived = new Set(messages.map((message) => message.client_message_id));
  const pending = waiting.filter((message) => !arrived.has(message.clientId));
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const olderFrom = useRef<number | null>(null);
  const count = messages.length + pending.length;

  // Opening, a new message while at the bottom, or one sent here: show the newest.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (olderFrom.current !== null) {
      // Older messages came in above: keep the ones being read where they were.
      element.scrollTop = element.scrollHeight - olderFrom.current;
      olderFrom.current = null;
      return;
    }
    if (atBottom.current) element.scrollTop = element.scrollHeight;
  }, [count, typing, query.isPending]);
  useLayoutEffect(() => {
    atBottom.current = true;
  }, [ticketId]);
  // Pictures load after their message shows: the newest stays in sight as they grow.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !content.current || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && olderFrom.current === null) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);
  const lastPending = pending.at(-1)?.clientId;
  useLayoutEffect(() => {
    if (lastPending && box.current) {
      atBottom.current = true;
      box.current.scrollTop = box.current.scrollHeight;
    }
  }, [lastPending]);

  const loadOlder = () => {
    if (box.current) olderFrom.current = box.current.scrollHeight - box.current.scrollTop;
    void query.fetchPreviousPage();
  };

  const days = messages.map((message) => dayLabel(message.created_at, now));
  return (
    <div
      ref={box}
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-3"
      aria-label={CHAT_TEXT.messages}
      role="log"
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
      }}
    >
      <div ref={content}>
        {query.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10 w-1/2" />
            <Skeleton className="ml-auto h-10 w-1/3" />
            <Skeleton className="h-16 w-2/3" />
          </div>
        ) : query.isError ? (
          <LoadErrorState onRetry={() => query.refetch()} retrying={query.isFetching} />
        ) : (
          <>
            {query.hasPreviousPage && (
              <div className="mb-2 flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={query.isFetchingPreviousPage}
                  onClick={loadOlder}
                >
                  {query.isFetchingPreviousPage && <Loader2 className="animate-spin" aria-hidden />}
                  {CHAT_TEXT.loadOlder}
                </Button>
              </div>
            )}
            {messages.length === 0 && pending.length === 0 && (
              <p className="py-10 text-center text-sm text-slate-500">{CHAT_TEXT.noMessages}</p>
            )}
            <ol className="flex flex-col gap-3">
              {messages.map((message: TicketCommentView, index) => {
                const day = days[index] ?? '';
                const header = index === 0 || day !== days[index - 1];
                return (
                  <Fragment key={message._id}>
                    {header && (
                      <li className="flex items-center gap-3 py-1">
                        <span className="h-px flex-1 bg-slate-200" />
                        <span className="text-[11px] font-medium text-slate-500">{day}</span>
                        <span className="h-px flex-1 bg-slate-200" />
                      </li>
                    )}
                    <MessageBubble message={message} channel={channel} now={now} />
                  </Fragment>
                );
              })}
              {pending.map((message) => (
                <PendingBubble
                  key={message.clientId}
                  message={message}
                  onRetry={() => send.mutate(message)}
                  onDiscard={() => discard(ticketId, message.clientId)}
                />
              ))}
            </ol>
          </>
        )}
        {typing && (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500" aria-live="polite">
            <span className="inline-flex gap-0.5" aria-hidden>
              <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:120ms]" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:240ms]" />
            </span>
            {typing}
          </p>
        )}
      </div>
    </div>
  );
}
