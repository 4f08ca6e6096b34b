import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { http, type ApiRequest } from '@/lib/http';
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

beforeEach(() => {
  signInAs('agent');
  vi.spyOn(http, 'request').mockImplementation(((config: ApiRequest) =>
    Promise.resolve({
      data:
        config.url === '/v2/tickets/T1/comments'
          ? { statusCode: 200, message: 'OK', data: COMMENTS, total: COMMENTS.length }
          : { statusCode: 200, message: 'OK', data: [], total: 0 },
    })) as typeof http.request);
});
afterEach(() => vi.restoreAllMocks());

describe('the ticket conversation', () => {
  it("offers 'Tách thành ticket mới' on customer messages only", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TicketConversation
          ticketId="T1"
          tabKey={`ticket:T1:${Math.random()}`}
          closed={false}
          onTyping={() => undefined}
          onSent={() => undefined}
          onSplit={() => Promise.resolve()}
        />
      </QueryClientProvider>,
    );
    const items = await screen.findAllByTestId('ticket-comment');
    expect(items).toHaveLength(3);
    const split = (item: HTMLElement) =>
      within(item).queryByRole('button', { name: /Tách thành ticket mới/ });
    expect(split(items[0]!)).not.toBeNull();
    expect(split(items[1]!)).toBeNull();
    expect(split(items[2]!)).toBeNull();
  });
});
