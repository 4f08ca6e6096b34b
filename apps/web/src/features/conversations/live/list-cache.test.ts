import { describe, expect, it } from 'vitest';
import { ME, OTHER, chatMessage, conversationRow } from '../chat-test-setup';
import { bumpRow, rowMatches, shiftUnread } from './list-cache';

const mine = { box: 'mine', state: 'open' } as const;

describe('which live rows a list keeps', () => {
  it('follows the box, the state and the filters', () => {
    const row = conversationRow(1, { tags: [{ _id: 't1', name: 'VIP' }] });
    expect(rowMatches(row, mine, ME)).toBe(true);
    expect(rowMatches(row, mine, OTHER)).toBe(false);
    expect(rowMatches(row, { box: 'unassigned', state: 'open' }, ME)).toBe(false);
    expect(rowMatches({ ...row, assignee: null }, { box: 'unassigned', state: 'open' }, ME)).toBe(
      true,
    );
    expect(rowMatches({ ...row, status: 'solved' }, mine, ME)).toBe(false);
    expect(rowMatches({ ...row, status: 'closed' }, { ...mine, state: 'resolved' }, ME)).toBe(true);
    expect(rowMatches(row, { ...mine, source: 'facebook' }, ME)).toBe(false);
    expect(rowMatches(row, { ...mine, tag_id: 't1' }, ME)).toBe(true);
    expect(rowMatches(row, { ...mine, tag_id: 't2' }, ME)).toBe(false);
  });

  it("moves each box's unread number as a row gains or loses unread messages", () => {
    const before = conversationRow(1, { unread: 0 });
    const after = { ...before, unread: 3 };
    expect(shiftUnread({ mine: 1, unassigned: 0, all: 4 }, before, after, ME)).toEqual({
      mine: 2,
      unassigned: 0,
      all: 5,
    });
    expect(shiftUnread({ mine: 2, unassigned: 0, all: 5 }, after, undefined, ME)).toEqual({
      mine: 1,
      unassigned: 0,
      all: 4,
    });
  });

  it('bumps a row once per message, a customer message counting as unread', () => {
    const row = conversationRow(1, { unread: 0 });
    const message = chatMessage({ _id: 'x', body: 'Alo', created_at: '2026-03-02T04:00:00.000Z' });
    const bumped = bumpRow(row, message, false);
    expect(bumped).toMatchObject({
      unread: 1,
      last_activity_at: message.created_at,
      waiting_since: message.created_at,
    });
    expect(bumped.last_message?.preview).toBe('Alo');
    // Heard twice (its upsert came first): nothing more.
    expect(bumpRow(bumped, message, false)).toBe(bumped);
    // Read here as it comes: not unread.
    expect(bumpRow(row, message, true).unread).toBe(0);
    // Our public reply answers what waited.
    const reply = chatMessage({
      _id: 'y',
      author_type: 'user',
      direction: 'out',
      created_at: '2026-03-02T05:00:00.000Z',
    });
    expect(bumpRow(bumped, reply, false).waiting_since).toBeNull();
  });
});
