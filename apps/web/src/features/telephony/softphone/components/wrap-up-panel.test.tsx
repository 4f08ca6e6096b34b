import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  myWrapUpView,
  wrapUpEndedView,
  type WrapUpView,
} from '@omnicare/shared/telephony/wrap-up.schemas';
import { createQueryClient } from '@/test/query-client';
import { fixture } from '@/test/contract-fixtures';
import { useCallStore } from '../call-store';
import type * as SoftphoneApi from '../softphone.api';
import { WrapUp } from './wrap-up-panel';

const api = vi.hoisted(() => ({ fetchMyWrapUp: vi.fn(), endWrapUp: vi.fn() }));
vi.mock('../softphone.api', async (original) => ({
  ...(await original<typeof SoftphoneApi>()),
  ...api,
}));
const realtime = vi.hoisted(() => ({
  listener: null as ((wrapUp: WrapUpView | null) => void) | null,
}));
vi.mock('@/lib/realtime', () => ({
  onWrapUp: (listener: (wrapUp: WrapUpView | null) => void) => {
    realtime.listener = listener;
    return () => {
      realtime.listener = null;
    };
  },
}));

const NOW = Date.parse('2026-11-30T03:00:00.000Z');
/** A wrap-up begun `startedAgo` s before on the server, whose clock is `skew` ms behind ours. */
const wrapUp = (startedAgo: number, length = 30, skew = 0): WrapUpView => ({
  call_id: '7b0c3c7e-0000-4000-8000-000000000001',
  started_at: new Date(NOW - skew - startedAgo * 1000).toISOString(),
  ends_at: new Date(NOW - skew + (length - startedAgo) * 1000).toISOString(),
  seconds_left: length - startedAgo,
});

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  useCallStore.getState().resetAll();
  api.fetchMyWrapUp.mockReset();
  api.endWrapUp.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('the softphone in after-call work', () => {
  it('counts down the wrap-up and hides at zero', async () => {
    api.fetchMyWrapUp.mockResolvedValue(fixture('GET /v2/my-wrap-up', myWrapUpView, wrapUp(5)));
    wrap(<WrapUp />);
    const panel = await screen.findByTestId('wrap-up-panel');
    expect(panel).toHaveAccessibleName('Xử lý sau cuộc gọi');
    expect(screen.getByTestId('wrap-up-countdown')).toHaveTextContent('00:25');
    expect(screen.getByTestId('wrap-up-ready')).toHaveTextContent('Sẵn sàng');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTestId('wrap-up-countdown')).toHaveTextContent('00:15');
    await act(() => vi.advanceTimersByTimeAsync(16_000));
    expect(screen.queryByTestId('wrap-up-panel')).toBeNull();
  });

  it("counts down from the server's seconds left, whatever the browser's clock says", async () => {
    // This browser's clock runs two minutes ahead: by it, the wrap-up ended long ago.
    api.fetchMyWrapUp.mockResolvedValue(
      fixture('GET /v2/my-wrap-up', myWrapUpView, wrapUp(5, 30, 120_000)),
    );
    wrap(<WrapUp />);
    expect(await screen.findByTestId('wrap-up-countdown')).toHaveTextContent('00:25');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTestId('wrap-up-countdown')).toHaveTextContent('00:15');
  });

  it("'Sẵn sàng' ends the wrap-up of the agent's call", async () => {
    const running = wrapUp(3);
    api.fetchMyWrapUp.mockResolvedValue(fixture('GET /v2/my-wrap-up', myWrapUpView, running));
    api.endWrapUp.mockResolvedValue(
      fixture('POST /v2/calls/{id}/wrap-up/end', wrapUpEndedView, {
        call_id: running.call_id,
        acw_seconds: 3,
      }),
    );
    wrap(<WrapUp />);
    await userEvent.click(await screen.findByTestId('wrap-up-ready'), {
      advanceTimers: vi.advanceTimersByTime,
    });
    await waitFor(() => expect(screen.queryByTestId('wrap-up-panel')).toBeNull());
    expect(api.endWrapUp.mock.calls[0]?.[0]).toBe(running.call_id);
  });

  it('appears when the server says the wrap-up started, and not during a call', async () => {
    api.fetchMyWrapUp.mockResolvedValue(null);
    wrap(<WrapUp />);
    await waitFor(() => expect(api.fetchMyWrapUp).toHaveBeenCalled());
    expect(screen.queryByTestId('wrap-up-panel')).toBeNull();
    act(() => realtime.listener?.(wrapUp(0)));
    expect(await screen.findByTestId('wrap-up-countdown')).toHaveTextContent('00:30');
    act(() => useCallStore.getState().patch({ isInCall: true }));
    expect(screen.queryByTestId('wrap-up-panel')).toBeNull();
    act(() => useCallStore.getState().patch({ isInCall: false }));
    expect(screen.getByTestId('wrap-up-panel')).toBeInTheDocument();
    act(() => realtime.listener?.(null));
    await waitFor(() => expect(screen.queryByTestId('wrap-up-panel')).toBeNull());
  });

  it('keeps a pushed wrap-up when a read sent before the push answers after it', async () => {
    // The read the call's end starts reaches the server before it has processed that end.
    let answerRead: (view: WrapUpView | null) => void = () => {};
    api.fetchMyWrapUp.mockImplementation(
      () => new Promise<WrapUpView | null>((resolve) => (answerRead = resolve)),
    );
    wrap(<WrapUp />);
    await waitFor(() => expect(api.fetchMyWrapUp).toHaveBeenCalled());
    act(() => realtime.listener?.(wrapUp(0)));
    expect(await screen.findByTestId('wrap-up-countdown')).toHaveTextContent('00:30');
    await act(async () => answerRead(null));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('wrap-up-panel')).toBeInTheDocument();
  });
});
