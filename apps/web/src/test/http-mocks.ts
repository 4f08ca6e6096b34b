/** What a fake network saw of one call. */
export interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

const sentRequest = (input: RequestInfo | URL, init: RequestInit = {}): SentRequest => ({
  url: String(input),
  method: init.method ?? 'GET',
  headers: new Headers(init.headers),
  body: init.body,
});

/**
 * A fetch that answers every call with one status and body, as the browser would: a Blob is
 * sent as the file, a string as it is, anything else as JSON.
 */
export function answer(
  status: number,
  data: unknown,
  seen?: SentRequest[],
  headers: Record<string, string> = {},
): typeof fetch {
  return (input, init) => {
    seen?.push(sentRequest(input, init));
    const text = typeof data === 'string' ? data : data instanceof Blob ? '' : JSON.stringify(data);
    // jsdom's Blob is not one Node's Response accepts, so the answer is built by hand.
    const response = {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(headers),
      text: () => Promise.resolve(text),
      blob: () => Promise.resolve(data instanceof Blob ? data : new Blob([text])),
    };
    return Promise.resolve(response as Response);
  };
}

/** A fetch whose calls get no answer: the network refuses them (fetch's TypeError). */
export function unreachable(seen?: SentRequest[]): typeof fetch {
  return (input, init) => {
    seen?.push(sentRequest(input, init));
    return Promise.reject(new TypeError('Failed to fetch'));
  };
}

/** A fetch whose calls never answer: they end only when their signal aborts them. */
export function silent(seen?: SentRequest[]): typeof fetch {
  return (input, init) => {
    seen?.push(sentRequest(input, init));
    return new Promise((_resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (init?.signal?.aborted) abort();
      init?.signal?.addEventListener('abort', abort);
    });
  };
}
