import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** The latest a deferred start waits, however busy the screen stays (polling, a slow answer). */
export const FIRST_SCREEN_MAX_WAIT_MS = 5_000;
/**
 * How long no query must be fetching before the screen counts as shown: a query that waits for
 * another's answer (the ticket list for its view) starts a render after that answer.
 */
export const FIRST_SCREEN_QUIET_MS = 150;

/**
 * Runs `work` once the screen being opened has what it asked for: when no query of
 * `queryClient` has been fetching for `FIRST_SCREEN_QUIET_MS` (its rows are shown), or after
 * `maxWaitMs` at the latest. Work the first screen does not need (the softphone, whose chunk and
 * JsSIP are large downloads) so waits instead of sharing the network and the processor with it.
 * Answers a function that cancels it.
 */
export function afterFirstScreen(
  queryClient: QueryClient,
  work: () => void,
  maxWaitMs = FIRST_SCREEN_MAX_WAIT_MS,
): () => void {
  let finished = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    if (queryClient.isFetching() > 0) {
      clearTimeout(quiet);
      quiet = undefined;
    } else
      quiet ??= setTimeout(
        () => (queryClient.isFetching() === 0 ? run() : check()),
        FIRST_SCREEN_QUIET_MS,
      );
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const latest = setTimeout(() => run(), maxWaitMs);
  check();

  function cancel() {
    finished = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    unsubscribe();
  }
  function run() {
    if (finished) return;
    cancel();
    work();
  }
  return cancel;
}

/** False until `afterFirstScreen` of the app's query client: then true for good. */
export function useAfterFirstScreen(): boolean {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  useEffect(() => afterFirstScreen(queryClient, () => setShown(true)), [queryClient]);
  return shown;
}
