import type {
  OfflineMessageBody,
  VisitorBody,
  VisitorConversationView,
  VisitorMessageView,
  VisitorRatingBody,
  VisitorView,
} from './contract';
import {
  LIVECHAT_MESSAGES,
  MESSAGES,
  NETWORK_ERROR_MESSAGES,
  VISITOR_TOKEN_HEADER,
  httpStatusMessage,
} from './contract';

/** A refused or failed request: the server's Vietnamese message, and per field for a 422. */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
  /** The visitor token is unknown or expired: forget it and start again. */
  get tokenRefused(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

interface ErrorBody {
  message?: string;
  errors?: { param?: string; message?: string }[];
}

/** The widget's requests to `/v2/livechat/{channel}/…`, with the visitor's token when it has one. */
export function createApi(base: string, channel: string, token: () => string | undefined) {
  const root = `${base}/v2/livechat/${encodeURIComponent(channel)}`;

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    const visitor = token();
    if (visitor) headers[VISITOR_TOKEN_HEADER] = visitor;
    if (typeof init.body === 'string') headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers, credentials: 'omit' });
    } catch {
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      throw new WidgetApiError(offline ? MESSAGES.offline : NETWORK_ERROR_MESSAGES.ERR_NETWORK, 0);
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    const fields: Record<string, string> = {};
    for (const error of body.errors || []) {
      if (error.param && error.message) fields[error.param] = error.message;
    }
    const fallback =
      response.status === 429 ? LIVECHAT_MESSAGES.tooMany : httpStatusMessage(response.status);
    throw new WidgetApiError(body.message || fallback, response.status, fields);
  }

  async function data<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
    const init: RequestInit = { method };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) init.body = JSON.stringify(body);
    const response = await request(`${root}${path}`, init);
    const envelope = (await response.json().catch(() => ({}))) as { data?: T };
    return envelope.data as T;
  }

  return {
    createVisitor: (body: VisitorBody) => data<VisitorView>('/visitors', 'POST', body),
    conversation: () => data<VisitorConversationView>('/conversation'),
    /**
     * A file (with an optional caption) as one message. Not in the contract yet: assumed
     * `POST …/attachments`, multipart `client_message_id`, `body`, `file` → the message written.
     */
    upload(file: File, clientMessageId: string, caption = '') {
      const form = new FormData();
      form.append('client_message_id', clientMessageId);
      if (caption) form.append('body', caption);
      form.append('file', file, file.name);
      return data<VisitorMessageView>('/attachments', 'POST', form);
    },
    seen: (messageId: string) => data<unknown>('/seen', 'POST', { message_id: messageId }),
    rate: (body: VisitorRatingBody) => data<unknown>('/rating', 'POST', body),
    offline: (body: OfflineMessageBody) => data<unknown>('/offline', 'POST', body),
    /** An attachment's bytes (its address needs the token header, so no plain `<img src>`). */
    async blob(url: string): Promise<Blob> {
      const response = await request(new URL(url, base).href);
      return response.blob();
    },
  };
}

export type WidgetApi = ReturnType<typeof createApi>;
