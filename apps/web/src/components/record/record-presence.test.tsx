import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const realtime = vi.hoisted(() => ({
  listeners: null as null | {
    onViewers: (payload: unknown) => void;
    onChanged: (payload: unknown) => void;
  },
  watchRecord: vi.fn(),
  reportTyping: vi.fn(),
}));
vi.mock('@/lib/realtime', () => ({
  watchRecord: realtime.watchRecord.mockImplementation((_watch, listeners) => {
    realtime.listeners = listeners;
    return () => {
      realtime.listeners = null;
    };
  }),
  reportTyping: realtime.reportTyping,
}));
vi.mock('@/stores/session-store', () => ({ useCurrentUser: () => ({ _id: 'me' }) }));

import { TYPING_IDLE_MS, useRecordPresence } from '@/lib/use-record-presence';
import { RecordPresence } from './record-presence';

const ticket = { kind: 'ticket' as const, id: 't1' };
const viewer = (user_id: string, name: string, typing = false) => ({
  user_id,
  name,
  avatar_url: null,
  typing,
});

afterEach(() => {
  vi.useRealTimers();
  realtime.reportTyping.mockClear();
});

describe('who else is on the record', () => {
  it('lists the others (not me), who is typing, and a change saved by someone else', async () => {
    const { result } = renderHook(() => useRecordPresence('ticket', 't1'));
    expect(realtime.watchRecord).toHaveBeenCalledWith(ticket, expect.anything());
    act(() =>
      realtime.listeners?.onViewers({
        ...ticket,
        viewers: [viewer('me', 'Tôi'), viewer('u2', 'Lan', true), viewer('u3', 'Minh')],
      }),
    );
    act(() =>
      realtime.listeners?.onChanged({
        ...ticket,
        by: { user_id: 'u3', name: 'Minh' },
        fields: ['status'],
        at: '2026-11-24T03:00:00.000Z',
      }),
    );
    const { rerender } = render(
      <RecordPresence
        kind="ticket"
        others={result.current.others}
        changedByOther={result.current.changedByOther}
      />,
    );
    expect(screen.getByText('Lan, Minh đang xem')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Lan đang soạn trả lời…');
    expect(screen.getByRole('alert')).toHaveTextContent('Minh vừa cập nhật ticket này.');
    // With the record's own names for its fields, the change says what moved.
    rerender(
      <RecordPresence
        kind="ticket"
        others={result.current.others}
        changedByOther={result.current.changedByOther}
        describeFields={(fields) => (fields.includes('status') ? 'Trạng thái' : '')}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Minh vừa cập nhật Trạng thái.');
    expect(result.current.lastChange?.by.name).toBe('Minh');
  });

  it('does not warn about my own change and shows nothing when alone', () => {
    const { result } = renderHook(() => useRecordPresence('ticket', 't1'));
    act(() => realtime.listeners?.onViewers({ ...ticket, viewers: [viewer('me', 'Tôi')] }));
    act(() =>
      realtime.listeners?.onChanged({
        ...ticket,
        by: { user_id: 'me', name: 'Tôi' },
        fields: ['status'],
        at: '2026-11-24T03:00:00.000Z',
      }),
    );
    expect(result.current.changedByOther).toBeNull();
    // Still a change the screen reads again (made in another tab of mine, perhaps).
    expect(result.current.lastChange?.fields).toEqual(['status']);
    const { container } = render(
      <RecordPresence kind="ticket" others={result.current.others} changedByOther={null} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('reads a change nobody is named for (the customer saw the replies) without announcing it', () => {
    const { result } = renderHook(() => useRecordPresence('ticket', 't1'));
    act(() =>
      realtime.listeners?.onChanged({
        ...ticket,
        by: { user_id: '', name: '' },
        fields: ['seen'],
        at: '2026-11-24T03:00:00.000Z',
      }),
    );
    expect(result.current.changedByOther).toBeNull();
    expect(result.current.lastChange?.fields).toEqual(['seen']);
  });

  it('reports typing once per burst of keystrokes and stops after a pause or on send', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRecordPresence('ticket', 't1'));
    act(() => {
      result.current.typed();
      result.current.typed();
      result.current.typed();
    });
    expect(realtime.reportTyping.mock.calls).toEqual([[ticket, true]]);
    act(() => vi.advanceTimersByTime(TYPING_IDLE_MS));
    expect(realtime.reportTyping.mock.calls).toEqual([
      [ticket, true],
      [ticket, false],
    ]);
    act(() => result.current.typed());
    act(() => result.current.stoppedTyping());
    expect(realtime.reportTyping.mock.calls.at(-1)).toEqual([ticket, false]);
    expect(realtime.reportTyping).toHaveBeenCalledTimes(4);
  });
});
