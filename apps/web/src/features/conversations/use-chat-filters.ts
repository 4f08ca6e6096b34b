import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CHAT_SOURCES,
  CONVERSATION_BOX,
  CONVERSATION_STATE,
  type ChatSource,
  type ConversationBox,
  type ConversationState,
} from '@omnicare/shared/conversations/conversations.schemas';
import type { ConversationFilters } from './conversations.api';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The list's box and filters, kept in the address (`/chat?box=unassigned&source=zalo`), so they
 * stay as the agent opens one conversation after another and survive a reload.
 */
export function useChatFilters() {
  const [params, setParams] = useSearchParams();
  const box = params.get('box');
  const state = params.get('state');
  const source = params.get('source');
  const groupId = params.get('group_id');
  const tagId = params.get('tag_id');
  const q = params.get('q');
  const filters = useMemo<ConversationFilters>(
    () => ({
      box: oneOf<ConversationBox>(CONVERSATION_BOX, box, 'mine'),
      state: oneOf<ConversationState>(CONVERSATION_STATE, state, 'open'),
      source: CHAT_SOURCES.includes(source as ChatSource) ? (source as ChatSource) : undefined,
      group_id: groupId || undefined,
      tag_id: tagId || undefined,
      q: q?.trim() || undefined,
    }),
    [box, state, source, groupId, tagId, q],
  );
  const setFilters = useCallback(
    (patch: Partial<ConversationFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilters };
}
