import axios from 'axios';
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
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
  if (status === 422) {
    return new ApiError({
      kind: 'http',
      status,
      message: validationMessage(body?.message),
      fieldErrors: normalizeFieldErrors(body?.errors),
      body: data,
    });
  }
  return new ApiError({
    kind: 'http',
    status,
    message: bodyMessage(data) ?? httpStatusMessage(status),
    fieldErrors: normalizeFieldErrors(body?.errors),
    body: data,
  });
}

export interface HttpClientOptions {
  reporter?: Pick<ErrorReporter, 'report'>;
  /** Called when a signed-in call gets a 403 outside view-as mode. */
  onSessionExpired?: () => void;
  baseURL?: string;
}

/**
 * The main API client (spec sections 7 and 8): token and version headers, the success rule,
 * the message tables, logout on 403 (except in view-as mode), 422 field errors and batched
 * network-error reports.
 */
export function createHttpClient(options: HttpClientOptions = {}): AxiosInstance {
  const reporter = options.reporter ?? errorReporter;
  const onSessionExpired = options.onSessionExpired ?? (() => requestLogout(true));
  const client = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });

  const handleForbidden = (config: AxiosRequestConfig | undefined) => {
    // Only a call that carried a session can have lost it; in view-as mode a 403 never logs out.
    const hadToken = Boolean(
      config?.headers && (config.headers as Record<string, unknown>).Authorization,
    );
    if (hadToken && !isViewAsMode()) onSessionExpired();
  };

  client.interceptors.request.use((config) => {
    const token = readCurrentUser()?.token;
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', token);
    config.headers.set(API_VERSION_HEADER, API_VERSION);
    return config;
  });

  client.interceptors.response.use(
    (response: AxiosResponse) => {
      if (isSuccessBody(response.data)) return response;
      const status = bodyStatus(response.data) ?? response.status;
      if (status === 403) handleForbidden(response.config);
      const error =
        bodyStatus(response.data) === undefined && !bodyMessage(response.data)
          ? new ApiError({
              kind: 'http',
              status: response.status,
              message: NETWORK_ERROR_MESSAGES.ERR_BAD_RESPONSE,
              body: response.data,
            })
          : errorFromAnswer(status, response.data);
      return Promise.reject(error);
    },
    (error: AxiosError) => {
      if (error.response) {
        const status = error.response.status;
        if (status === 403 || bodyStatus(error.response.data) === 403)
          handleForbidden(error.config);
        return Promise.reject(errorFromAnswer(status, error.response.data));
      }
      const code = axios.isCancel(error) ? 'ERR_CANCELED' : error.code;
      const message = networkErrorMessage(code);
      if (code !== 'ERR_CANCELED') {
        reporter.report({
          kind: 'network',
          message: `${message}: ${error.config?.method?.toUpperCase() ?? 'GET'} ${error.config?.url ?? ''}`,
          code,
        });
      }
      return Promise.reject(new ApiError({ kind: 'network', code, message }));
    },
  );
  return client;
}

export const http = createHttpClient();

/** GET/POST/PUT/DELETE returning the envelope's `data`. */
export async function apiRequest<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<ApiSuccess<T>>(config);
  return response.data.data;
}

/** A paged list: `{ data: [], total }`. */
export async function apiList<T>(
  config: AxiosRequestConfig,
): Promise<{ data: T[]; total: number }> {
  const response = await http.request<ApiList<T>>(config);
  return { data: response.data.data ?? [], total: response.data.total ?? 0 };
}

/** Like apiRequest, with the server's message too (for the success toast it words). */
export async function apiRequestWithMessage<T>(
  config: AxiosRequestConfig,
): Promise<{ data: T; message: string }> {
  const response = await http.request<ApiSuccess<T>>(config);
  return { data: response.data.data, message: response.data.message };
}
