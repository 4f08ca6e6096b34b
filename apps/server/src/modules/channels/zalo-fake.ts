import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMultipart, type ReceivedFilePart } from './provider-fakes.js';

/**
 * A local Zalo (OAuth v4 host and OA OpenAPI host on one port), speaking the formats of the
 * shared channels notes (sections 1 and 2), for tests and the browser tests:
 * - `GET /v4/oa/permission` (the administrator "grants" at once: 302 to `redirect_uri` with
 *   `code`, `oa_id`, `state`, `code_challenge`), `POST /v4/oa/access_token` (form; `secret_key`
 *   header; authorization_code with the PKCE verifier checked against the challenge, or
 *   refresh_token, single use);
 * - `GET /v2.0/oa/getoa`, `GET /v3.0/oa/user/detail`, `POST /v3.0/oa/message/cs` (header
 *   `access_token`; -216 for an unknown token, -213 for a non-follower, -230 for one silent for
 *   7 days; a media template by `attachment_id`, a file by its token);
 * - `POST /v2.0/oa/upload/image` and `/v2.0/oa/upload/file` (multipart, the file under `file`):
 *   `data.attachment_id` or `data.token`;
 * - `GET /files/<name>`: a follower's image, as Zalo's CDN would serve it;
 * - `webhook(body)`: a body signed as Zalo signs it, to post to our server.
 * Error codes other than -216/-213/-230 and the OAuth ones are third-party (UNVERIFIED).
 */

export interface ZaloFakeAccount {
  appId: string;
  appSecret: string;
  oaId: string;
  oaName: string;
  oaSecret: string;
}

export const ZALO_FAKE_ACCOUNT: ZaloFakeAccount = {
  appId: '2553928453557884079',
  appSecret: 'app-secret-test',
  oaId: '3662729599332560487',
  oaName: 'OmniCare Shop',
  oaSecret: 'OA_SECRET_TEST',
};

export interface ZaloCsSent {
  access_token: string;
  recipient: { user_id: string };
  message: { text?: string; attachment?: Record<string, unknown> };
}

/** A file uploaded to the fake: what it was sent as, and the handle it answered. */
export interface ZaloUploaded extends ReceivedFilePart {
  kind: 'image' | 'file';
  handle: string;
}

/** The smallest PNG (1×1), what the fake CDN answers for any image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Answer = { status: number; json?: unknown; body?: Buffer; type?: string; location?: string };

export async function fakeZalo(account: ZaloFakeAccount = ZALO_FAKE_ACCOUNT) {
  const codes = new Map<string, { challenge: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  /** Followers by user id: their profile and when they last wrote (the 7-day window). */
  const followers = new Map<string, { name: string; lastAt: number }>();
  const sent: ZaloCsSent[] = [];
  const uploads: ZaloUploaded[] = [];
  const tokenRequests: Record<string, string>[] = [];
  const failures: Answer[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}-${++counter}-${randomBytes(4).toString('hex')}`;
  const issue = () => {
    const access = next('access');
    const refresh = next('refresh');
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: '90000' };
  };
  const invalidToken = { status: 200, json: { error: -216, message: 'Access token is invalid' } };

  const handle = (req: http.IncomingMessage, bytes: Buffer): Answer => {
    const raw = bytes.toString();
    const url = new URL(req.url ?? '/', 'http://fake');
    const token = String(req.headers.access_token ?? '');
    if (req.method === 'GET' && url.pathname === '/v4/oa/permission') {
      const code = next('code');
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
      back.searchParams.set('code', code);
      back.searchParams.set('oa_id', account.oaId);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('code_challenge', url.searchParams.get('code_challenge') ?? '');
      return { status: 302, location: back.toString() };
    }
    if (req.method === 'POST' && url.pathname === '/v4/oa/access_token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      tokenRequests.push({ ...form, secret_key: String(req.headers.secret_key ?? '') });
      if (req.headers.secret_key !== account.appSecret || form.app_id !== account.appId)
        return {
          status: 200,
          json: {
            error: -14002,
            error_name: 'Invalid app',
            error_description: 'app secret invalid',
          },
        };
      if (form.grant_type === 'authorization_code') {
        const grant = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '', 'ascii')
          .digest('base64url');
        if (!grant || !form.code_verifier || challenge !== grant.challenge)
          return {
            status: 200,
            json: {
              error: -14005,
              error_name: 'Invalid authorization code',
              error_description: 'Invalid authorization code',
            },
          };
        return { status: 200, json: issue() };
      }
      if (form.grant_type === 'refresh_token') {
        if (!refreshTokens.delete(form.refresh_token ?? ''))
          return {
            status: 200,
            json: {
              error: -14014,
              error_name: 'Invalid refresh token',
              error_description: 'Invalid refresh token',
            },
          };
        return { status: 200, json: issue() };
      }
      return { status: 200, json: { error: -14001, error_description: 'grant_type invalid' } };
    }
    if (req.method === 'GET' && url.pathname.startsWith('/files/'))
      return { status: 200, body: TINY_PNG, type: 'image/png' };
    const failure = url.pathname.startsWith('/v3.0/oa/message') ? failures.shift() : undefined;
    if (failure) return failure;
    if (!accessTokens.has(token)) return invalidToken;
    if (req.method === 'GET' && url.pathname === '/v2.0/oa/getoa')
      return {
        status: 200,
        json: {
          error: 0,
          message: 'Success',
          data: {
            oa_id: account.oaId,
            name: account.oaName,
            avatar: 'https://s160-ava-talk.zadn.vn/oa.jpg',
          },
        },
      };
    if (req.method === 'GET' && url.pathname === '/v3.0/oa/user/detail') {
      const { user_id: userId } = JSON.parse(url.searchParams.get('data') ?? '{}') as {
        user_id?: string;
      };
      const follower = followers.get(userId ?? '');
      if (!follower)
        return { status: 200, json: { error: -213, message: 'User has not followed OA' } };
      return {
        status: 200,
        json: {
          error: 0,
          message: 'Success',
          data: {
            user_id: userId,
            display_name: follower.name,
            avatars: { '240': 'https://s240-ava-talk.zadn.vn/u.jpg' },
          },
        },
      };
    }
    if (req.method === 'POST' && /^\/v2\.0\/oa\/upload\/(image|file)$/.test(url.pathname)) {
      const file = readMultipart(String(req.headers['content-type'] ?? ''), bytes).files.file;
      if (!file?.content.length)
        return { status: 200, json: { error: -210, message: 'File is empty or missing' } };
      const kind = url.pathname.endsWith('image') ? 'image' : 'file';
      const handle = next(kind === 'image' ? 'att' : 'filetoken');
      uploads.push({ kind, ...file, handle });
      return {
        status: 200,
        json: {
          error: 0,
          message: 'Success',
          data: kind === 'image' ? { attachment_id: handle } : { token: handle },
        },
      };
    }
    if (req.method === 'POST' && url.pathname === '/v3.0/oa/message/cs') {
      const body = JSON.parse(raw) as Omit<ZaloCsSent, 'access_token'>;
      const follower = followers.get(body.recipient?.user_id ?? '');
      if (!follower)
        return { status: 200, json: { error: -213, message: 'User has not followed OA' } };
      if (Date.now() - follower.lastAt > 7 * 24 * 3600 * 1000)
        return {
          status: 200,
          json: { error: -230, message: 'User has not interacted with the OA in the past 7 days' },
        };
      sent.push({ ...body, access_token: token });
      return {
        status: 200,
        json: {
          error: 0,
          message: 'Success',
          data: { message_id: next('oamsg'), user_id: body.recipient.user_id },
        },
      };
    }
    return { status: 404, json: { error: -404, message: 'not found' } };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks));
      if (answer.location) {
        res.writeHead(answer.status, { location: answer.location });
        res.end();
        return;
      }
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

  let messageCounter = 0;
  return {
    url,
    account,
    sent,
    uploads,
    tokenRequests,
    accessTokens,
    /** A follower of the OA (they may be written to while `lastAt` is within 7 days). */
    follow(userId: string, name: string, lastAt = Date.now()) {
      followers.set(userId, { name, lastAt });
    },
    /** The next message send answers this (a 500, a Zalo error…). */
    failNextSend(answer: Answer) {
      failures.push(answer);
    },
    /** Every access token issued so far stops working (Zalo revoked or expired them). */
    revokeAccessTokens() {
      accessTokens.clear();
    },
    /**
     * A follower's event as Zalo posts it: the exact body and its headers, signed with the OA
     * secret (`secret` to sign with another one).
     */
    webhook(
      event: {
        event_name: string;
        sender: string;
        message: Record<string, unknown>;
        timestamp?: number;
      },
      secret = account.oaSecret,
    ) {
      const timestamp = String(event.timestamp ?? Date.now());
      const follower = followers.get(event.sender);
      if (follower) follower.lastAt = Number(timestamp);
      const payload = JSON.stringify({
        app_id: account.appId,
        user_id_by_app: `app-${event.sender}`,
        event_name: event.event_name,
        timestamp,
        sender: { id: event.sender },
        recipient: { id: account.oaId },
        message: {
          msg_id: `zmsg-${++messageCounter}-${randomBytes(4).toString('hex')}`,
          ...event.message,
        },
      });
      // Zalo's scheme, written again here (not the server's code): sha256(app_id+body+timestamp+secret).
      const mac = createHash('sha256')
        .update(`${account.appId}${payload}${timestamp}${secret}`)
        .digest('hex');
      return {
        payload,
        headers: { 'content-type': 'application/json', 'x-zevent-signature': `mac=${mac}` },
      };
    },
    /** Posts a signed event to a running server's webhook (the browser tests). */
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
export type ZaloFake = Awaited<ReturnType<typeof fakeZalo>>;
