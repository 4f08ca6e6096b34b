import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { InjectOptions } from 'fastify';
import { HTTP_STATUS_MESSAGES, MESSAGES } from '@omnicare/shared/platform/errors';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';

/**
 * What the framework refuses before (or around) the routes: the router, the content-type
 * parsers, the multipart parser, Node's HTTP parser. Every answer is the contract's body with
 * a message of the Vietnamese catalogue, never Fastify's or Node's English.
 */

const CATALOGUE = new Set<string>([
  ...Object.values(HTTP_STATUS_MESSAGES),
  ...Object.values(MESSAGES).filter((value) => typeof value === 'string'),
]);
/** Words of the framework's own English answers. */
const ENGLISH =
  /\b(Unsupported|Bad Request|Payload|body|Client|Error|Exceeded|valid url|url component|Media Type|Header|Too Large|Timeout|Not Acceptable|multipart|param)\b/i;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Khung');
  token = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

/** The answer's body is `{statusCode, message}` with a catalogue message, in Vietnamese. */
function expectCatalogueAnswer(status: number, text: string, expected: number) {
  expect(status).toBe(expected);
  const body = JSON.parse(text) as { statusCode: unknown; message: unknown };
  expect(body).toEqual({ statusCode: expected, message: expect.any(String) });
  expect(CATALOGUE.has(body.message as string), String(body.message)).toBe(true);
  expect(text).not.toMatch(ENGLISH);
}

describe('errors raised by the framework', () => {
  const json = (payload: string, contentType = 'application/json') => ({
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
  const form = (payload: string, boundary = 'XyZ') =>
    json(payload, `multipart/form-data; boundary=${boundary}`);
  const cases: [string, number, () => InjectOptions][] = [
    ['a path that does not decode (FST_ERR_BAD_URL)', 400, () => ({ url: '/v2/%' })],
    [
      'an id that does not decode (FST_ERR_BAD_URL)',
      400,
      () => ({ url: '/v2/tickets/%E0%A4%A', headers: bearer(token) }),
    ],
    ['a file path that does not decode', 400, () => ({ url: '/files/%' })],
    [
      'a path parameter past its length (FST_ERR_MAX_PARAM_LENGTH)',
      414,
      () => ({ url: `/v2/customers/${'a'.repeat(300)}`, headers: bearer(token) }),
    ],
    [
      'an unsupported media type (FST_ERR_CTP_INVALID_MEDIA_TYPE)',
      415,
      () => ({ method: 'POST', url: '/v2/customers', ...json('<a/>', 'application/xml') }),
    ],
    [
      'malformed JSON',
      400,
      () => ({ method: 'POST', url: '/v2/customers', ...json('{"name": "An"') }),
    ],
    [
      'a body past the limit (FST_ERR_CTP_BODY_TOO_LARGE)',
      413,
      () => ({
        method: 'POST',
        url: '/v2/customers',
        ...json(JSON.stringify({ name: 'a'.repeat(1_100_000) })),
      }),
    ],
    [
      'JSON sent to a route reading a form (FST_INVALID_MULTIPART_CONTENT_TYPE)',
      415,
      () => ({ method: 'POST', url: '/v2/my-avatar', ...json('{}') }),
    ],
    [
      'a form field named __proto__ (FST_PROTO_VIOLATION)',
      400,
      () => ({
        method: 'POST',
        url: '/v2/my-avatar',
        ...form(
          '--XyZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XyZ--\r\n',
        ),
      }),
    ],
    [
      'a form field declared JSON that is not (FST_INVALID_JSON_FIELD_ERROR)',
      400,
      () => ({
        method: 'POST',
        url: '/v2/my-avatar',
        ...form(
          '--XyZ\r\nContent-Disposition: form-data; name="meta"\r\n' +
            'Content-Type: application/json\r\n\r\n{nope\r\n--XyZ--\r\n',
        ),
      }),
    ],
    [
      'a form without boundary',
      400,
      () => ({
        method: 'POST',
        url: '/v2/customers/import/preview',
        ...json('name\r\nAn\r\n', 'multipart/form-data'),
      }),
    ],
  ];

  it.each(cases)('answers %s in the catalogue words', async (_label, expected, options) => {
    const response = await t.app.inject({ method: 'GET', ...options() });
    expectCatalogueAnswer(response.statusCode, response.body, expected);
  });

  it('answers an empty JSON body on a route needing one with 422 naming the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; errors: { param: string }[] };
    expect(body.errors.map((item) => item.param)).toEqual(['body']);
    expect(body.message).not.toMatch(ENGLISH);
  });
});

describe("errors raised by Node's HTTP parser (clientError)", () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  const exchange = (request: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  /** The status and body of a raw HTTP/1.1 answer. */
  function parse(answer: string) {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head, body };
  }

  const cases: [string, number, string][] = [
    [
      'headers past the size limit (431)',
      431,
      `GET /v2/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
    ['a malformed request line', 400, 'NOT-HTTP\r\n\r\n'],
    ['a malformed header', 400, 'GET /v2/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    [
      'a malformed chunk',
      400,
      'POST /v2/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n',
    ],
  ];

  it.each(cases)('answers %s in the catalogue words', async (_label, expected, request) => {
    const { status, head, body } = parse(await exchange(request));
    expect(head).toMatch(/content-type: application\/json/i);
    expectCatalogueAnswer(status, body, expected);
  });
});
