import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChatConfigBody } from '@omnicare/shared/conversations/chat-config.schemas';
import type {
  ConversationRow,
  ConversationTransferBody,
} from '@omnicare/shared/conversations/conversations.schemas';
import type { TicketDetail, TicketUpdateBody } from '@omnicare/shared/tickets/tickets.schemas';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/stores/session-store';
import { toast } from '@/lib/toast';
import { ticketKeys } from '@/features/tickets/ticket-keys';
import {
  fetchConversations,
  fetchConversationSurvey,
  fetchConversationTicket,
  fetchMessagePage,
  getChatConfig,
  markConversationRead,
  saveChatConfig,
  sendChatMessage,
  transferConversation,
  updateConversationTicket,
  type ConversationFilters,
} from './conversations.api';
import { readHearing } from './live/heard-while-reading';
import { dropRow, findRow, placeRow, withHeard, type ListData } from './live/list-cache';
import { nextMessagePage, withMessage, type MessagesData } from './live/message-cache';
import { usePendingMessages, type PendingMessage } from './live/pending-messages';

export const conversationKeys = {
  chatConfig: ['conversations', 'chat-config'] as const,
  lists: ['conversations', 'list'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', filters] as const,
  /** Under the ticket's comments: whatever reads a ticket's conversation again reads this too. */
  messages: (id: string) => [...ticketKeys.comments(id), 'chat'] as const,
  ticket: (id: string) => ticketKeys.ticket(id),
  /** Under the ticket: whatever reads the ticket again (a change heard live) reads this too. */
  survey: (id: string) => [...ticketKeys.ticket(id), 'survey'] as const,
};

export const useChatConfig = () =>
  useQuery({
    queryKey: conversationKeys.chatConfig,
    queryFn: ({ signal }) => getChatConfig(signal),
  });

export function useSaveChatConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ChatConfigBody) => saveChatConfig(body),
    onSuccess: (result) => queryClient.setQueryData(conversationKeys.chatConfig, result.data),
  });
}

/* ------------------------------------------------------------------------------- the list */

export function useConversationList(filters: ConversationFilters) {
  const me = useCurrentUser()?._id;
  return useInfiniteQuery({
    queryKey: conversationKeys.list(filters),
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam) return fetchConversations(filters, pageParam, signal);
      // New and changed rows go to the first page: what was pushed meanwhile stays on it.
      const { answer, heard } = await readHearing(() =>
        fetchConversations(filters, undefined, signal),
      );
      const list = withHeard({ pages: [answer], pageParams: [undefined] }, heard, filters, me);
      return list.pages[0] ?? answer;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Every list in the cache (each box and filter set shown so far) with its filters. */
const cachedLists = (queryClient: QueryClient) =>
  queryClient
    .getQueriesData<ListData>({ queryKey: conversationKeys.lists })
    .flatMap(([key, data]) =>
      data ? [{ key, data, filters: key[2] as ConversationFilters }] : [],
    );

/** The row as any cached list knows it. */
export const knownRow = (queryClient: QueryClient, id: string) =>
  cachedLists(queryClient)
    .map(({ data }) => findRow(data, id))
    .find(Boolean);

/** A row changed (live, or by an action here): every cached list places it again. */
export function applyRow(queryClient: QueryClient, row: ConversationRow, me: string | undefined) {
  for (const { key, data, filters } of cachedLists(queryClient)) {
    const known = findRow(data, row._id);
    queryClient.setQueryData<ListData>(key, placeRow(data, row, filters, me, known));
  }
}

export function removeRow(queryClient: QueryClient, id: string, me: string | undefined) {
  for (const { key, data } of cachedLists(queryClient))
    queryClient.setQueryData<ListData>(key, dropRow(data, id, me));
}

/** The row changed in place (a field, the unread count), wherever it is listed. */
export function patchRow(
  queryClient: QueryClient,
  id: string,
  me: string | undefined,
  change: (row: ConversationRow) => ConversationRow,
) {
  const row = knownRow(queryClient, id);
  if (row) applyRow(queryClient, change(row), me);
}

export function useMarkRead(me: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => markConversationRead(id),
    onMutate: (id) => patchRow(queryClient, id, me, (row) => ({ ...row, unread: 0 })),
  });
}

export function useTransfer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ConversationTransferBody) => transferConversation(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.ticket(id) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(id) });
    },
  });
}

/* --------------------------------------------------------------- the conversation's ticket */

export const useConversationTicket = (id: string) =>
  useQuery({
    queryKey: conversationKeys.ticket(id),
    queryFn: ({ signal }) => fetchConversationTicket(id, signal),
    meta: { silent: true },
  });

/** The satisfaction survey of a resolved conversation (read only once it is resolved). */
export const useConversationSurvey = (id: string, resolved: boolean) =>
  useQuery({
    queryKey: conversationKeys.survey(id),
    queryFn: ({ signal }) => fetchConversationSurvey(id, signal),
    enabled: resolved,
    meta: { silent: true },
  });

/** A change of the ticket's fields (assignee, department, tags, priority, status). */
export function useUpdateConversation(id: string, me: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketUpdateBody) => updateConversationTicket(id, body),
    onSuccess: ({ data, message }) => {
      showTicketChange(queryClient, data, me);
      if (message) toast.success(message);
    },
  });
}

/** The conversation's ticket as a change here left it (an update, a macro): its pane and row. */
export function showTicketChange(
  queryClient: QueryClient,
  ticket: TicketDetail,
  me: string | undefined,
) {
  queryClient.setQueryData(conversationKeys.ticket(ticket._id), ticket);
  patchRow(queryClient, ticket._id, me, (row) => ({
    ...row,
    status: ticket.status,
    assignee: ticket.assignee,
    group: ticket.group,
    tags: ticket.tags,
    priority: ticket.priority,
    customer: ticket.requester
      ? {
          _id: ticket.requester._id,
          name: ticket.requester.name,
          avatar_url: row.customer?._id === ticket.requester._id ? row.customer.avatar_url : null,
        }
      : null,
  }));
  void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
}

/* --------------------------------------------------------------------------- the messages */

export const useConversationMessages = (id: string) =>
  useInfiniteQuery({
    queryKey: conversationKeys.messages(id),
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam > 0) return fetchMessagePage(id, pageParam, signal);
      // The latest page: a message pushed while it was read stays on it.
      const { answer, heard } = await readHearing(() => fetchMessagePage(id, 0, signal));
      return heard.reduce(
        (page, event) =>
          event.kind === 'message' && event.conversation_id === id
            ? (withMessage({ pages: [page], pageParams: [0] }, event.message).pages[0] ?? page)
            : page,
        answer,
      );
    },
    initialPageParam: 0,
    getNextPageParam: nextMessagePage,
    getPreviousPageParam: (first) => (first.page > 1 ? first.page - 1 : undefined),
    meta: { silent: true },
  });

/** A message heard live (or answered to a send) joins the conversation once. */
export function addMessage(
  queryClient: QueryClient,
  id: string,
  message: MessagesData['pages'][number]['data'][number],
) {
  queryClient.setQueryData<MessagesData>(conversationKeys.messages(id), (data) =>
    data ? withMessage(data, message) : data,
  );
}

/**
 * Sends a pending message (new, or again after 'Gửi lỗi' with the same client id): its bubble
 * shows at once and gives way to the server's message when the answer comes.
 */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  const pending = usePendingMessages();
  return useMutation({
    meta: { silent: true },
    mutationFn: (message: PendingMessage) =>
      sendChatMessage(
        id,
        { body: message.body, public: message.public, client_message_id: message.clientId },
        message.files,
      ),
    onMutate: (message) => {
      const there = usePendingMessages
        .getState()
        .byTicket[id]?.some((item) => item.clientId === message.clientId);
      if (there) pending.update(id, message.clientId, { state: 'sending', error: undefined });
      else pending.add({ ...message, state: 'sending' });
    },
    onSuccess: (saved, message) => {
      addMessage(queryClient, id, saved);
      pending.remove(id, message.clientId);
    },
    onError: (error, message) =>
      pending.update(id, message.clientId, { state: 'failed', error: errorMessage(error) }),
  });
}
