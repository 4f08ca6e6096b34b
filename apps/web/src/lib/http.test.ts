import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { STORAGE_KEYS, VIEW_AS_STORAGE_KEY } from '@omnicare/shared/platform/constants';
import { answer, fail } from '@/test/http-mocks';
import { createErrorReporter } from './error-reporter';
import { ApiError } from './errors';
import { bodyStatus, createHttpClient, isSuccessBody } from './http';

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
  const client = createHttpClient({ reporter, onSessionExpired });
  return { client, reports, reporter, onSessionExpired };
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

  it('resolves success envelopes and blobs', async () => {
    const { client } = setup();
    const ok = await client.get('/v2/x', { adapter: answer(200, { statusCode: 200, data: 5 }) });
    expect(ok.data.data).toBe(5);
    const viaStatus = await client.get('/v2/x', { adapter: answer(200, { status: 201, data: 6 }) });
    expect(viaStatus.data.data).toBe(6);
    const file = await client.get('/v2/file', { adapter: answer(200, new Blob(['csv'])) });
    expect(file.data).toBeInstanceOf(Blob);
  });

  it('rejects an HTTP 200 whose body is not a success, with its status and message', async () => {
    const { client } = setup();
    const error = await rejection(
      client.get('/v2/x', { adapter: answer(200, { statusCode: 400, message: 'Sai dữ liệu' }) }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Sai dữ liệu');
    const bare = await rejection(
      client.get('/v2/x', { adapter: answer(200, { statusCode: 500 }) }),
    );
    expect(bare.message).toBe('Đã xảy ra lỗi từ server, vui lòng thử lại sau!');
    const notEnvelope = await rejection(client.get('/v2/x', { adapter: answer(200, '<html>') }));
    expect(notEnvelope.message).toBe('Response không hợp lệ');
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
    const { client } = setup();
    const error = await rejection(client.get('/v2/x', { adapter: answer(status, {}) }));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it("prefers the server's own message", async () => {
    const { client } = setup();
    const error = await rejection(
      client.post(
        '/v2/login',
        {},
        { adapter: answer(400, { statusCode: 400, message: 'Email hoặc mật khẩu không đúng' }) },
      ),
    );
    expect(error.message).toBe('Email hoặc mật khẩu không đúng');
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
  ])('%s reads "%s"', async (code, message) => {
    const { client } = setup();
    const error = await rejection(client.get('/v2/x', { adapter: fail(code) }));
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(message);
  });

  it('reports network errors in one batch after 10 s, not cancellations', async () => {
    const { client, reports } = setup();
    await rejection(client.get('/v2/a', { adapter: fail('ERR_NETWORK') }));
    await rejection(client.get('/v2/b', { adapter: fail('ECONNABORTED') }));
    await rejection(client.get('/v2/c', { adapter: fail('ERR_CANCELED') }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(reports).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports).toHaveLength(1);
    const batch = reports[0] as { kind: string; code: string; message: string }[];
    expect(batch.map((item) => [item.kind, item.code])).toEqual([
      ['network', 'ERR_NETWORK'],
      ['network', 'ECONNABORTED'],
    ]);
    expect(batch[0]?.message).toContain('/v2/a');
    // A new window starts with the next error.
    await rejection(client.get('/v2/d', { adapter: fail('ERR_NETWORK') }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reports).toHaveLength(2);
  });
});

describe('headers', () => {
  it('sends the token and x-app-version 2.0', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('own-token')));
    const { client } = setup();
    const seen: InternalAxiosRequestConfig[] = [];
    await client.get('/v2/x', { adapter: answer(200, { statusCode: 200 }, seen) });
    expect(seen[0]?.headers.get('Authorization')).toBe('own-token');
    expect(seen[0]?.headers.get('x-app-version')).toBe('2.0');
  });

  it("sends the impersonated user's token in view-as mode", async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('own-token', 'administrator')));
    sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(user('view-token')));
    const { client } = setup();
    const seen: InternalAxiosRequestConfig[] = [];
    await client.get('/v2/x', { adapter: answer(200, { statusCode: 200 }, seen) });
    expect(seen[0]?.headers.get('Authorization')).toBe('view-token');
  });

  it('sends no Authorization when nobody is signed in', async () => {
    const { client } = setup();
    const seen: InternalAxiosRequestConfig[] = [];
    await client.get('/v2/x', { adapter: answer(200, { statusCode: 200 }, seen) });
    expect(seen[0]?.headers.get('Authorization')).toBeFalsy();
    expect(seen[0]?.headers.get('x-app-version')).toBe('2.0');
  });
});

describe('403 and 401', () => {
  it('logs out as expired on an HTTP 403 or a 403 in the body', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('t')));
    const { client, onSessionExpired } = setup();
    await rejection(client.get('/v2/x', { adapter: answer(403, { statusCode: 403 }) }));
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await rejection(
      client.get('/v2/x', { adapter: answer(200, { statusCode: 403, message: 'x' }) }),
    );
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('does not log out in view-as mode', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('t', 'administrator')));
    sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(user('v')));
    const { client, onSessionExpired } = setup();
    const error = await rejection(client.get('/v2/x', { adapter: answer(403, {}) }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Bạn không có quyền truy cập');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not log out on 401 (role refused)', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user('t')));
    const { client, onSessionExpired } = setup();
    const error = await rejection(client.get('/v2/x', { adapter: answer(401, {}) }));
    expect(error.message).toBe('Bạn không có quyền truy cập');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('does not log out a call that carried no session', async () => {
    const { client, onSessionExpired } = setup();
    await rejection(client.post('/v2/login', {}, { adapter: answer(403, {}) }));
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('422 field errors', () => {
  it('maps {param, message} with the spec defaults', async () => {
    const { client } = setup();
    const error = await rejection(
      client.post(
        '/v2/x',
        {},
        {
          adapter: answer(422, {
            statusCode: 422,
            errors: [
              { param: 'email', message: 'Email không hợp lệ' },
              { param: 'name' },
              { message: 'no param' },
            ],
          }),
        },
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
    const { client } = setup();
    const error = await rejection(
      client.post(
        '/v2/x',
        {},
        { adapter: answer(422, { statusCode: 422, message: 'Sai mã', errors: [] }) },
      ),
    );
    expect(error.message).toBe('Sai mã');
  });
});
