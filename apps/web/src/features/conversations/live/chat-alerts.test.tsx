import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { connectRealtime } from '@/lib/realtime';
import { createQueryClient } from '@/test/query-client';
import { signInAs } from '@/test/signed-in';
import { ME, OTHER, chatMessage, conversationRow, idOf } from '../chat-test-setup';
import { ChatAlerts } from './chat-alerts';
import { resetChatSoundGap, setChatMuted } from './chat-sound';

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

/** Every tone the page played (a fake AudioContext counts them). */
let tones = 0;
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    tones += 1;
    return {
      type: '',
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start() {},
      stop() {},
    };
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (next: unknown) => next };
  }
  resume() {
    return Promise.resolve();
  }
}

const serverSays = (event: string, payload: unknown) =>
  act(() => {
    resetChatSoundGap();
    socket.handlers.get(event)?.(payload);
  });
const chimes = () => tones / 2;

let close: () => void;
beforeEach(() => {
  tones = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
  signInAs('agent', { _id: ME, user_id: ME });
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
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChatAlerts />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  close();
  vi.unstubAllGlobals();
});

describe("the chat's sound", () => {
  it('chimes for a conversation given to me and a customer message in one of mine', () => {
    serverSays('conversation:upsert', conversationRow(41, { assignee: null }));
    expect(chimes()).toBe(0);
    serverSays('conversation:upsert', conversationRow(41));
    expect(chimes()).toBe(1);
    // The same conversation changing again (a tag) is no news.
    serverSays('conversation:upsert', conversationRow(41, { tags: [{ _id: 't', name: 'VIP' }] }));
    expect(chimes()).toBe(1);
    serverSays('conversation:message', {
      conversation_id: idOf(41),
      message: chatMessage({ _id: 'a', ticket_id: idOf(41) }),
    });
    expect(chimes()).toBe(2);
    // My own reply, or a colleague's conversation: silence.
    serverSays('conversation:message', {
      conversation_id: idOf(41),
      message: chatMessage({ _id: 'b', author_type: 'user', direction: 'out' }),
    });
    serverSays('conversation:upsert', conversationRow(42, { assignee: { _id: OTHER, name: 'B' } }));
    serverSays('conversation:message', {
      conversation_id: idOf(42),
      message: chatMessage({ _id: 'c', ticket_id: idOf(42) }),
    });
    expect(chimes()).toBe(2);
  });

  it('stays silent while muted', () => {
    setChatMuted(true);
    serverSays('conversation:upsert', conversationRow(43, { assignee: null }));
    serverSays('conversation:upsert', conversationRow(43));
    expect(chimes()).toBe(0);
  });
});
