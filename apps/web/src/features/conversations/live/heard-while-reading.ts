import type { ConversationRow } from '@omnicare/shared/conversations/conversations.schemas';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { onConversationEvents } from '@/lib/realtime';

/** A conversation's live event as it was heard. */
export type HeardEvent =
  | { kind: 'upsert'; row: ConversationRow }
  | { kind: 'remove'; id: string }
  | { kind: 'message'; conversation_id: string; message: TicketCommentView };

/**
 * Reads while listening to the live events. What is pushed while a read is on its way may be
 * newer than its answer, which then replaces what the push changed in the cache (a list read
 * again at the socket's connection or after a gap): the caller applies `heard` to the answer.
 */
export async function readHearing<T>(
  read: () => Promise<T>,
): Promise<{ answer: T; heard: HeardEvent[] }> {
  const heard: HeardEvent[] = [];
  const stop = onConversationEvents({
    onUpsert: (row) => heard.push({ kind: 'upsert', row }),
    onRemove: (id) => heard.push({ kind: 'remove', id }),
    onMessage: ({ conversation_id, message }) =>
      heard.push({ kind: 'message', conversation_id, message }),
  });
  try {
    return { answer: await read(), heard };
  } finally {
    stop();
  }
}
