import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import {
  conversationListAnswer,
  conversationRowView,
  conversationSurveyView,
  type ConversationRow,
} from '@omnicare/shared/conversations/conversations.schemas';
import { tagGroupView } from '@omnicare/shared/customers/customers.schemas';
import {
  macroApplied,
  macroView,
  ticketPlaceholderValues,
} from '@omnicare/shared/macros/macros.schemas';
import { createdBody, listBody, noData, okBody } from '@omnicare/shared/platform/envelope';
import { messageTemplateView } from '@omnicare/shared/templates/templates.schemas';
import { priorityView, ticketTypeView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import {
  ticketCommentView,
  type TicketCommentView,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { ticketDetailView, type TicketDetail } from '@omnicare/shared/tickets/tickets.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { fixture } from '@/test/contract-fixtures';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { ticketRow } from '@/test/view-fixtures';
import { ConversationsPage } from './pages/conversations-pages';

/** Test fixtures and the page in a memory router, shared by the chat workspace's tests. */

export const ME = '11111111-1111-4111-8111-111111111111';
export const OTHER = '22222222-2222-4222-8222-222222222222';
export const AT = '2026-03-02T03:00:00.000Z';

export const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A row of GET /v2/conversations (and of a live `conversation:upsert`). */
export const conversationRow = (n: number, fields: Partial<ConversationRow> = {}) =>
  fixture('GET /v2/conversations', conversationRowView, {
    _id: idOf(n),
    code: `#${String(n).padStart(6, '0')}`,
    number: n,
    subject: 'Chat',
    status: 'open',
    source: 'zalo',
    channel: { _id: 'ch1', name: 'Zalo OA', kind: 'zalo' },
    customer: { _id: `c${n}`, name: `Khách ${n}`, avatar_url: null },
    assignee: { _id: ME, name: 'Tôi' },
    group: null,
    priority: null,
    tags: [],
    referral: null,
    last_message: {
      author_type: 'customer',
      kind: 'text',
      public: true,
      preview: `Tin của khách ${n}`,
      created_at: AT,
    },
    waiting_since: null,
    unread: 0,
    last_activity_at: AT,
    created_at: AT,
    ...fields,
  });

/** The answer of GET /v2/conversations as its route sends it (the envelope around the answer). */
export const conversationListBody = conversationListAnswer.extend({
  statusCode: z.literal(200),
  message: z.string(),
});

export const listAnswer = (
  rows: ConversationRow[],
  unread = { mine: 0, unassigned: 0, all: 0 },
) => ({ statusCode: 200 as const, message: 'Thành công', data: rows, next_cursor: null, unread });

/** A message of GET /v2/tickets/{id}/comments. */
export const chatMessage = (fields: Partial<TicketCommentView> = {}): TicketCommentView =>
  fixture('GET /v2/tickets/:id/comments', ticketCommentView, {
    _id: 'm1',
    ticket_id: idOf(1),
    channel_id: 'ch1',
    author_type: 'customer',
    author: { _id: 'c1', name: 'Khách 1', avatar_url: null },
    direction: 'in',
    kind: 'text',
    body_format: 'text',
    body: 'Xin chào',
    public: true,
    mentions: [],
    attachments: [],
    provider_message_id: null,
    client_message_id: null,
    delivery: null,
    created_at: AT,
    ...fields,
  });

/** GET /v2/tickets/{id} of the conversation. */
export const conversationTicket = (fields: Partial<TicketDetail> = {}): TicketDetail =>
  fixture('GET /v2/tickets/:id', ticketDetailView, {
    ...ticketRow({ _id: idOf(1), number: 1, source: 'zalo', requester: null }),
    description: '',
    organization: null,
    followers: [],
    cc: [],
    custom: {},
    created_by: null,
    updated_by: null,
    first_response_at: null,
    solved_at: null,
    closed_at: null,
    reopen_count: 0,
    reply_count: 0,
    merged_into: null,
    ...fields,
  });

/** What the workspace's screens call, as their routes declare the answers. */
export const CHAT_CONTRACTS = {
  'GET /v2/conversations': conversationListBody,
  'PUT /v2/conversations/:id/read': okBody(noData),
  'POST /v2/conversations/:id/transfer': okBody(noData),
  'GET /v2/conversations/:id/survey': okBody(conversationSurveyView),
  'GET /v2/tickets/:id': okBody(ticketDetailView),
  'PUT /v2/tickets/:id': okBody(ticketDetailView),
  'GET /v2/tickets/:id/comments': listBody(ticketCommentView),
  'POST /v2/tickets/:id/comments': createdBody(ticketCommentView),
  'GET /v2/macros': okBody(z.array(macroView)),
  'POST /v2/tickets/:id/macros/:macroId': okBody(macroApplied),
  'GET /v2/templates/user/:id': listBody(messageTemplateView),
  'GET /v2/tickets/:id/placeholders': okBody(ticketPlaceholderValues),
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
  'GET /v2/priorities': listBody(priorityView),
  'GET /v2/types': listBody(ticketTypeView),
};

/** The workspace at `url` ('/chat', '/chat/{id}') in a memory router. */
export function renderChat(url: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/chat', element: <ConversationsPage /> },
      { path: '/chat/:ticketId', element: <ConversationsPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <TestShell>
        <TooltipProvider>
          <RouterProvider router={router} />
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
