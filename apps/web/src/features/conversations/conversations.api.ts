import type {
  ChatConfigBody,
  ChatConfigView,
} from '@omnicare/shared/conversations/chat-config.schemas';
import type {
  ConversationListAnswer,
  ConversationListQuery,
  ConversationSurvey,
  ConversationTransferBody,
} from '@omnicare/shared/conversations/conversations.schemas';
import {
  TICKET_COMMENTS_MAX_PAGE_SIZE,
  type TicketCommentView,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { TicketDetail, TicketUpdateBody } from '@omnicare/shared/tickets/tickets.schemas';
import { apiList, apiRequest, apiRequestWithMessage, compactParams, http } from '@/lib/http';

export const getChatConfig = (signal?: AbortSignal) =>
  apiRequest<ChatConfigView>({ method: 'GET', url: '/v2/chat-config', signal });

export const saveChatConfig = (body: ChatConfigBody) =>
  apiRequestWithMessage<ChatConfigView>({ method: 'PUT', url: '/v2/chat-config', data: body });

/* ------------------------------------------------------------------------------- the list */

/** The list's filters as the address and the API spell them (the cursor aside). */
export type ConversationFilters = Pick<ConversationListQuery, 'box' | 'state'> &
  Partial<Pick<ConversationListQuery, 'source' | 'group_id' | 'tag_id' | 'q'>>;

/** `GET /v2/conversations`: a page of rows, the next page's cursor and each box's unread count. */
export async function fetchConversations(
  filters: ConversationFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationListAnswer> {
  const response = await http.request<Partial<ConversationListAnswer>>({
    method: 'GET',
    url: '/v2/conversations',
    params: compactParams({ ...filters, q: filters.q || undefined, cursor }),
    signal,
  });
  return {
    data: response.data.data ?? [],
    next_cursor: response.data.next_cursor ?? null,
    unread: response.data.unread ?? { mine: 0, unassigned: 0, all: 0 },
  };
}

/** Everything up to now is read by the caller (their unread count of it goes to 0). */
export const markConversationRead = (id: string) =>
  apiRequest<unknown>({ method: 'PUT', url: `/v2/conversations/${id}/read` });

export const transferConversation = (id: string, body: ConversationTransferBody) =>
  apiRequestWithMessage<unknown>({
    method: 'POST',
    url: `/v2/conversations/${id}/transfer`,
    data: body,
  });

/** `GET /v2/conversations/{id}/survey`: what the visitor answered after the resolve. */
export const fetchConversationSurvey = (id: string, signal?: AbortSignal) =>
  apiRequest<ConversationSurvey>({ method: 'GET', url: `/v2/conversations/${id}/survey`, signal });

/** The conversation's ticket: its assignee, department, tags, priority and status. */
export const fetchConversationTicket = (id: string, signal?: AbortSignal) =>
  apiRequest<TicketDetail>({ method: 'GET', url: `/v2/tickets/${id}`, signal });

export const updateConversationTicket = (id: string, body: TicketUpdateBody) =>
  apiRequestWithMessage<TicketDetail>({ method: 'PUT', url: `/v2/tickets/${id}`, data: body });

/* --------------------------------------------------------------------------- the messages */

export const MESSAGES_PAGE_SIZE = TICKET_COMMENTS_MAX_PAGE_SIZE;

/** One page of the conversation (oldest first), with the page's number and the total. */
export interface MessagePage {
  data: TicketCommentView[];
  page: number;
  total: number;
}

const pageOfMessages = async (id: string, page: number, signal?: AbortSignal) => {
  const { data, total } = await apiList<TicketCommentView>({
    method: 'GET',
    url: `/v2/tickets/${id}/comments`,
    params: { page, page_size: MESSAGES_PAGE_SIZE },
    signal,
  });
  return { data, page, total };
};

/**
 * A page of the conversation; `page` 0 is the latest one (the first page tells how many there
 * are, then the last is read), since a chat opens on its newest messages.
 */
export async function fetchMessagePage(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  if (page > 0) return pageOfMessages(id, page, signal);
  const first = await pageOfMessages(id, 1, signal);
  const last = Math.max(1, Math.ceil(first.total / MESSAGES_PAGE_SIZE));
  return last === 1 ? first : pageOfMessages(id, last, signal);
}

/** What the composer sends: plain text, public or a note, with the sender's own id. */
export interface ChatMessageInput {
  body: string;
  public: boolean;
  client_message_id: string;
}

/** `POST /v2/tickets/{id}/comments` as plain text; with files it goes as a form. */
/** POST /v2/conversations/{id}/whatsapp-template: an approved template, also outside 24 hours. */
export const sendWhatsAppTemplate = (id: string, templateId: string) =>
  apiRequest<TicketCommentView>({
    method: 'POST',
    url: `/v2/conversations/${encodeURIComponent(id)}/whatsapp-template`,
    data: { template_id: templateId },
  });

export function sendChatMessage(id: string, input: ChatMessageInput, files: readonly File[]) {
  const fields = { ...input, format: 'text' as const };
  if (files.length === 0)
    return apiRequest<TicketCommentView>({
      method: 'POST',
      url: `/v2/tickets/${id}/comments`,
      data: fields,
    });
  const form = new FormData();
  // A message needs text: files sent alone are named by their file names.
  form.append('body', fields.body.trim() || files.map((file) => file.name).join(', '));
  form.append('public', String(fields.public));
  form.append('format', fields.format);
  form.append('client_message_id', fields.client_message_id);
  for (const file of files) form.append('files', file);
  return apiRequest<TicketCommentView>({
    method: 'POST',
    url: `/v2/tickets/${id}/comments`,
    data: form,
  });
}
