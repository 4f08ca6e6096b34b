import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onConversationEvents } from '@/lib/realtime';
import { isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import {
  addMessage,
  applyRow,
  conversationKeys,
  patchRow,
  removeRow,
} from '../conversations.queries';
import { bumpRow } from './list-cache';

/**
 * The workspace's live part: rows appear, change, move and leave every cached list as the
 * server says (no reading again), messages join their conversation, and who of the customers
 * is typing. `reading` is the conversation open here while the window has the focus.
 */
export function useConversationLive(me: string | undefined, reading: string | null) {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<ReadonlySet<string>>(() => new Set());
  const readingRef = useRef(reading);
  useEffect(() => {
    readingRef.current = reading;
  });
  useEffect(
    () =>
      onConversationEvents({
        onUpsert: (row) => {
          applyRow(queryClient, row, me);
          // A resolved conversation pushed again: its survey may have been answered.
          if (!isUnsolved(row.status))
            void queryClient.invalidateQueries({ queryKey: conversationKeys.survey(row._id) });
        },
        onRemove: (id) => removeRow(queryClient, id, me),
        onMessage: ({ conversation_id, message }) => {
          addMessage(queryClient, conversation_id, message);
          const here = readingRef.current === conversation_id;
          patchRow(queryClient, conversation_id, me, (row) => bumpRow(row, message, here));
          // What the customer wrote ends their typing.
          if (message.author_type === 'customer')
            setTyping((now) => withTyping(now, conversation_id, false));
        },
        onCustomerTyping: ({ conversation_id, typing: on }) =>
          setTyping((now) => withTyping(now, conversation_id, on)),
      }),
    [queryClient, me],
  );
  return { customerTyping: typing };
}

function withTyping(set: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  if (set.has(id) === on) return set;
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
