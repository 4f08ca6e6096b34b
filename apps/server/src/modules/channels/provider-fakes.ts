import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ESMS_SEND_PATH } from './drivers/esms.js';

/** A file part of a multipart body, as a provider's fake received it. */
export interface ReceivedFilePart {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * A multipart/form-data body read as the fakes need it (written here, not the server's code):
 * its text fields and its file parts by field name, bytes kept as they came.
 */
export function readMultipart(contentType: string, body: Buffer) {
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFilePart> = {};
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return { fields, files };
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  let at = text.indexOf(delimiter);
  while (at >= 0) {
    const headersStart = at + delimiter.length + 2;
    const next = text.indexOf(`\r\n${delimiter}`, headersStart);
    if (next < 0) break;
    const headersEnd = text.indexOf('\r\n\r\n', headersStart);
    const headers = text.slice(headersStart, headersEnd);
    const name = /name="([^"]*)"/.exec(headers)?.[1] ?? '';
    const content = body.subarray(headersEnd + 4, next);
    const fileName = /filename="([^"]*)"/.exec(headers)?.[1];
    if (fileName === undefined) fields[name] = content.toString('utf8');
    else
      files[name] = {
        fileName: Buffer.from(fileName, 'latin1').toString('utf8'),
        contentType: /content-type: *([^\r\n]+)/i.exec(headers)?.[1] ?? '',
        content,
      };
    at = next + 2;
  }
  return { fields, files };
}

/**
 * Local fakes of the message providers, speaking their documented formats (./README.md), for
 * tests: each records what it accepted and answers like the provider, errors included.
 */
interface Fake<Sent> {
  url: string;
  sent: Sent[];
  close(): Promise<void>;
}

async function serve(
  handle: (req: http.IncomingMessage, body: string) => { status: number; json: unknown },
) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const answer = handle(req, body);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface EsmsSent {
  ApiKey: string;
  SecretKey: string;
  Phone: string;
  Content: string;
  Brandname: string;
  SmsType: string;
  IsUnicode?: string;
  RequestId?: string;
}

/** eSMS.vn: `POST /MainService.svc/json/SendMultipleMessage_V4_post_json/`. */
export async function fakeEsms(
  account = { apiKey: 'esms-key', secretKey: 'esms-secret' },
): Promise<Fake<EsmsSent>> {
  const sent: EsmsSent[] = [];
  const seen = new Set<string>();
  const server = await serve((req, body) => {
    if (req.method !== 'POST' || req.url !== ESMS_SEND_PATH) return { status: 404, json: {} };
    const message = JSON.parse(body) as EsmsSent;
    // 101: wrong ApiKey/SecretKey; 99: an unknown error (a bad phone here); 124: a RequestId seen before.
    if (message.ApiKey !== account.apiKey || message.SecretKey !== account.secretKey)
      return { status: 200, json: { CodeResult: '101', ErrorMessage: 'Authorize Failed' } };
    if (!/^0\d{9}$|^84\d{9}$/.test(message.Phone))
      return { status: 200, json: { CodeResult: '99', ErrorMessage: 'Phone invalid' } };
    if (message.RequestId && seen.has(message.RequestId))
      return { status: 200, json: { CodeResult: '124', ErrorMessage: 'Duplicate RequestId' } };
    if (message.RequestId) seen.add(message.RequestId);
    sent.push(message);
    return {
      status: 200,
      json: { CodeResult: '100', CountRegenerate: 0, SMSID: `sms-${sent.length}` },
    };
  });
  return { ...server, sent };
}

export interface ZnsSent {
  phone: string;
  template_id: string;
  template_data: Record<string, string>;
  tracking_id: string;
  access_token: string;
}

/** A template registered at the fake: its status and its parameters' names. */
export interface ZnsFakeTemplate {
  status: string;
  params: string[];
}

/**
 * Zalo ZNS: `POST /message/template` and `GET /template/info/v2?template_id=` (the templates
 * given), with the `access_token` header.
 */
export async function fakeZns(
  accessToken = 'zns-token',
  templates: Record<string, ZnsFakeTemplate> = {},
): Promise<Fake<ZnsSent>> {
  const sent: ZnsSent[] = [];
  const server = await serve((req, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/template/info/v2') {
      if (req.headers.access_token !== accessToken)
        return { status: 200, json: { error: -124, message: 'Access token invalid' } };
      const id = url.searchParams.get('template_id') ?? '';
      const template = templates[id];
      if (!template) return { status: 200, json: { error: -109, message: 'Template ID invalid' } };
      return {
        status: 200,
        json: {
          error: 0,
          message: 'Success',
          data: {
            templateId: id,
            templateName: `Mẫu ${id}`,
            status: template.status,
            listParams: template.params.map((name) => ({
              name,
              require: true,
              type: 'STRING',
              maxLength: 30,
              minLength: 0,
              acceptNull: false,
            })),
          },
        },
      };
    }
    if (req.method !== 'POST' || req.url !== '/message/template') return { status: 404, json: {} };
    if (req.headers.access_token !== accessToken)
      return { status: 200, json: { error: -124, message: 'Access token invalid' } };
    const message = JSON.parse(body) as Omit<ZnsSent, 'access_token'>;
    if (!/^84\d{9}$/.test(message.phone))
      return { status: 200, json: { error: -108, message: 'Phone number invalid' } };
    if (!message.template_id)
      return { status: 200, json: { error: -109, message: 'Template ID invalid' } };
    sent.push({ ...message, access_token: accessToken });
    return {
      status: 200,
      json: {
        error: 0,
        message: 'Success',
        data: {
          msg_id: `zns-${sent.length}`,
          sent_time: String(Date.now()),
          sending_mode: '1',
          quota: { dailyQuota: '5000', remainingQuota: String(5000 - sent.length) },
        },
      },
    };
  });
  return { ...server, sent };
}
