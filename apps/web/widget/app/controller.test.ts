import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecord, storageKey, updateRecord } from '../lib/storage';
import type { VisitorConversationView, VisitorMessageView } from './contract';
import { LIVECHAT_MESSAGES } from './contract';
import { mountWidget } from './controller';
import { serverMessage, widgetConfig } from './test-fixtures';
import type { SendAck, TransportHandlers } from './transport';

// The socket is replaced by a hand-driven one: connect, drop and answer as a test needs.
const socket = vi.hoisted(() => ({
  handlers: undefined as TransportHandlers | undefined,
  connected: false,
  send: vi.fn(),
  closed: 0,
}));
vi.mock('./transport', () => ({
  connectVisitor: (_base: string, _channel: string, _token: string, on: TransportHandlers) => {
    socket.handlers = on;
    return {
      get connected() {
        return socket.connected;
      },
      send: socket.send,
      typing: vi.fn(),
      close: () => socket.closed++,
    };
  },
}));

const CHANNEL = 'c1';
let conversation: VisitorConversationView;
let conversationStatus = 200;

function mount() {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  const launcher = document.createElement('button');
  root.append(container, launcher);
  document.body.append(host);
  const controller = mountWidget({
    base: 'https://omnicare.example',
    channel: CHANNEL,
    config: widgetConfig(),
    root,
    container,
    launcher,
    setLauncherOpen: vi.fn(),
  });
  return { root, controller };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const bodies = (root: ShadowRoot) =>
  Array.from(root.querySelectorAll('.oc-row .oc-text'), (element) => element.textContent);

beforeEach(() => {
  localStorage.clear();
  socket.handlers = undefined;
  socket.connected = false;
  socket.send.mockReset();
  conversation = { status: 'open', agent: null, messages: [], survey_pending: false };
  conversationStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/conversation') && conversationStatus === 200) {
        return new Response(JSON.stringify({ statusCode: 200, message: 'OK', data: conversation }));
      }
      if (String(url).endsWith('/conversation')) {
        return new Response(JSON.stringify({ statusCode: 403, message: 'hết hạn' }), {
          status: 403,
        });
      }
      return new Response(JSON.stringify({ statusCode: 200, message: 'OK', data: {} }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.textContent = '';
});

describe('delivery across a dropped connection', () => {
  it('after a reconnect, a message written though its answer was lost shows once and leaves the queue', async () => {
    updateRecord(CHANNEL, { token: 'visitor-1' });
    const { root } = mount();
    await settled();
    const box = root.querySelector('textarea') as HTMLTextAreaElement;

    // Connected; the message goes out and the connection drops before the answer.
    socket.connected = true;
    socket.handlers?.connected();
    await settled();
    socket.send.mockRejectedValueOnce(new Error('operation has timed out'));
    box.value = 'Còn hàng không ạ?';
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await settled();
    const queued = readRecord(CHANNEL).pending || [];
    expect(queued.map((item) => item.body)).toEqual(['Còn hàng không ạ?']);
    expect(bodies(root)).toEqual(['Xin chào! Chúng tôi có thể giúp gì?', 'Còn hàng không ạ?']);
    socket.connected = false;
    socket.handlers?.disconnected();

    // Back: the server had written it after all; the re-read brings it, the resend is answered
    // with the same message, and the socket echoes it too.
    const clientId = queued[0]?.client_message_id as string;
    const written: VisitorMessageView = serverMessage({
      _id: 'server-1',
      client_message_id: clientId,
      direction: 'in',
      body: 'Còn hàng không ạ?',
      created_at: new Date().toISOString(),
    });
    conversation.messages = [written];
    socket.send.mockResolvedValue({ ok: true, message: written } satisfies SendAck);
    socket.connected = true;
    socket.handlers?.connected();
    await settled();
    socket.handlers?.message({ ...written });
    await settled();

    expect(bodies(root)).toEqual(['Xin chào! Chúng tôi có thể giúp gì?', 'Còn hàng không ạ?']);
    expect(readRecord(CHANNEL).pending).toEqual([]);
    expect(root.querySelector('.oc-sending')).toBeNull();
  });

  it('sends a message left in storage by an earlier page once the socket is up', async () => {
    updateRecord(CHANNEL, {
      token: 'visitor-1',
      pending: [
        {
          client_message_id: 'c-9',
          body: 'Gửi trước khi tải lại',
          created_at: new Date().toISOString(),
        },
      ],
    });
    const written = serverMessage({
      _id: 's9',
      client_message_id: 'c-9',
      direction: 'in',
      body: 'Gửi trước khi tải lại',
    });
    socket.send.mockResolvedValue({ ok: true, message: written } satisfies SendAck);
    const { root } = mount();
    await settled();
    expect(bodies(root)).toContain('Gửi trước khi tải lại');
    socket.connected = true;
    socket.handlers?.connected();
    await settled();
    await settled();
    expect(socket.send).toHaveBeenCalledWith({
      client_message_id: 'c-9',
      body: 'Gửi trước khi tải lại',
    });
    expect(readRecord(CHANNEL).pending).toEqual([]);
  });
});

describe('the visitor token', () => {
  it('is forgotten when the server refuses it, and the pre-chat form comes back', async () => {
    updateRecord(CHANNEL, { token: 'expired', name: 'An' });
    conversationStatus = 403;
    const { root } = mount();
    await settled();
    await settled();
    expect(readRecord(CHANNEL).token).toBeUndefined();
    expect(localStorage.getItem(storageKey(CHANNEL))).not.toContain('expired');
    expect(root.querySelector('.oc-banner')?.textContent).toBe(LIVECHAT_MESSAGES.visitorExpired);
    expect(root.querySelector('form button[type=submit]')?.textContent).toBe('Bắt đầu trò chuyện');
  });
});
