import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, VIEW_AS_STORAGE_KEY } from '@omnicare/shared/platform/constants';
import { networkErrorMessage } from '@omnicare/shared/platform/errors';
import { answer, silent, unreachable } from '@/test/http-mocks';
import type { SentRequest } from '@/test/http-mocks';
import { createErrorReporter } from './error-reporter';
import { ApiError } from './errors';
import { bodyStatus, createHttpClient, isSuccessBody, urlWithParams } from './http';
import type { ApiRequest } from './http';

const user = (token: string, role = 'agent') => ({
  token,
  role,
  tenant_id: 't',
  user_id: 'u',
  _id: 'u',
  agent_id: 'a',
  is_admin: false,
  name: 'N',
  email: 'n@x.vn',
});

function setup() {
  const reports: unknown[][] = [];
  const reporter = createErrorReporter(async (batch) => {
    reports.push(batch);
  });
  const onSessionExpired = vi.fn();
  /** One call through the client over the given fake network. */
  const call = (network: typeof fetch, config: Partial<ApiRequest> = {}) =>
    createHttpClient({ reporter, onSessionExpired, fetch: network }).request<{ data?: unknown }>({
      url: '/v2/x',
      ...config,
    });
  return { call, reports, reporter, onSessionExpired };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('success rule', () => {
  it('accepts statusCode or status 200/201 and file bodies only', () => {
    expect(isSuccessBody({ statusCode: 200 })).toBe(true);
    expect(isSuccessBody({ statusCode: 201 })).toBe(true);
    expect(isSuccessBody({ status: 200 })).toBe(true);
    expect(isSuccessBody({ status: '201' })).toBe(true);
    expect(isSuccessBody(new Blob(['x']))).toBe(true);
    expect(isSuccessBody(new ArrayBuffer(2))).toBe(true);
    expect(isSuccessBody({ statusCode: 204 })).toBe(false);
    expect(isSuccessBody({ data: 1 })).toBe(false);
    expect(isSuccessBody('ok')).toBe(false);
    expect(bodyStatus({ statusCode: 422, status: 200 })).toBe(422);
  });

  it('resolves success envelopes and files', async () => {
    const { call } = setup();
    const ok = await call(answer(200, { statusCode: 200, data: 5 }));
    expect(ok.data.data).toBe(5);
    const viaStatus = await call(answer(200, { status: 201, data: 6 }));
    expect(viaStatus.data.data).toBe(6);
    const file = await call(
      answer(200, new Blob(['csv']), [], {
        'content-disposition': "attachment; filename*=UTF-8''a.csv",
      }),
      { responseType: 'blob' },
    );
    expect(file.data).toBeInstanceOf(Blob);
    expect(file.headers.get('content-disposition')).toContain('a.csv');
  });

  it('rejects an HTTP 200 whose body is not a success, with its status and message', async () => {
    const { call } = setup();
    const error = await rejection(call(answer(200, { statusCode: 400, message: 'Sai dữ liệu' })));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Sai dữ liệu');
    const bare = await rejection(call(answer(200, { statusCode: 500 })));
    expect(bare.message).toBe('Đã xảy ra lỗi từ server, vui lòng thử lại sau!');
    const notEnvelope = await rejection(call(answer(200, '<html>')));
    expect(notEnvelope.message).toBe('Response không hợp lệ');
    const empty = await rejection(call(answer(200, '')));
    expect(empty.message).toBe('Response không hợp lệ');
  });

  it("reads a failed download's JSON answer for its message", async () => {
    const { call } = setup();
    const error = await rejection(
      call(answer(404, { statusCode: 404, message: 'Không tìm thấy tệp' }), {
        responseType: 'blob',
      }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Không tìm thấy tệp');
  });
});

describe('status messages (spec section 8)', () => {
  it.each([
    [400, 'Dữ liệu gửi lên không hợp lệ'],
    [401, 'Bạn không có quyền truy cập'],
    [404, 'Kiểm tra URL hoặc endpoint có đúng không!'],
    [408, 'Thời gian kết nối đến server quá lâu, vui lòng kiểm tra kết nối mạng!'],
    [429, 'Gửi quá nhiều yêu cầu đồng thời, vui lòng thử lại sau ít phút!'],
    [500, 'Đã xảy ra lỗi từ server, vui lòng thử lại sau!'],
    [503, 'Dịch vụ tạm thời không hoạt động, vui lòng thử lại sau!'],
    [504, 'Server đang bận, vui lòng thử lại sau!'],
    [418, 'Đã xảy ra lỗi trong quá trình thực hiện'],
  ])('HTTP %i without a message reads "%s"', async (status, message) => {
    const { call } = setup();
    const error = await rejection(call(answer(status, {})));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it("prefers the server's own message, also over a body that is not JSON", async () => {
    const { call } = setup();
    const error = await rejection(
      call(answer(400, { statusCode: 400, message: 'Email hoặc mật khẩu không đúng' }), {
        method: 'POST',
        url: '/v2/login',
        data: {},
      }),
    );
    expect(error.message).toBe('Email hoặc mật khẩu không đúng');
    const htmlPage = await rejection(call(answer(500, '<html>Internal error</html>')));
    expect(htmlPage.status).toBe(500);
    expect(htmlPage.message).toBe('Đã xảy ra lỗi từ server, vui lòng thử lại sau!');
  });
});

describe('network-level failures', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['ECONNABORTED', 'Request bị timeout'],
    ['ERR_NETWORK', 'Lỗi kết nối mạng'],
    ['ERR_BAD_REQUEST', 'Dữ liệu request không hợp lệ'],
    ['ERR_BAD_RESPONSE', 'Response không hợp lệ'],
    ['ERR_FR_TOO_MANY_REDIRECTS', 'Quá nhiều redirect'],
    ['ERR_CANCELED', 'Request bị hủy'],
    ['ERR_INVALID_URL', 'URL không hợp lệ'],
    ['SOMETHING_ELSE', 'Lỗi không xác định'],
  ])('%s reads "%s"', (code, message) => {
    expect(networkErrorMessage(code)).toBe(message);
  });

  it('a refused connection is ERR_NETWORK', async () => {
    const { call } = setup();
    const error = await rejection(call(unreachable()));
    expect(error).toMatchObject({ kind: 'network', code: 'ERR_NETWORK', status: undefined });
    expect(error.message).toBe('Lỗi kết nối mạng');
  });

  it('gives up after 30 s, or the time the call asks for (ECONNABORTED)', async () => {
    const { call } = setup();
    const outcome = rejection(call(silent()));
    await vi.advanceTimersByTimeAsync(29_999);
    const longer = rejection(call(silent(), { timeout: 120_000 }));
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'ECONNABORTED', message: 'Request bị timeout' });
    let settled = false;
    void longer.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await longer).code).toBe('ECONNABORTED');
  });

  it("the caller's signal cancels (ERR_CANCELED), before or during the call", async () => {
    const { call } = setup();
    const during = new AbortController();
    const pending = rejection(call(silent(), { signal: during.signal }));
    during.abort();
    expect(await pending).toMatchObject({ code: 'ERR_CANCELED', message: 'Request bị hủy' });
    const seen: SentRequest[] = [];
    const before = rejection(call(silent(seen), { signal: AbortSignal.abort() }));
    expect((await before).code).toBe('ERR_CANCELED');
  });

  it('a body that cannot be written as JSON is ERR_BAD_REQUEST, and nothing is sent', async () => {
    const { call } = setup();
    const seen: SentRequest[] = [];
    const error = await rejection(call(answer(200, {}, seen), { method: 'POST', data: { n: 1n } }));
    expect(error).toMatchObject({
      code: 'ERR_BAD_REQUEST',
      message: 'Dữ liệu request không hợp lệ',
    });
    expect(seen).toHaveLength(0);
  });

  it('reports network errors in one batch after 10 s, not cancellations', async () => {
    const { call, reports } = setup();
    await rejection(call(unreachable(), { url: '/v2/a' }));
    const timeout = rejection(call(silent(), { url: '/v2/b', method: 'POST', timeout: 1 }));
    await vi.advanceTimersByTimeAsync(1);
    await timeout;
    await rejection(call(silent(), { url: '/v2/c', signal: AbortSignal.abort() }));
    await vi.advanceTimersByTimeAsync(9_998);
    expect(reports).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports).toHaveLength(1);
    const batch = reports[0] as { kind: string; code: string; message: string }[];
    expect(batch.map((item) => [item.kind, item.code])).toEqual([
      ['network', 'ERR_NETWORK'],
      ['network', 'ECONNABORTED'],
    ]);
    expect(batch[0]?.message).toBe('Lỗi kết nối mạng: GET /v2/a');
    expect(batch[1]?.message).toBe('Request bị timeout: POST /v2/b');
    // A new window starts with the next error.
    await rejection(call(unreachable(), { url: '/v2/d' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reports).toHaveLength(2);
  });
});

describe('what is sent', () => {
  it('sends the token and x-app-version 2.0', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('own-token')));
    const { call } = setup();
    const seen: SentRequest[] = [];
    await call(answer(200, { statusCode: 200 }, seen));
    expect(seen[0]?.headers.get('Authorization')).toBe('own-token');
    expect(seen[0]?.headers.get('x-app-version')).toBe('2.0');
    expect(seen[0]?.headers.get('Accept')).toBe('application/json');
  });

  it("sends the impersonated user's token in view-as mode", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('own-token', 'administrator')));
    sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(user('view-token')));
    const { call } = setup();
    const seen: SentRequest[] = [];
    await call(answer(200, { statusCode: 200 }, seen));
    expect(seen[0]?.headers.get('Authorization')).toBe('view-token');
  });

  it('sends no Authorization when nobody is signed in', async () => {
    const { call } = setup();
    const seen: SentRequest[] = [];
    await call(answer(200, { statusCode: 200 }, seen));
    expect(seen[0]?.headers.get('Authorization')).toBeNull();
    expect(seen[0]?.headers.get('x-app-version')).toBe('2.0');
  });

  it('sends the method, the query string without empty values and a JSON body', async () => {
    const { call } = setup();
    const seen: SentRequest[] = [];
    await call(answer(200, { statusCode: 200 }, seen), {
      method: 'PUT',
      url: '/v2/tickets/7',
      params: { page: 2, keyword: 'mất mạng & cước', skipped: undefined, gone: null, on: true },
      data: { subject: 'A' },
    });
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.url).toBe(
      '/v2/tickets/7?page=2&keyword=m%E1%BA%A5t+m%E1%BA%A1ng+%26+c%C6%B0%E1%BB%9Bc&on=true',
    );
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]?.body).toBe('{"subject":"A"}');
    expect(urlWithParams('/v2/x?a=1', { b: [1, 2] })).toBe('/v2/x?a=1&b=1&b=2');
  });

  it('sends a FormData as it is, leaving its multipart type (and boundary) to the browser', async () => {
    const { call } = setup();
    const seen: SentRequest[] = [];
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await call(answer(200, { statusCode: 200 }, seen), { method: 'POST', data: form });
    expect(seen[0]?.body).toBe(form);
    expect(seen[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('sends no body and no Content-Type on a GET', async () => {
    const { call } = setup();
    const seen: SentRequest[] = [];
    await call(answer(200, { statusCode: 200 }, seen));
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers.get('Content-Type')).toBeNull();
  });
});

describe('403 and 401', () => {
  it('logs out as expired on an HTTP 403 or a 403 in the body', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('t')));
    const { call, onSessionExpired } = setup();
    await rejection(call(answer(403, { statusCode: 403 })));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await rejection(call(answer(200, { statusCode: 403, message: 'x' })));
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('does not log out in view-as mode', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('t', 'administrator')));
    sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(user('v')));
    const { call, onSessionExpired } = setup();
    const error = await rejection(call(answer(403, {})));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Bạn không có quyền truy cập');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not log out on 401 (role refused)', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('t')));
    const { call, onSessionExpired } = setup();
    const error = await rejection(call(answer(401, {})));
    expect(error.message).toBe('Bạn không có quyền truy cập');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not log out a call that carried no session', async () => {
    const { call, onSessionExpired } = setup();
    await rejection(call(answer(403, {}), { method: 'POST', url: '/v2/login', data: {} }));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('422 field errors', () => {
  it('maps {param, message} with the spec defaults', async () => {
    const { call } = setup();
    const error = await rejection(
      call(
        answer(422, {
          statusCode: 422,
          errors: [
            { param: 'email', message: 'Email không hợp lệ' },
            { param: 'name' },
            { message: 'no param' },
          ],
        }),
        { method: 'POST', data: {} },
      ),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation Failed');
    expect(error.fieldErrors).toEqual([
      { param: 'email', message: 'Email không hợp lệ' },
      { param: 'name', message: 'name field is not a valid' },
    ]);
  });

  it("keeps the server's 422 message when there is one", async () => {
    const { call } = setup();
    const error = await rejection(
      call(answer(422, { statusCode: 422, message: 'Sai mã', errors: [] }), {
        method: 'POST',
        data: {},
      }),
    );
    expect(error.message).toBe('Sai mã');
  });
});
