import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectRealtime } from '@/lib/realtime';
import { TICKET_CONVERSATION_MESSAGES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { ApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import type { ApiRequest } from '@/lib/http';
import { macroView } from '@omnicare/shared/macros/macros.schemas';
import { created, fixture, list, mockApi, ok } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import {
  AT,
  CHAT_CONTRACTS,
  ME,
  chatMessage,
  conversationRow,
  conversationTicket,
  idOf,
  listAnswer,
  renderChat,
} from './chat-test-setup';

const socket = vi.hoisted(() => ({
  handlers: new Map<string, (...args: unknown[]) => void>(),
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, handler);
  },
  connected: true,
  emit: () => undefined,
  connect: () => undefined,
  disconnect: () => undefined,
  removeAllListeners: () => undefined,
}));
vi.mock('socket.io-client', () => ({ io: () => socket }));

const ID = idOf(1);
const serverSays = (event: string, payload: unknown) =>
  act(() => socket.handlers.get(event)?.(payload));

interface SentComment {
  body: string;
  public: boolean;
  format: string;
  client_message_id: string;
}

/** A macro that answers and sets the conversation pending. */
const PENDING_MACRO = fixture('GET /v2/macros', macroView, {
  _id: '33333333-3333-4333-8333-333333333333',
  name: 'Chờ khách phản hồi',
  body: 'Em chờ anh/chị phản hồi ạ.',
  actions: { status: 'pending' },
  shared: true,
  owner: null,
  editable: false,
  usage_count: 0,
  created_at: AT,
  updated_at: AT,
});
/** The macros the palette lists (each test may change them). */
let macros = [PENDING_MACRO];
/** The conversation's status and survey as the server has them. */
let status: 'open' | 'solved' = 'open';
let survey = { asked_at: null, rating: null, comment: null, rated_at: null } as {
  asked_at: string | null;
  rating: number | null;
  comment: string | null;
  rated_at: string | null;
};

/** While set, reading the messages waits for it (a push can come meanwhile). */
let messagesHeld: Promise<void> | null = null;
/** How the next POST of a comment is answered (the request's body given). */
let answerPost: (sent: SentComment) => unknown;
let api: ReturnType<typeof mockApi>;
let close: () => void;

/** The message the server writes for what was sent. */
const saved = (sent: SentComment, id = 'saved-1') =>
  chatMessage({
    _id: id,
    author_type: 'user',
    author: { _id: ME, name: 'Tôi', avatar_url: null },
    direction: 'out',
    body: sent.body,
    public: sent.public,
    channel_id: sent.public ? 'ch1' : null,
    delivery: sent.public ? { state: 'sent', error_code: null, error: null } : null,
    created_at: new Date().toISOString(),
  });

beforeEach(() => {
  macros = [PENDING_MACRO];
  status = 'open';
  messagesHeld = null;
  survey = { asked_at: null, rating: null, comment: null, rated_at: null };
  signInAs('agent', { _id: ME, user_id: ME });
  // The agent is looking at this window.
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  answerPost = (sent) => created(saved(sent));
  api = mockApi(CHAT_CONTRACTS, (config: ApiRequest) => {
    const { url, method = 'GET' } = config;
    if (url === '/v2/conversations') return listAnswer([conversationRow(1)]);
    if (url === `/v2/tickets/${ID}` && method === 'GET')
      return ok(conversationTicket({ assignee: { _id: 'u9', name: 'Đồng nghiệp' }, status }));
    if (url === `/v2/conversations/${ID}/survey`) return ok(survey);
    if (url === `/v2/tickets/${ID}` && method === 'PUT')
      return ok(conversationTicket({ assignee: { _id: ME, name: 'Tôi' } }), 'Cập nhật thành công');
    if (url === `/v2/tickets/${ID}/comments` && method === 'GET') {
      const answer = list([chatMessage({ _id: 'm1', body: 'Xin chào shop', created_at: AT })]);
      return messagesHeld ? messagesHeld.then(() => answer) : answer;
    }
    if (url === `/v2/tickets/${ID}/comments` && method === 'POST')
      return answerPost(config.data as SentComment);
    if (url === `/v2/conversations/${ID}/read`) return ok(null);
    if (url === `/v2/tickets/${ID}/placeholders`) return ok({});
    if (url === '/v2/macros') return ok(macros);
    if (url === `/v2/tickets/${ID}/macros/${PENDING_MACRO._id}` && method === 'POST')
      return ok(
        {
          ticket: conversationTicket({ status: 'pending', assignee: { _id: ME, name: 'Tôi' } }),
          comment: null,
        },
        'Đã áp dụng macro Chờ khách phản hồi',
      );
    if (url === '/v2/group-tag-customer') return ok([]);
    return list([]);
  });
  const noop = () => undefined;
  close = connectRealtime('tok', {
    onConnectionChange: noop,
    onNotification: noop,
    onUnreadCount: noop,
    onPresence: noop,
    onSessionRevoked: noop,
    onTenantConfigChanged: noop,
    onTicketSettingsChanged: noop,
    onResync: noop,
    verifySession: () => Promise.resolve(true),
  });
});

afterEach(() => {
  close();
  vi.restoreAllMocks();
});

const posts = () =>
  api.mock.calls
    .map(([config]) => config)
    .filter((config) => config.method === 'POST' && config.url === `/v2/tickets/${ID}/comments`)
    .map((config) => config.data as SentComment);

const composer = () => screen.findByRole('textbox', { name: 'Soạn tin nhắn' });
const bubbles = (text: string) =>
  screen.queryAllByTestId('chat-message').filter((item) => item.textContent?.includes(text));

async function openConversation() {
  renderChat(`/chat/${ID}`);
  await screen.findByText('Xin chào shop');
  return composer();
}

describe('the conversation', () => {
  it('shows the messages under their day and marks the conversation read', async () => {
    await openConversation();
    const log = screen.getByRole('log', { name: 'Tin nhắn' });
    expect(within(log).getByText('02/03/2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.mock.calls.some(
          ([config]) => config.method === 'PUT' && config.url === `/v2/conversations/${ID}/read`,
        ),
      ).toBe(true),
    );
  });

  it('sends on Enter and breaks the line on Shift+Enter', async () => {
    const box = await openConversation();
    await userEvent.type(box, 'Dòng một{Shift>}{Enter}{/Shift}Dòng hai');
    expect(box).toHaveValue('Dòng một\nDòng hai');
    expect(posts()).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ body: 'Dòng một\nDòng hai', public: true, format: 'text' });
    expect(posts()[0]?.client_message_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(box).toHaveValue('');
  });

  it("shows the message at once, then the server's one in its place (never twice)", async () => {
    let answer: (value: unknown) => void = () => undefined;
    answerPost = (sent) =>
      new Promise((resolve) => {
        answer = () => resolve(created(saved(sent)));
      });
    const box = await openConversation();
    await userEvent.type(box, 'Em kiểm tra ngay ạ{Enter}');
    await waitFor(() => expect(bubbles('Em kiểm tra ngay ạ')).toHaveLength(1));
    expect(bubbles('Em kiểm tra ngay ạ')[0]).toHaveAttribute('data-pending', 'sending');
    expect(screen.getByText('Đang gửi…')).toBeInTheDocument();
    await act(async () => answer(undefined));
    await waitFor(() => expect(screen.queryByText('Đang gửi…')).not.toBeInTheDocument());
    expect(bubbles('Em kiểm tra ngay ạ')).toHaveLength(1);
    expect(bubbles('Em kiểm tra ngay ạ')[0]).not.toHaveAttribute('data-pending');
    expect(bubbles('Em kiểm tra ngay ạ')[0]).toHaveTextContent('Đã gửi');
  });

  it('keeps one copy when the message is also heard live before the answer', async () => {
    let answer: () => void = () => undefined;
    answerPost = (sent) =>
      new Promise((resolve) => {
        answer = () => resolve(created(saved(sent, 'live-1')));
      });
    const box = await openConversation();
    await userEvent.type(box, 'Dạ vâng{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    serverSays('conversation:message', {
      conversation_id: ID,
      message: saved(posts()[0]!, 'live-1'),
    });
    await act(async () => answer());
    await waitFor(() => expect(screen.queryByText('Đang gửi…')).not.toBeInTheDocument());
    expect(bubbles('Dạ vâng')).toHaveLength(1);
  });

  it('keeps a message pushed while the conversation was being read', async () => {
    let answerMessages = () => undefined as void;
    messagesHeld = new Promise((resolve) => (answerMessages = resolve));
    renderChat(`/chat/${ID}`);
    await waitFor(() =>
      expect(api.mock.calls.some(([config]) => config.url === `/v2/tickets/${ID}/comments`)).toBe(
        true,
      ),
    );
    serverSays('conversation:message', {
      conversation_id: ID,
      message: chatMessage({
        _id: 'pushed',
        body: 'Shop ơi',
        created_at: new Date(Date.parse(AT) + 60_000).toISOString(),
      }),
    });
    answerMessages();
    await waitFor(() => expect(bubbles('Xin chào shop')).toHaveLength(1));
    expect(bubbles('Shop ơi')).toHaveLength(1);
  });

  it("says 'Gửi lỗi' when sending fails, and 'Gửi lại' sends it with the same client id", async () => {
    answerPost = () => {
      throw new ApiError({ kind: 'network', message: 'Không thể kết nối tới máy chủ' });
    };
    const box = await openConversation();
    await userEvent.type(box, 'Tin quan trọng{Enter}');
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Gửi lỗi');
    expect(bubbles('Tin quan trọng')).toHaveLength(1);

    answerPost = (sent) => created(saved(sent));
    await userEvent.click(within(failed).getByRole('button', { name: 'Gửi lại' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]?.client_message_id).toBe(posts()[0]?.client_message_id);
    await waitFor(() => expect(screen.queryByText(/Gửi lỗi/)).not.toBeInTheDocument());
    expect(bubbles('Tin quan trọng')).toHaveLength(1);
  });

  it('writes an internal note in note mode, set apart from the replies', async () => {
    await openConversation();
    await userEvent.click(screen.getByRole('switch', { name: 'Ghi chú nội bộ' }));
    const box = await screen.findByRole('textbox', { name: 'Ghi chú nội bộ' });
    await userEvent.type(box, 'Khách VIP, ưu tiên{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ body: 'Khách VIP, ưu tiên', public: false });
    await waitFor(() => expect(screen.queryByText('Đang gửi…')).not.toBeInTheDocument());
    const [note] = bubbles('Khách VIP, ưu tiên');
    expect(note).toHaveAttribute('data-side', 'note');
    expect(note).toHaveTextContent('Ghi chú nội bộ');
  });

  it('refuses a file of a type the conversation cannot carry', async () => {
    const box = await openConversation();
    const refused = vi.spyOn(toast, 'error');
    const program = new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(picker!, program);
    expect(refused).toHaveBeenCalledWith(TICKET_CONVERSATION_MESSAGES.attachmentType);
    expect(screen.queryByText('setup.exe')).not.toBeInTheDocument();
    await userEvent.type(box, '{Enter}');
    expect(posts()).toHaveLength(0);
  });

  it("takes the conversation with 'Nhận xử lý'", async () => {
    await openConversation();
    await userEvent.click(await screen.findByRole('button', { name: 'Nhận xử lý' }));
    await waitFor(() =>
      expect(
        api.mock.calls.find(
          ([config]) => config.method === 'PUT' && config.url === `/v2/tickets/${ID}`,
        )?.[0].data,
      ).toEqual({ assignee_id: ME }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Nhận xử lý' })).not.toBeInTheDocument(),
    );
  });

  it('shows that the customer is typing', async () => {
    await openConversation();
    serverSays('conversation:customer-typing', { conversation_id: ID, typing: true });
    expect(await screen.findByText('Khách 1 đang nhập…')).toBeInTheDocument();
    serverSays('conversation:customer-typing', { conversation_id: ID, typing: false });
    await waitFor(() => expect(screen.queryByText('Khách 1 đang nhập…')).not.toBeInTheDocument());
  });
  it("applies a macro chosen through '/': its text as a chat message, then its changes", async () => {
    const box = await openConversation();
    await userEvent.type(box, '/chờ');
    const palette = await screen.findByTestId('reply-palette');
    expect(within(palette).getByRole('option', { name: /Chờ khách phản hồi/ })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Em chờ anh/chị phản hồi ạ.');
    expect(screen.getByTestId('macro-chip')).toHaveTextContent('Macro: Chờ khách phản hồi');
    expect(screen.getByTestId('macro-chip')).toHaveTextContent('Trạng thái → Đang chờ');
    const said = vi.spyOn(toast, 'success');
    await userEvent.keyboard('{Enter}');

    const writes = () =>
      api.mock.calls
        .map(([config]) => config)
        .filter((config) => config.method === 'POST')
        .map((config) => ({ url: config.url, data: config.data }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    // The message as every chat message (plain text, its client id), then the changes alone.
    expect(writes()[0]).toMatchObject({
      url: `/v2/tickets/${ID}/comments`,
      data: { body: 'Em chờ anh/chị phản hồi ạ.', public: true, format: 'text' },
    });
    expect(writes()[1]).toEqual({
      url: `/v2/tickets/${ID}/macros/${PENDING_MACRO._id}`,
      data: { body: '' },
    });
    await waitFor(() => expect(said).toHaveBeenCalledWith('Đã áp dụng macro Chờ khách phản hồi'));
    expect(screen.queryByTestId('macro-chip')).not.toBeInTheDocument();
    // The conversation shows the status the macro gave it.
    expect(await screen.findByText('Đang chờ')).toBeInTheDocument();
  });

  it('sends a macro that only changes fields with an empty box; a note takes its text only', async () => {
    macros = [{ ...PENDING_MACRO, body: '' }];
    const box = await openConversation();
    await userEvent.type(box, '/chờ{Enter}');
    expect(box).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    await waitFor(() =>
      expect(
        api.mock.calls.filter(([config]) => config.url?.includes('/macros/')).map(([c]) => c.data),
      ).toEqual([{ body: '' }]),
    );
    expect(posts()).toHaveLength(0);
  });

  it('in note mode inserts a macro as text only, without its changes', async () => {
    await openConversation();
    await userEvent.click(screen.getByRole('switch', { name: 'Ghi chú nội bộ' }));
    const box = await screen.findByRole('textbox', { name: 'Ghi chú nội bộ' });
    await userEvent.type(box, '/chờ{Enter}');
    expect(box).toHaveValue('Em chờ anh/chị phản hồi ạ.');
    expect(screen.queryByTestId('macro-chip')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ body: 'Em chờ anh/chị phản hồi ạ.', public: false });
    expect(api.mock.calls.some(([config]) => config.url?.includes('/macros/'))).toBe(false);
  });

  it("shows the visitor's rating on a resolved conversation", async () => {
    status = 'solved';
    survey = { asked_at: AT, rating: 4, comment: 'Tư vấn nhanh, dễ hiểu', rated_at: AT };
    await openConversation();
    const note = await screen.findByTestId('conversation-survey');
    expect(note).toHaveTextContent('Khách hàng đánh giá');
    expect(within(note).getByRole('img', { name: '4/5 sao' })).toBeInTheDocument();
    expect(note).toHaveTextContent('Tư vấn nhanh, dễ hiểu');
  });

  it('shows nothing of the survey while the conversation is open (nor asks for it)', async () => {
    survey = { asked_at: AT, rating: null, comment: null, rated_at: null };
    await openConversation();
    expect(screen.queryByTestId('conversation-survey')).not.toBeInTheDocument();
    expect(api.mock.calls.some(([config]) => config.url === `/v2/conversations/${ID}/survey`)).toBe(
      false,
    );
  });
});
