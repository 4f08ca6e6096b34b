import { describe, expect, it } from 'vitest';
import { chatMessage } from '../chat-test-setup';
import { MESSAGES_PAGE_SIZE } from '../conversations.api';
import { messagesOf, nextMessagePage, withMessage, type MessagesData } from './message-cache';

const reply = (state: 'queued' | 'sent' | 'seen' | 'failed') =>
  chatMessage({
    _id: 'r1',
    author_type: 'user',
    direction: 'out',
    body: 'Dạ em chào anh',
    delivery: { state, error_code: null, error: null },
  });

const conversation = (...messages: ReturnType<typeof chatMessage>[]): MessagesData => ({
  pages: [{ data: messages, total: messages.length, page: 1 }],
  pageParams: [0],
});

describe('a message heard again', () => {
  it("keeps the further delivery state: the send's answer arriving after 'Đã gửi' does not bring back 'Đang chờ gửi'", () => {
    const read = conversation(chatMessage(), reply('sent'));
    const answered = withMessage(read, reply('queued'));
    expect(messagesOf(answered).map((message) => message.delivery?.state ?? null)).toEqual([
      null,
      'sent',
    ]);
  });

  it('moves forward, and takes the rest of the copy heard', () => {
    const read = conversation(reply('sent'));
    const seen = withMessage(read, { ...reply('seen'), body: 'Dạ em chào anh ạ' });
    expect(messagesOf(seen)).toMatchObject([
      { delivery: { state: 'seen' }, body: 'Dạ em chào anh ạ' },
    ]);
    expect(messagesOf(withMessage(read, reply('failed')))[0]!.delivery?.state).toBe('failed');
  });

  it('joins once when new', () => {
    const read = conversation(chatMessage());
    expect(messagesOf(withMessage(read, reply('queued')))).toHaveLength(2);
  });
});

describe('the pages of a conversation read again', () => {
  const page = (n: number, total: number) => ({ data: [], page: n, total });
  it('go from the oldest loaded page up to the latest, then stop', () => {
    const total = MESSAGES_PAGE_SIZE * 2 + 3;
    expect(nextMessagePage(page(1, total))).toBe(2);
    expect(nextMessagePage(page(2, total))).toBe(3);
    expect(nextMessagePage(page(3, total))).toBeUndefined();
    expect(nextMessagePage(page(1, 4))).toBeUndefined();
  });
});
