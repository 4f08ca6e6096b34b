import { describe, expect, it } from 'vitest';
import {
  lastTeamMessage,
  markSeen,
  mergeMessages,
  newClientMessageId,
  shownMessages,
  unsettled,
} from './messages';
import { serverMessage } from './test-fixtures';

const pendingItem = (id: string, body = 'Còn hàng không ạ?') => ({
  client_message_id: id,
  body,
  created_at: '2025-03-10T03:05:00.000Z',
});

describe('merging the conversation', () => {
  it('shows a message once whether it comes from the ack, the socket echo or the re-read', () => {
    const written = serverMessage({ _id: 'a', client_message_id: 'c-1', direction: 'in' });
    let messages = mergeMessages([], [written]); // the ack
    messages = mergeMessages(messages, [{ ...written }]); // the socket's echo
    messages = mergeMessages(messages, [serverMessage({ _id: 'b' }), { ...written }]); // re-read
    expect(messages.map((message) => message._id)).toEqual(['a', 'b']);
  });

  it('recognises a resent message by its client id even before knowing its server id', () => {
    const first = serverMessage({ _id: 'a', client_message_id: 'c-1', body: 'Một' });
    const merged = mergeMessages(
      [first],
      [serverMessage({ _id: 'a2', client_message_id: 'c-1', body: 'Một' })],
    );
    expect(merged).toHaveLength(1);
  });

  it('keeps the conversation in time order, whatever order the pieces arrived in', () => {
    const late = serverMessage({ _id: 'late', created_at: '2025-03-10T03:10:00.000Z' });
    const early = serverMessage({ _id: 'early', created_at: '2025-03-10T03:01:00.000Z' });
    expect(mergeMessages([late], [early]).map((message) => message._id)).toEqual(['early', 'late']);
  });

  it('never takes back a seen mark when an older copy of the message arrives', () => {
    const seen = serverMessage({ _id: 'a', direction: 'in', seen: true });
    expect(mergeMessages([seen], [{ ...seen, seen: false }])[0]?.seen).toBe(true);
    expect(markSeen([{ ...seen, seen: false }], ['a'])[0]?.seen).toBe(true);
  });
});

describe('the pending queue', () => {
  it('keeps what the server has not written and lets go of what it has', () => {
    const queue = [pendingItem('c-1'), pendingItem('c-2')];
    const written = [serverMessage({ client_message_id: 'c-1', direction: 'in' })];
    expect(unsettled(queue, written).map((item) => item.client_message_id)).toEqual(['c-2']);
  });

  it('draws a pending message after the written ones, and not at all once written', () => {
    const queue = [pendingItem('c-2', 'Gửi giúp em bảng giá')];
    const written = [serverMessage({ _id: 'a', client_message_id: 'c-1', direction: 'in' })];
    const shown = shownMessages(written, queue, new Map());
    expect(shown.map((message) => [message.body, message.local])).toEqual([
      ['Xin chào', undefined],
      ['Gửi giúp em bảng giá', 'sending'],
    ]);
    const after = shownMessages(
      [
        ...written,
        serverMessage({ _id: 'b', client_message_id: 'c-2', body: 'Gửi giúp em bảng giá' }),
      ],
      queue,
      new Map(),
    );
    expect(after.filter((message) => message.body === 'Gửi giúp em bảng giá')).toHaveLength(1);
    expect(after.every((message) => !message.local)).toBe(true);
  });

  it("shows a refused message with the server's reason", () => {
    const shown = shownMessages(
      [],
      [pendingItem('c-1')],
      new Map([['c-1', 'Tin nhắn tối đa 5000 ký tự']]),
    );
    expect(shown[0]).toMatchObject({ local: 'failed', error: 'Tin nhắn tối đa 5000 ký tự' });
  });
});

describe('ids and the last team message', () => {
  it('makes a v4 uuid even where crypto.randomUUID is missing (plain http pages)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newClientMessageId));
      expect(ids.size).toBe(50);
      for (const id of ids)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it("finds the team's latest message for the seen report", () => {
    const messages = [
      serverMessage({ _id: 'agent' }),
      serverMessage({ _id: 'mine', direction: 'in' }),
    ];
    expect(lastTeamMessage(messages)?._id).toBe('agent');
    expect(lastTeamMessage([serverMessage({ direction: 'in' })])).toBeUndefined();
  });
});
