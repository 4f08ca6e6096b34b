import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMultipart, type ReceivedFilePart } from './provider-fakes.js';
import { TINY_PNG } from './zalo-fake.js';

/**
 * A local Graph API for Messenger, speaking the formats of the shared channels notes (section
 * 4), for tests and the browser tests:
 * - `POST /{version}/{page_id}/messages?access_token=` (the Send API: `{recipient: {id},
 *   messaging_type, message: {text}}` → `{recipient_id, message_id}`; 190 for an unknown token,
 *   10/2018278 "outside of allowed window" for a person silent for 24 hours, 551 for a PSID that
 *   never wrote); the same as a form (upload and send): `recipient`, `messaging_type` and
 *   `message` = `{attachment: {type, payload}}` as JSON fields, the file under `filedata`;
 * - `GET /{version}/{page_id}?fields=id,name` (page info), `GET /{version}/{psid}` (a profile);
 * - `GET /{version}/me/accounts` with the User access token: the Pages the person manages, with
 *   their Page tokens and tasks (one with MESSAGING, one without);
 * - `GET /files/<name>`: an attachment as Meta's CDN would serve it;
 * - `webhook(items)`: an envelope signed as Meta signs it (`X-Hub-Signature-256` and the legacy
 *   `X-Hub-Signature`), to post to our server.
 */

export interface FacebookFakePage {
  pageId: string;
  pageName: string;
  pageToken: string;
  appSecret: string;
  /** The User access token of the person who manages the Page (Facebook Login's). */
  userToken: string;
}

export const FACEBOOK_FAKE_PAGE: FacebookFakePage = {
  pageId: '104857600000001',
  pageName: 'OmniCare Shop Fanpage',
  pageToken: 'EAAG-page-token-test',
  appSecret: 'APP_SECRET_TEST',
  userToken: 'EAAG-user-token-test',
};

/** Another Page the same person manages without the right to message (filtered out). */
export const FACEBOOK_FAKE_OTHER_PAGE = { id: '104857600000002', name: 'Trang chỉ xem' };

export interface GraphSent {
  path: string;
  access_token: string;
  recipient: { id: string };
  messaging_type: string;
  message: { text?: string; attachment?: { type: string; payload: Record<string, unknown> } };
  /** A file sent as a form's `filedata`, as it came. */
  file?: ReceivedFilePart;
}

type Answer = { status: number; json?: unknown; body?: Buffer; type?: string };

const graphError = (status: number, code: number, message: string, subcode?: number) => ({
  status,
  json: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      fbtrace_id: randomBytes(6).toString('base64'),
    },
  },
});

export async function fakeFacebook(page: FacebookFakePage = FACEBOOK_FAKE_PAGE) {
  /** People who wrote to the Page: their name and when they last wrote (the 24-hour window). */
  const people = new Map<string, { name: string; lastAt: number }>();
  const sent: GraphSent[] = [];
  const failures: Answer[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}.${++counter}:${randomBytes(6).toString('hex')}`;

  const handle = (req: http.IncomingMessage, bytes: Buffer): Answer => {
    const raw = bytes.toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith('/files/'))
      return { status: 200, body: TINY_PNG, type: 'image/png' };
    const [, version, node, edge] = url.pathname.split('/');
    if (!version?.match(/^v\d+\.\d+$/)) return graphError(400, 100, 'Unknown path components');
    if (req.method === 'GET' && node === 'me' && edge === 'accounts') {
      if (url.searchParams.get('access_token') !== page.userToken)
        return graphError(400, 190, 'Invalid OAuth access token.');
      return {
        status: 200,
        json: {
          data: [
            {
              id: page.pageId,
              name: page.pageName,
              access_token: page.pageToken,
              tasks: ['ANALYZE', 'ADVERTISE', 'MESSAGING', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
            },
            {
              ...FACEBOOK_FAKE_OTHER_PAGE,
              access_token: 'EAAG-other-page-token',
              tasks: ['ANALYZE'],
            },
          ],
          paging: { cursors: { before: 'a', after: 'b' } },
        },
      };
    }
    const failure = edge === 'messages' ? failures.shift() : undefined;
    if (failure) return failure;
    if (url.searchParams.get('access_token') !== page.pageToken)
      return graphError(400, 190, 'Invalid OAuth access token.');
    if (req.method === 'POST' && node === page.pageId && edge === 'messages') {
      const contentType = String(req.headers['content-type'] ?? '');
      let body: Omit<GraphSent, 'path' | 'access_token'>;
      if (contentType.startsWith('multipart/form-data')) {
        const { fields, files } = readMultipart(contentType, bytes);
        if (!files.filedata?.content.length)
          return graphError(400, 100, '(#100) Upload attachment failure.');
        body = {
          recipient: JSON.parse(fields.recipient ?? '{}') as GraphSent['recipient'],
          messaging_type: fields.messaging_type ?? '',
          message: JSON.parse(fields.message ?? '{}') as GraphSent['message'],
          file: files.filedata,
        };
      } else body = JSON.parse(raw) as Omit<GraphSent, 'path' | 'access_token'>;
      const person = people.get(body.recipient?.id ?? '');
      if (!person) return graphError(400, 551, "This person isn't available right now.");
      if (Date.now() - person.lastAt > 24 * 3600 * 1000)
        return graphError(400, 10, 'This message is sent outside of allowed window.', 2018278);
      sent.push({ ...body, path: url.pathname, access_token: page.pageToken });
      return { status: 200, json: { recipient_id: body.recipient.id, message_id: next('m_out') } };
    }
    if (req.method === 'GET' && node === page.pageId && !edge)
      return { status: 200, json: { id: page.pageId, name: page.pageName } };
    if (req.method === 'GET' && node && !edge) {
      const person = people.get(node);
      if (!person) return graphError(400, 100, 'Unsupported get request.');
      const words = person.name.split(' ');
      return {
        status: 200,
        json: {
          id: node,
          name: person.name,
          first_name: words.at(-1),
          last_name: words[0],
          profile_pic: 'https://platform-lookaside.fbsbx.com/p.jpg',
        },
      };
    }
    return graphError(404, 803, 'Unknown path');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks));
      if (answer.body) {
        res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/octet-stream' });
        res.end(answer.body);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Meta's signature scheme, written again here (not the server's code). */
  const sign = (payload: string, secret: string) => ({
    'content-type': 'application/json',
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
    'x-hub-signature': `sha1=${createHmac('sha1', secret).update(payload).digest('hex')}`,
  });

  return {
    url,
    page,
    sent,
    /** A person who wrote to the Page (`lastAt`: when, for the 24-hour window). */
    person(psid: string, name: string, lastAt = Date.now()) {
      people.set(psid, { name, lastAt });
    },
    /** The next Send API call answers this (a 500, a Graph error…). */
    failNextSend(answer: Answer) {
      failures.push(answer);
    },
    graphError,
    /** A message from a person, as a `messaging` item (its `mid` made up when not given). */
    message(psid: string, message: Record<string, unknown>, extra: Record<string, unknown> = {}) {
      const person = people.get(psid);
      if (person) person.lastAt = Date.now();
      return {
        sender: { id: psid },
        recipient: { id: page.pageId },
        timestamp: Date.now(),
        message: { mid: next('m_in'), ...message },
        ...extra,
      };
    },
    /**
     * `messaging` items in Meta's envelope, with its headers, signed with the app secret
     * (`secret` to sign with another one).
     */
    webhook(items: Record<string, unknown>[], secret = page.appSecret) {
      const payload = JSON.stringify({
        object: 'page',
        entry: [{ id: page.pageId, time: Date.now(), messaging: items }],
      });
      return { payload, headers: sign(payload, secret) };
    },
    /** Posts a signed delivery to a running server's webhook (the browser tests). */
    async deliver(
      webhookUrl: string,
      signed: { payload: string; headers: Record<string, string> },
    ) {
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        headers: signed.headers,
        body: signed.payload,
      });
      return answer.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FacebookFake = Awaited<ReturnType<typeof fakeFacebook>>;
