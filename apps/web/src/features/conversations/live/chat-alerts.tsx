import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationRow } from '@omnicare/shared/conversations/conversations.schemas';
import { onConversationEvents } from '@/lib/realtime';
import { useCurrentUser } from '@/stores/session-store';
import { conversationKeys } from '../conversations.queries';
import { playChatSound } from './chat-sound';
import { rowsOf, type ListData } from './list-cache';

/** Whose each conversation was when last heard of, to tell a newly given one. */
const lastAssignee = new Map<string, string | null>();

/**
 * Whether this row is news for `me`: a conversation just given to me (it was someone else's,
 * nobody's, or unheard of while a customer waits), or a customer's message in one of mine.
 */
export function isNewForMe(row: ConversationRow, before: string | null | undefined, me: string) {
  if (row.assignee?._id !== me) return false;
  if (before === undefined) return row.waiting_since !== null;
  return before !== me;
}

/**
 * Mounted with the frame: the chat's sound for a conversation given to me or a customer's
 * message in one of mine, wherever the agent is in the app (muted from the list's header).
 * The title's count and the bell follow the server's notifications as everywhere else.
 */
export function ChatAlerts() {
  const me = useCurrentUser()?._id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!me) return undefined;
    const assigneeOf = (id: string) => lastAssignee.get(id);
    // Lists read from the server tell whose each row is (not the live changes the screen
    // writes into them: those are heard here first-hand, whichever listener runs first).
    const stopCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual)
        return;
      const [scope, part] = event.query.queryKey;
      if (scope !== conversationKeys.lists[0] || part !== conversationKeys.lists[1]) return;
      for (const row of rowsOf(event.query.state.data as ListData | undefined))
        lastAssignee.set(row._id, row.assignee?._id ?? null);
    });
    const stopEvents = onConversationEvents({
      onUpsert: (row) => {
        const before = assigneeOf(row._id);
        lastAssignee.set(row._id, row.assignee?._id ?? null);
        if (isNewForMe(row, before, me)) playChatSound();
      },
      onRemove: (id) => lastAssignee.delete(id),
      onMessage: ({ conversation_id, message }) => {
        if (message.author_type !== 'customer') return;
        if (assigneeOf(conversation_id) === me) playChatSound();
      },
    });
    return () => {
      stopCache();
      stopEvents();
    };
  }, [me, queryClient]);
  return null;
}
