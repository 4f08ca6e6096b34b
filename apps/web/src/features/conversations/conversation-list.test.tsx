import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationRow } from '@omnicare/shared/conversations/conversations.schemas';
import { connectRealtime } from '@/lib/realtime';
import { mockApi } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import {
  AT,
  CHAT_CONTRACTS,
  ME,
  OTHER,
  chatMessage,
  conversationRow,
  idOf,
  listAnswer,
  renderChat,
} from './chat-test-setup';

type Handler = (...args: unknown[]) => void;
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

/** The server pushes an event on the socket. */
const serverSays = (event: string, payload: unknown) =>
  act(() => (socket.handlers.get(event) as Handler)(payload));

const later = (minutes: number) => new Date(Date.parse(AT) + minutes * 60_000).toISOString();

let rows: ConversationRow[];
/** While set, the list's read waits for it (a push can come meanwhile). */
let listHeld: Promise<void> | null;
let api: ReturnType<typeof mockApi>;
let close: () => void;

beforeEach(() => {
  signInAs('agent', { _id: ME, user_id: ME });
  listHeld = null;
  rows = [
    conversationRow(1, { unread: 2, last_activity_at: later(30), waiting_since: later(-5) }),
    conversationRow(2, {
      last_activity_at: later(20),
      referral: { kind: 'ad', ad_id: 'ad-1', title: 'Giảm 20%', url: null, ref: null },
    }),
    conversationRow(3, {
      last_activity_at: later(10),
      last_message: {
        author_type: 'user',
        kind: 'text',
        public: true,
        preview: 'Dạ em gửi anh',
        created_at: later(10),
      },
    }),
  ];
  api = mockApi(CHAT_CONTRACTS, (config) => {
    if (config.url === '/v2/conversations') {
      const answer = listAnswer(rows, { mine: 1, unassigned: 4, all: 7 });
      return listHeld ? listHeld.then(() => answer) : answer;
    }
    throw new Error(`unexpected ${config.method ?? 'GET'} ${config.url}`);
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

const listCalls = () => api.mock.calls.filter(([config]) => config.url === '/v2/conversations');
const shownNames = () =>
  screen
    .getAllByTestId('conversation-row')
    .map((row) => within(row).getByText(/^Khách \d+$/).textContent);

/** The rows shown, in order, once the live change has been drawn. */
const expectShown = (names: string[]) => waitFor(() => expect(shownNames()).toEqual(names));

describe('the conversation list', () => {
  it('shows the boxes with their unread counts and the rows, newest activity first', async () => {
    renderChat('/chat');
    await waitFor(() => expect(shownNames()).toEqual(['Khách 1', 'Khách 2', 'Khách 3']));
    const boxes = screen.getByRole('tablist', { name: 'Hộp thư' });
    const mine = within(boxes).getByRole('tab', { name: /Của tôi/ });
    expect(mine).toHaveAttribute('aria-selected', 'true');
    expect(within(mine).getByLabelText('1 cuộc trò chuyện chưa đọc')).toBeInTheDocument();
    expect(within(boxes).getByRole('tab', { name: /Chưa phân công/ })).toHaveTextContent('4');
    expect(within(boxes).getByRole('tab', { name: /Tất cả/ })).toHaveTextContent('7');
    const [first, second, third] = screen.getAllByTestId('conversation-row');
    // A conversation begun from an ad says so, the ad's title on hover.
    expect(within(second!).getByTestId('referral-badge')).toHaveTextContent('Từ quảng cáo');
    expect(within(second!).getByTestId('referral-badge')).toHaveAttribute(
      'title',
      'Từ quảng cáo: Giảm 20%',
    );
    expect(within(first!).queryByTestId('referral-badge')).toBeNull();
    expect(within(first!).getByLabelText('2 tin chưa đọc')).toBeInTheDocument();
    expect(within(first!).getByTestId('waiting-badge')).toHaveTextContent(
      /^Chờ \d+ (phút|giờ|ngày)$/,
    );
    expect(within(first!).getByRole('img', { name: 'Zalo' })).toBeInTheDocument();
    // A reply of mine reads 'Bạn: …'.
    expect(third).toHaveTextContent('Bạn: Dạ em gửi anh');
    expect(listCalls()[0]?.[0].params).toMatchObject({ box: 'mine', state: 'open' });
  });

  it("asks for another box's rows when it is chosen", async () => {
    renderChat('/chat');
    await screen.findAllByTestId('conversation-row');
    await userEvent.click(screen.getByRole('tab', { name: /Chưa phân công/ }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.[0].params).toMatchObject({ box: 'unassigned' }),
    );
    expect(screen.getByRole('tab', { name: /Chưa phân công/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it("says so when there is nothing: 'Không có cuộc trò chuyện nào'", async () => {
    rows = [];
    renderChat('/chat');
    expect(await screen.findByText('Không có cuộc trò chuyện nào')).toBeInTheDocument();
    expect(screen.getByText('Chọn một cuộc trò chuyện để bắt đầu')).toBeInTheDocument();
  });

  it('applies live rows without asking the server again', async () => {
    renderChat('/chat');
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    const asked = listCalls().length;

    // A new conversation given to me goes on top, with the box's unread count raised.
    serverSays(
      'conversation:upsert',
      conversationRow(9, { unread: 1, last_activity_at: later(40) }),
    );
    await expectShown(['Khách 9', 'Khách 1', 'Khách 2', 'Khách 3']);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Của tôi/ })).toHaveTextContent('2'),
    );

    // Row 3 changes and becomes the newest: it moves up.
    serverSays(
      'conversation:upsert',
      conversationRow(3, { last_activity_at: later(50), unread: 1 }),
    );
    await expectShown(['Khách 3', 'Khách 9', 'Khách 1', 'Khách 2']);

    // Row 2 goes to a colleague: it no longer matches 'Của tôi' and leaves the list.
    serverSays(
      'conversation:upsert',
      conversationRow(2, { assignee: { _id: OTHER, name: 'Đồng nghiệp' } }),
    );
    await expectShown(['Khách 3', 'Khách 9', 'Khách 1']);

    // Row 1 is removed (deleted or out of reach).
    serverSays('conversation:remove', { _id: idOf(1) });
    await expectShown(['Khách 3', 'Khách 9']);

    // A resolved conversation leaves the open list.
    serverSays('conversation:upsert', conversationRow(9, { status: 'solved' }));
    await expectShown(['Khách 3']);

    expect(listCalls()).toHaveLength(asked);
  });

  it('keeps what was pushed while the list was being read (the answer may be older)', async () => {
    let answerList = () => undefined as void;
    listHeld = new Promise((resolve) => (answerList = resolve));
    renderChat('/chat');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    // The server read the list, then a conversation came and a message was written in row 3.
    serverSays(
      'conversation:upsert',
      conversationRow(9, { unread: 1, last_activity_at: later(40) }),
    );
    serverSays('conversation:message', {
      conversation_id: idOf(3),
      message: chatMessage({ _id: 'new', ticket_id: idOf(3), body: 'Alo', created_at: later(45) }),
    });
    serverSays('conversation:remove', { _id: idOf(2) });
    answerList();
    await expectShown(['Khách 3', 'Khách 9', 'Khách 1']);
    expect(screen.getAllByTestId('conversation-row')[0]).toHaveTextContent('Alo');
  });

  it('moves a row up when a message is written in it, counting the customer’s as unread', async () => {
    renderChat('/chat');
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    const asked = listCalls().length;
    serverSays('conversation:message', {
      conversation_id: idOf(3),
      message: chatMessage({
        _id: 'new',
        ticket_id: idOf(3),
        body: 'Còn hàng không shop?',
        created_at: later(60),
      }),
    });
    await expectShown(['Khách 3', 'Khách 1', 'Khách 2']);
    await waitFor(() =>
      expect(screen.getAllByTestId('conversation-row')[0]).toHaveTextContent(
        'Còn hàng không shop?',
      ),
    );
    const [top] = screen.getAllByTestId('conversation-row');
    expect(within(top!).getByLabelText('1 tin chưa đọc')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(asked);
  });

  it('remembers the muted sound on this browser', async () => {
    renderChat('/chat');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Tắt âm thanh thông báo chat' }),
    );
    expect(localStorage.getItem('chatSoundMuted')).toBe('true');
    expect(screen.getByRole('button', { name: 'Bật âm thanh thông báo chat' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('starts muted when the browser remembers it so', async () => {
    localStorage.setItem('chatSoundMuted', 'true');
    renderChat('/chat');
    expect(
      await screen.findByRole('button', { name: 'Bật âm thanh thông báo chat' }),
    ).toBeInTheDocument();
  });
});
