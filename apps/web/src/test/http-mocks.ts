import { AxiosError } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';

/** An adapter that answers every request with one status and body, as the browser would. */
export function answer(
  status: number,
  data: unknown,
  seen?: InternalAxiosRequestConfig[],
): AxiosAdapter {
  return (config) => {
    seen?.push(config);
    const response: AxiosResponse = {
      data,
      status,
      statusText: '',
      headers: {},
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    return Promise.reject(
      new AxiosError(
        `Request failed with status code ${status}`,
        status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
        config,
        {},
        response,
      ),
    );
  };
}

/** An adapter that fails before any answer, with an axios error code. */
export function fail(code: string, seen?: InternalAxiosRequestConfig[]): AxiosAdapter {
  return (config) => {
    seen?.push(config);
    return Promise.reject(new AxiosError('failed', code, config, {}));
  };
}
