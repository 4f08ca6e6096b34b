import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  afterFirstScreen,
  FIRST_SCREEN_MAX_WAIT_MS,
  FIRST_SCREEN_QUIET_MS,
} from './after-first-screen';

/** A query whose answer the test gives when it wants. */
function pending(client: QueryClient, key: string) {
  let answer: (value: string) => void = () => undefined;
  // Cleared unanswered at the test's end (cancelled): that rejection is expected.
  client
    .fetchQuery({
      queryKey: [key],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    })
    .catch(() => undefined);
  return (value = 'ok') => answer(value);
}

describe('afterFirstScreen (deferred work: the softphone)', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it("waits for the screen's queries, and for one started by another's answer", async () => {
    const work = vi.fn();
    const answerViews = pending(client, 'views');
    afterFirstScreen(client, work);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS * 3);
    expect(work).not.toHaveBeenCalled();

    answerViews();
    // The list asks for its rows once it knows its view: within the quiet time.
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS / 3);
    const answerRows = pending(client, 'rows');
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS * 3);
    expect(work).not.toHaveBeenCalled();

    answerRows();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS);
    expect(work).toHaveBeenCalledTimes(1);
    pending(client, 'later')();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs on a screen with nothing to fetch', async () => {
    const work = vi.fn();
    afterFirstScreen(client, work);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_QUIET_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest after the longest wait, however long an answer takes', async () => {
    const work = vi.fn();
    pending(client, 'slow');
    afterFirstScreen(client, work);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the frame unmounted: signed out)', async () => {
    const work = vi.fn();
    const cancel = afterFirstScreen(client, work);
    cancel();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS);
    expect(work).not.toHaveBeenCalled();
  });
});
