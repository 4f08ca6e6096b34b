import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { tagGroupView } from '@omnicare/shared/customers/customers.schemas';
import { macroView, ticketPlaceholderValues } from '@omnicare/shared/macros/macros.schemas';
import { listBody, okBody } from '@omnicare/shared/platform/envelope';
import { messageTemplateView } from '@omnicare/shared/templates/templates.schemas';
import { priorityView, ticketTypeView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import {
  ticketCommentView,
  type TicketCommentView,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { list, mockApi, ok } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import { TicketConversation } from './ticket-conversation';

const comment = (fields: Partial<TicketCommentView>): TicketCommentView => ({
  _id: 'c1',
  ticket_id: 'T1',
  channel_id: null,
  author_type: 'customer',
  author: { _id: 'k1', name: 'Khách Hỏi', avatar_url: null },
  direction: (fields.author_type ?? 'customer') === 'customer' ? 'in' : 'out',
  kind: 'text',
  body_format: 'html',
  body: '<p>Tin nhắn</p>',
  public: true,
  mentions: [],
  attachments: [],
  provider_message_id: null,
  client_message_id: null,
  delivery: null,
  created_at: '2026-01-01T02:00:00.000Z',
  ...fields,
});
const COMMENTS = [
  comment({ _id: 'c1', body: '<p>Khách hỏi thêm</p>' }),
  comment({
    _id: 'c2',
    author_type: 'user',
    author: { _id: 'u1', name: 'Chuyên viên', avatar_url: null },
    body: '<p>Trả lời khách</p>',
  }),
  comment({
    _id: 'c3',
    author_type: 'user',
    author: { _id: 'u1', name: 'Chuyên viên', avatar_url: null },
    body: '<p>Ghi chú</p>',
    public: false,
  }),
];

const CONTRACTS = {
  'GET /v2/tickets/:id/comments': listBody(ticketCommentView),
  'GET /v2/macros': okBody(z.array(macroView)),
  'GET /v2/templates/user/:id': listBody(messageTemplateView),
  'GET /v2/group-tag-customer': okBody(z.array(tagGroupView)),
  'GET /v2/tickets/:id/placeholders': okBody(ticketPlaceholderValues),
  'GET /v2/priorities': listBody(priorityView),
  'GET /v2/types': listBody(ticketTypeView),
};

/** The server as the conversation reads it, with these comments on ticket T1. */
function serveComments(comments: TicketCommentView[]) {
  mockApi(CONTRACTS, (config) => {
    if (config.url === '/v2/tickets/T1/comments') return list(comments);
    if (config.url === '/v2/tickets/T1/placeholders') return ok({});
    if (config.url === '/v2/macros' || config.url === '/v2/group-tag-customer') return ok([]);
    return list([]);
  });
}

/** The conversation of ticket T1, open. */
function renderConversation(onSplit?: (comment: TicketCommentView) => Promise<unknown>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TicketConversation
        ticketId="T1"
        tabKey={`ticket:T1:${Math.random()}`}
        closed={false}
        onTyping={() => undefined}
        onSent={() => undefined}
        onSplit={onSplit}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signInAs('agent');
  serveComments(COMMENTS);
});

afterEach(() => vi.restoreAllMocks());

describe('the ticket conversation', () => {
  it("offers 'Tách thành ticket mới' on customer messages only", async () => {
    renderConversation(() => Promise.resolve());
    const items = await screen.findAllByTestId('ticket-comment');
    expect(items).toHaveLength(3);
    const split = (item: HTMLElement) =>
      within(item).queryByRole('button', { name: /Tách thành ticket mới/ });
    expect(split(items[0]!)).not.toBeNull();
    expect(split(items[1]!)).toBeNull();
    expect(split(items[2]!)).toBeNull();
  });

  it('shows where a reply sent by a channel stands: sent, or failed with the reason', async () => {
    const staff = { _id: 'u1', name: 'Chuyên viên', avatar_url: null };
    serveComments([
      comment({
        _id: 'c4',
        author_type: 'user',
        author: staff,
        delivery: { state: 'sent', error: null, error_code: null },
      }),
      comment({
        _id: 'c5',
        author_type: 'user',
        author: staff,
        delivery: {
          state: 'failed',
          error: '5.1.1 Mailbox does not exist',
          error_code: '550',
        },
      }),
      comment({ _id: 'c6' }),
    ]);
    renderConversation();
    const items = await screen.findAllByTestId('ticket-comment');
    const delivery = (item: HTMLElement) =>
      within(item).queryByTestId('comment-delivery')?.textContent ?? null;
    expect(delivery(items[0]!)).toBe('Đã gửi');
    expect(delivery(items[1]!)).toBe('Gửi lỗi: 5.1.1 Mailbox does not exist');
    expect(delivery(items[2]!)).toBeNull();
  });

  it("names the bot on the notification a workflow sent (ZNS) and shows Zalo's receipt", async () => {
    serveComments([
      comment({
        _id: 'c7',
        author_type: 'bot',
        author: null,
        kind: 'template',
        body_format: 'text',
        body: 'Tin ZNS «Xác nhận đơn» gửi tới 0912345678',
        delivery: { state: 'delivered', error: null, error_code: null },
      }),
    ]);
    renderConversation();
    const [item] = await screen.findAllByTestId('ticket-comment');
    expect(within(item!).getByText('Bot')).toBeVisible();
    expect(within(item!).queryByText('Khách hàng')).toBeNull();
    expect(within(item!).getByText('Tin ZNS «Xác nhận đơn» gửi tới 0912345678')).toBeVisible();
    expect(within(item!).getByTestId('comment-delivery')).toHaveTextContent(/nhận/i);
  });
});
