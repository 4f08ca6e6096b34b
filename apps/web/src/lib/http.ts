import type { ApiList, ApiSuccess } from '@omnicare/shared/platform/envelope';
import { API_VERSION, API_VERSION_HEADER } from '@omnicare/shared/platform/constants';
import {
  NETWORK_ERROR_MESSAGES,
  httpStatusMessage,
  networkErrorMessage,
} from '@omnicare/shared/platform/errors';
import { ApiError, normalizeFieldErrors, validationMessage } from './errors';
import { errorReporter } from './error-reporter';
import type { ErrorReporter } from './error-reporter';
import { requestLogout } from './events';
import { isViewAsMode, readCurrentUser } from './storage';

const SUCCESS_STATUSES = new Set([200, 201]);
const REQUEST_TIMEOUT_MS = 30_000;

/** One call of the API. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path of this site ('/v2/...'), or an address. */
  url: string;
  /** The query string: undefined and null values are left out. */
  params?: object;
  /** The body: sent as JSON, or as multipart when it is a FormData (the browser sets its type). */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** ms before the call gives up with 'Request bị timeout'; 30 s unless given. */
  timeout?: number;
  /** 'blob' for a file download; JSON otherwise. */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface HttpClient {
  request<T = unknown>(config: ApiRequest): Promise<ApiResponse<T>>;
}

/** A file answer is a success whatever it holds (spec section 7). */
export function isFileBody(data: unknown): boolean {
  return (
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof ArrayBuffer !== 'undefined' && data instanceof ArrayBuffer)
  );
}

function asRecord(data: unknown): Record<string, unknown> | null {
  return data && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : null;
}

/** The status an envelope claims, from `statusCode` or `status`. */
export function bodyStatus(data: unknown): number | undefined {
  const body = asRecord(data);
  if (!body) return undefined;
  for (const field of ['statusCode', 'status'] as const) {
    const value = body[field];
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && /^\d{3}$/.test(value)) return Number(value);
  }
  return undefined;
}

/** Success means the statusCode or status is 200 or 201, or the body is a file. */
export function isSuccessBody(data: unknown): boolean {
  if (isFileBody(data)) return true;
  const status = bodyStatus(data);
  return status !== undefined && SUCCESS_STATUSES.has(status);
}

function bodyMessage(data: unknown): string | undefined {
  const message = asRecord(data)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

function errorFromAnswer(status: number | undefined, data: unknown): ApiError {
  const body = asRecord(data);
  return new ApiError({
    kind: 'http',
    status,
    message:
      status === 422
        ? validationMessage(body?.message)
        : (bodyMessage(data) ?? httpStatusMessage(status)),
    fieldErrors: normalizeFieldErrors(body?.errors),
    body: data,
  });
}

/** Drops empty values so the query string carries only what the user chose. */
export function compactParams<T extends object>(params: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, value] of Object.entries(params) as [keyof T, T[keyof T]][]) {
    if (value === undefined || value === null || value === '') continue;
    result[key] = value;
  }
  return result;
}

/** The address with its query string; undefined and null parameters are left out. */
export function urlWithParams(url: string, params: object | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? (value as unknown[]) : [value])
      query.append(key, one instanceof Date ? one.toISOString() : String(one));
  }
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** A body as the server sent it: JSON when it reads as JSON, else its text ('' when empty). */
async function readBody(response: Response, responseType: ApiRequest['responseType']) {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Why a call got no answer, as the code the spec's network messages are keyed by. */
type FailureCode = keyof typeof NETWORK_ERROR_MESSAGES;

export interface HttpClientOptions {
  reporter?: Pick<ErrorReporter, 'report'>;
  /** Called when a signed-in call gets a 403 outside view-as mode. */
  onSessionExpired?: () => void;
  baseURL?: string;
  /** The network (tests give their own). */
  fetch?: typeof fetch;
}

/**
 * The API client (spec sections 7 and 8), on the browser's fetch: token and version headers,
 * the success rule, the message tables, logout on 403 (except in view-as mode), 422 field
 * errors, timeouts and batched network-error reports. A failure before any answer rejects with
 * the code its spec message is keyed by: ECONNABORTED (timeout), ERR_CANCELED (the caller's
 * signal), ERR_BAD_REQUEST (a body that cannot be sent), ERR_NETWORK (anything else fetch
 * refuses, redirect loops included).
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const reporter = options.reporter ?? errorReporter;
  const onSessionExpired = options.onSessionExpired ?? (() => requestLogout(true));
  const baseURL = options.baseURL ?? '';
  const send = options.fetch ?? ((input, init) => fetch(input, init));

  const fail = (code: FailureCode, config: ApiRequest): ApiError => {
    const message = networkErrorMessage(code);
    if (code !== 'ERR_CANCELED')
      reporter.report({
        kind: 'network',
        message: `${message}: ${method(config)} ${config.url}`,
        code,
      });
    return new ApiError({ kind: 'network', code, message });
  };

  async function request<T>(config: ApiRequest): Promise<ApiResponse<T>> {
    const headers = new Headers({ Accept: 'application/json' });
    const token = readCurrentUser()?.token;
    if (token) headers.set('Authorization', token);
    for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
    headers.set(API_VERSION_HEADER, API_VERSION);

    let body: BodyInit | undefined;
    if (config.data instanceof FormData) body = config.data;
    else if (config.data !== undefined) {
      try {
        body = JSON.stringify(config.data);
      } catch {
        throw fail('ERR_BAD_REQUEST', config);
      }
      headers.set('Content-Type', 'application/json');
    }

    // The caller's signal cancels; the timeout aborts with its own reason.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeout ?? REQUEST_TIMEOUT_MS);
    const cancel = () => controller.abort();
    if (config.signal?.aborted) cancel();
    config.signal?.addEventListener('abort', cancel);

    let response: Response;
    let data: unknown;
    try {
      response = await send(urlWithParams(baseURL + config.url, config.params), {
        method: method(config),
        headers,
        body,
        signal: controller.signal,
      });
      data = await readBody(response, config.responseType);
    } catch {
      throw fail(
        timedOut ? 'ECONNABORTED' : controller.signal.aborted ? 'ERR_CANCELED' : 'ERR_NETWORK',
        config,
      );
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', cancel);
    }

    if (response.ok && isSuccessBody(data))
      return { data: data as T, status: response.status, headers: response.headers };
    const claimed = bodyStatus(data);
    const status = response.ok ? (claimed ?? response.status) : response.status;
    // Only a call that carried a session can have lost it; in view-as mode a 403 never logs out.
    if ((status === 403 || claimed === 403) && headers.has('Authorization') && !isViewAsMode())
      onSessionExpired();
    if (response.ok && claimed === undefined && !bodyMessage(data))
      throw new ApiError({
        kind: 'http',
        status: response.status,
        message: NETWORK_ERROR_MESSAGES.ERR_BAD_RESPONSE,
        body: data,
      });
    throw errorFromAnswer(status, data);
  }

  return { request };
}

const method = (config: ApiRequest) => config.method ?? 'GET';

export const http = createHttpClient();

/** GET/POST/PUT/DELETE returning the envelope's `data`. */
export async function apiRequest<T>(config: ApiRequest): Promise<T> {
  const response = await http.request<ApiSuccess<T>>(config);
  return response.data.data;
}

/** A paged list: `{ data: [], total }`. */
export async function apiList<T>(config: ApiRequest): Promise<{ data: T[]; total: number }> {
  const response = await http.request<ApiList<T>>(config);
  return { data: response.data.data ?? [], total: response.data.total ?? 0 };
}

/** Like apiRequest, with the server's message too (for the success toast it words). */
export async function apiRequestWithMessage<T>(
  config: ApiRequest,
): Promise<{ data: T; message: string }> {
  const response = await http.request<ApiSuccess<T>>(config);
  return { data: response.data.data, message: response.data.message };
}

/**
 * Downloads a file answer with the session header and saves it under the server's name
 * (`Content-Disposition: filename*=UTF-8''...`), else `fallbackName`.
 */
export async function downloadFile(config: ApiRequest, fallbackName: string): Promise<void> {
  const response = await http.request<Blob>({ timeout: 120_000, ...config, responseType: 'blob' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = encoded ? decodeURIComponent(encoded) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
