import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users.js';
import { UNSAFE_TEXT_MESSAGE } from '@omnicare/shared/platform/validation';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';
import { GATEWAY_SECRET, gatewayHeaders } from '../test/telephony.js';

/**
 * The attack probe as a test: every /v2 route, every method, as a flagged administrator, fed
 * what a careless or hostile client sends (NUL characters, lone surrogates, JSON nested
 * thousands of levels deep, broken multipart). Nothing may answer 5xx, and a 422 carries the
 * contract's body.
 */

const UUID = '6f1c2a52-8d0e-4b3a-9c71-2f4e5d6a7b80';
const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Field names the API's bodies use, each holding `text` (or a list/object of it). */
function typicalBody(text: string): Record<string, Json> {
  const strings = [
    'name',
    'title',
    'keyword',
    'search',
    'email',
    'phone',
    'password',
    'code',
    'description',
    'content',
    'body',
    'message',
    'notes',
    'address',
    'key',
    'label',
    'value',
    'entity',
    'url',
    'link',
    'avatar_url',
    'sip_username',
    'sip_password',
    'sip_gateway_url',
    'hotline',
    'agent_id',
    'subject',
    'city_code',
    'district_code',
    'stack',
    'presence',
    'file_id',
    'user_agent',
  ];
  return {
    ...Object.fromEntries(strings.map((key) => [key, text])),
    phones: [{ phone: text, is_primary: true }],
    emails: [{ email: text }],
    options: [text],
    tags: [{ name: text }],
    custom: { [text]: text, note: text },
    settings: { [text]: text },
    mapping: { name: text },
    payload: { text },
    data: { text },
  };
}

/**
 * A body shaped by a JSON schema with plausible values (enums, uuids, emails, numbers), and the
 * paths of its free-text strings: a probe puts bad text into one of them at a time, so the rest
 * of the body passes validation and the bad text reaches as far as it can.
 */
function bodyFromSchema(schema: unknown): { body: Json; texts: (string | number)[][] } {
  const texts: (string | number)[][] = [];
  const build = (node: unknown, path: (string | number)[], depth: number): Json => {
    if (!node || typeof node !== 'object' || depth > 8) return 'Thử nghiệm';
    const shape = node as Record<string, unknown>;
    const alternatives = (shape.anyOf ?? shape.oneOf ?? shape.allOf) as unknown[] | undefined;
    if (alternatives?.length) {
      const chosen = alternatives.find((item) => (item as { type?: unknown }).type !== 'null');
      return build(chosen ?? alternatives[0], path, depth + 1);
    }
    const type = Array.isArray(shape.type) ? shape.type[0] : shape.type;
    if (shape.const !== undefined) return shape.const as Json;
    if (Array.isArray(shape.enum)) return shape.enum[0] as Json;
    if (type === 'object' || shape.properties) {
      const properties = (shape.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [
          key,
          build(value, [...path, key], depth + 1),
        ]),
      ) as Json;
    }
    if (type === 'array') return [build(shape.items, [...path, 0], depth + 1)];
    if (type === 'integer' || type === 'number')
      return typeof shape.minimum === 'number' ? shape.minimum : 1;
    if (type === 'boolean') return true;
    if (type === 'null') return null;
    if (shape.format === 'uuid') return UUID;
    if (shape.format === 'email') return 'tham.do@example.vn';
    if (shape.format === 'date-time') return new Date().toISOString();
    if (shape.format === 'date') return '2024-01-31';
    texts.push(path);
    return 'Thử nghiệm';
  };
  return { body: build(schema, [], 0), texts };
}

/** `body` with `text` at `path`. */
function withText(body: Json, path: (string | number)[], text: string): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, Json>;
  path.slice(0, -1).forEach((key) => (node = node[key] as Record<string | number, Json>));
  const last = path.at(-1);
  if (last === undefined) return text;
  node[last] = text;
  return copy;
}

/** A multipart body (boundary XyZ) of text fields, then one small file. */
const multipartFields = (fields: [string, string][]) =>
  fields
    .map(
      ([name, value]) =>
        `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('') +
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n' +
  'Content-Type: text/csv\r\n\r\nname\r\nAn\r\n--XyZ--\r\n';

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

interface Probe {
  label: string;
  query?: string;
  path?: (url: string) => string;
  payload?: string;
  contentType?: string;
}

const withIds = (url: string, value = UUID) => url.replace(/:[A-Za-z_]+/g, value);
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

function probesFor(method: string, url: string, schemaBody: unknown): Probe[] {
  const json = 'application/json';
  const probes: Probe[] = [
    { label: 'query NUL', query: 'keyword=%00&name=%00&search=%00' },
    { label: 'query NUL inside a value', query: 'keyword=a%00b&page=1&q=%00' },
    { label: 'query lone surrogate', query: 'keyword=%ED%A0%80&name=%ED%A0%80' },
    {
      label: 'query JSON with NUL',
      query: `custom=${encodeURIComponent('{"ghi_chu":"a\\u0000b"}')}`,
    },
  ];
  if (url.includes(':')) {
    probes.push({ label: 'path NUL', path: (u) => withIds(u, 'a%00b') });
    probes.push({ label: 'path surrogate', path: (u) => withIds(u, '%ED%A0%80') });
  }
  if (!hasBody(method)) return probes;
  const bodies: [string, unknown][] = [
    ['body {name: NUL}', { name: NUL }],
    ['body of typical fields with NUL', typicalBody(NUL)],
    ['body of typical fields with a lone surrogate', typicalBody(SURROGATE)],
    ['body of typical field names as NUL keys', { [NUL]: 'x', custom: { [NUL]: 'x' } }],
  ];
  if (schemaBody) {
    const { body, texts } = bodyFromSchema(schemaBody);
    for (const path of texts) {
      bodies.push([`NUL in ${path.join('.')}`, withText(body, path, NUL)]);
      bodies.push([`lone surrogate in ${path.join('.')}`, withText(body, path, SURROGATE)]);
    }
  }
  for (const [label, body] of bodies) probes.push({ label, payload: JSON.stringify(body) });
  probes.push(
    { label: 'JSON array 5000 deep', payload: deepArray(5000), contentType: json },
    { label: 'JSON object 5000 deep', payload: deepObject(5000), contentType: json },
    {
      label: 'JSON 5000 deep in a field',
      payload: `{"name":"x","custom":${deepObject(5000)},"payload":${deepArray(5000)}}`,
      contentType: json,
    },
    {
      label: 'multipart without boundary',
      payload: 'whatever',
      contentType: 'multipart/form-data',
    },
    {
      label: 'truncated multipart',
      payload:
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\nname,phone\r\nAn,0901',
      contentType: 'multipart/form-data; boundary=XyZ',
    },
    {
      label: 'multipart with a NUL file name',
      payload:
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\nname\r\nAn\r\n--XyZ--\r\n',
      contentType: 'multipart/form-data; boundary=XyZ',
    },
    {
      label: 'multipart with a NUL text field',
      payload: multipartFields([
        ['public', 'true'],
        ['body', NUL],
      ]),
      contentType: 'multipart/form-data; boundary=XyZ',
    },
    {
      label: 'multipart with a NUL field name',
      payload: multipartFields([[NUL, 'x']]),
      contentType: 'multipart/form-data; boundary=XyZ',
    },
  );
  return probes;
}

let t: TestApp;
let token: string;
let login: () => Promise<string>;
let openapi: { paths: Record<string, Record<string, { requestBody?: unknown }>> };

beforeAll(async () => {
  // With a gateway secret, sent on every probe: the gateway's routes then check what they are sent.
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
  const tenant = await seedTenant(t, 'Thăm dò');
  await t.database.db
    .update(users)
    .set({ isAdmin: true })
    .where(eq(users.id, tenant.id('admin')));
  login = () => t.login(tenant.email('admin'));
  token = await login();
  // A text field, so a custom filter holding bad text reaches the search.
  const field = await t.app.inject({
    method: 'POST',
    url: '/v2/fields',
    headers: bearer(token),
    payload: { entity: 'customer', key: 'ghi_chu', label: 'Ghi chú', type: 'text' },
  });
  expect(field.statusCode).toBe(201);
  openapi = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(() => t.close());

function schemaBodyOf(method: string, url: string): unknown {
  const path = url.replace(/:([A-Za-z_]+)/g, '{$1}');
  const operation = openapi.paths[path]?.[method.toLowerCase()] as
    { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined;
  return operation?.requestBody?.content?.['application/json']?.schema;
}

/** What is wrong with an answer: a 5xx, or an error body outside the contract. */
function problemOf(status: number, body: string): string | undefined {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (status < 400) return undefined;
  let parsed: { statusCode?: unknown; message?: unknown; errors?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} answered without a JSON body`;
  }
  if (parsed.statusCode !== status || typeof parsed.message !== 'string' || !parsed.message)
    return `${status} body outside the contract: ${body.slice(0, 200)}`;
  if (status !== 422) return undefined;
  const errors = parsed.errors;
  const wellFormed =
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (item: { param?: unknown; message?: unknown }) =>
        typeof item.param === 'string' && typeof item.message === 'string' && item.message,
    );
  return wellFormed ? undefined : `422 without errors [{param, message}]: ${body.slice(0, 200)}`;
}

describe('bad input on every route', () => {
  it('never answers 5xx, and its 422s carry {statusCode, message, errors: [{param, message}]}', async () => {
    const routes = t.app.routeCatalogue.filter(
      (route) => route.url.startsWith('/v2') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let sent = 0;
    /** The gateway's routes whose bad input got past the secret, as far as their checks. */
    const gatewayChecked = new Set<string>();
    /** Per route, whether each multipart probe with a NUL was refused as unsafe text (422). */
    const formsChecked = new Map<string, boolean[]>();
    for (const route of routes) {
      // Signing out ends the session the probe uses: it gets a session of its own.
      const ends = route.url === '/v2/logout';
      for (const probe of probesFor(
        route.method,
        route.url,
        schemaBodyOf(route.method, route.url),
      )) {
        const auth = ends ? await login() : token;
        const url = `${probe.path ? probe.path(route.url) : withIds(route.url)}${probe.query ? `?${probe.query}` : ''}`;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...bearer(auth),
            ...gatewayHeaders,
            ...(probe.payload !== undefined
              ? { 'content-type': probe.contentType ?? 'application/json' }
              : {}),
          },
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
        sent++;
        if (route.url.startsWith('/v2/telephony/') && response.statusCode === 422)
          gatewayChecked.add(route.url);
        if (probe.label.startsWith('multipart with a NUL')) {
          const refused =
            response.statusCode === 422 && response.json().message === UNSAFE_TEXT_MESSAGE;
          formsChecked.set(`${route.method} ${route.url}`, [
            ...(formsChecked.get(`${route.method} ${route.url}`) ?? []),
            refused,
          ]);
        }
        const problem = problemOf(response.statusCode, response.body);
        if (problem) problems.push(`${route.method} ${route.url} [${probe.label}]: ${problem}`);
        if (response.statusCode === 403 && !ends) token = await login();
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(problems).toEqual([]);
    expect([...gatewayChecked].sort()).toEqual(
      ['credentials', 'events', 'gateway-started', 'route'].map((name) => `/v2/telephony/${name}`),
    );
    // Every route reading a form refuses a NUL in any of its text fields, field names or file
    // names, as the JSON guard does; the others never read the form.
    const readingForms = [...formsChecked]
      .filter(([, refused]) => refused.some(Boolean))
      .map(([route, refused]) => `${route} ${refused.every(Boolean) ? 'all' : 'some'}`);
    expect(readingForms.sort()).toEqual(
      [
        'POST /v2/channels/:id/avatar',
        'POST /v2/customers/:id/avatar',
        'POST /v2/customers/import/preview',
        'POST /v2/my-avatar',
        'POST /v2/tickets/:id/comments',
      ].map((route) => `${route} all`),
    );
  }, 240_000);
});

describe('what bad input is answered', () => {
  const send = (method: 'GET' | 'POST', url: string, payload?: string, contentType?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...bearer(token),
        ...(payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  const unsafe = (param: string) => ({
    statusCode: 422,
    message: 'Không được chứa ký tự không hợp lệ',
    errors: [{ param, message: 'Không được chứa ký tự không hợp lệ' }],
  });

  it('names the field holding a NUL or a lone surrogate (422), and saves nothing', async () => {
    const nul = await send('POST', '/v2/customers', JSON.stringify({ name: NUL }));
    expect(nul.json()).toEqual(unsafe('name'));
    const nested = await send(
      'POST',
      '/v2/customers',
      JSON.stringify({ name: 'An', phones: [{ phone: '0901234567' }, { phone: SURROGATE }] }),
    );
    expect(nested.json()).toEqual(unsafe('phones.1.phone'));
    const list = await send('GET', '/v2/customers?page=1');
    expect(list.json().total).toBe(0);
  });

  it('names the query parameter holding a NUL (422)', async () => {
    const response = await send('GET', '/v2/users?keyword=%00');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(unsafe('keyword'));
  });

  it('refuses a custom filter whose JSON holds a NUL (422)', async () => {
    const custom = encodeURIComponent('{"ghi_chu":"a\\u0000b"}');
    const response = await send('GET', `/v2/customers?custom=${custom}`);
    expect(response.json()).toEqual(unsafe('custom'));
  });

  it('answers JSON nested thousands of levels deep with 400 and the catalogue message', async () => {
    const response = await send('POST', '/v2/customers', deepObject(5000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, message: 'Dữ liệu gửi lên không hợp lệ' });
  });

  it('names the form field holding a NUL (422) on a comment, and saves nothing', async () => {
    const ticket = await send(
      'POST',
      '/v2/tickets',
      JSON.stringify({ subject: 'Biểu mẫu', description: '<p>Mô tả</p>' }),
    );
    expect(ticket.statusCode).toBe(201);
    const comments = `/v2/tickets/${ticket.json().data._id}/comments`;
    const form = 'multipart/form-data; boundary=XyZ';
    const inBody = await send(
      'POST',
      comments,
      multipartFields([
        ['public', 'true'],
        ['body', NUL],
      ]),
      form,
    );
    expect(inBody.json()).toEqual(unsafe('body'));
    const inFileName = await send(
      'POST',
      comments,
      '--XyZ\r\nContent-Disposition: form-data; name="public"\r\n\r\ntrue\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="body"\r\n\r\nXin chào\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a\u0000.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\nnội dung\r\n--XyZ--\r\n',
      form,
    );
    expect(inFileName.json()).toEqual(unsafe('files'));
    const saved = await send('GET', `${comments}?page=1`);
    expect(saved.json().total).toBe(0);
  });

  it('names the file field whose file name holds a NUL (422) on an import', async () => {
    const response = await send(
      'POST',
      '/v2/customers/import/preview',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\nname\r\nAn\r\n--XyZ--\r\n',
      'multipart/form-data; boundary=XyZ',
    );
    expect(response.json()).toEqual(unsafe('file'));
  });

  it('answers a multipart body without boundary or cut short with 400', async () => {
    const broken = {
      statusCode: 400,
      message: 'Tệp tải lên bị lỗi hoặc không trọn vẹn, vui lòng tải lên lại',
    };
    const noBoundary = await send(
      'POST',
      '/v2/customers/import/preview',
      'name\r\nAn\r\n',
      'multipart/form-data',
    );
    expect(noBoundary.json()).toEqual(broken);
    const truncated = await send(
      'POST',
      '/v2/customers/import/preview',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,ph',
      'multipart/form-data; boundary=XyZ',
    );
    expect(truncated.json()).toEqual(broken);
  });
});
