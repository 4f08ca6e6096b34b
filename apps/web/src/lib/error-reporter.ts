import type { ClientErrorReport } from '@omnicare/shared/diagnostics/diagnostics.schemas';
import {
  API_VERSION,
  API_VERSION_HEADER,
  NETWORK_ERROR_BATCH_MS,
} from '@omnicare/shared/platform/constants';
import { readCurrentUser } from './storage';

/** The server accepts at most this many reports per POST /v2/client-errors. */
export const CLIENT_ERRORS_PER_BATCH = 50;
/** Oldest reports are dropped past this, so an outage cannot grow memory without bound. */
const MAX_QUEUED = 200;
const ENDPOINT = '/v2/client-errors';

export type ClientErrorInput = Omit<ClientErrorReport, 'at' | 'url'> & {
  at?: string;
  url?: string;
};
type Sender = (errors: ClientErrorReport[]) => Promise<unknown>;

/** A bare call: reporting must never go through the API client's rules it reports on. */
const defaultSender: Sender = (errors) => {
  const token = readCurrentUser()?.token;
  return fetch(ENDPOINT, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [API_VERSION_HEADER]: API_VERSION,
      ...(token ? { Authorization: token } : {}),
    },
    body: JSON.stringify({ errors }),
    signal: AbortSignal.timeout(15_000),
  });
};

const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.slice(0, max);

/**
 * Collects client errors and sends them in batches: network errors wait for a 10 s window
 * (spec section 8), render and chunk errors go at once.
 */
export function createErrorReporter(
  send: Sender = defaultSender,
  windowMs = NETWORK_ERROR_BATCH_MS,
) {
  let queue: ClientErrorReport[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const batch = queue.slice(0, CLIENT_ERRORS_PER_BATCH);
      queue = queue.slice(CLIENT_ERRORS_PER_BATCH);
      try {
        await send(batch);
      } catch {
        // The reporter is best effort: a failed report is dropped, never reported again.
      }
    }
  }

  function report(input: ClientErrorInput, options: { immediate?: boolean } = {}): void {
    queue.push({
      ...input,
      message: clip(input.message, 4_000) ?? '',
      stack: clip(input.stack, 16_000),
      url: clip(input.url ?? (typeof location === 'undefined' ? undefined : location.href), 2_000),
      at: input.at ?? new Date().toISOString(),
    });
    if (queue.length > MAX_QUEUED) queue = queue.slice(queue.length - MAX_QUEUED);
    if (options.immediate) {
      void flush();
    } else if (!timer) {
      timer = setTimeout(() => void flush(), windowMs);
    }
  }

  return { report, flush, pending: () => queue.length };
}

export type ErrorReporter = ReturnType<typeof createErrorReporter>;

export const errorReporter = createErrorReporter();
