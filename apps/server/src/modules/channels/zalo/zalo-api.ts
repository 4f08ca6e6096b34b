import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ZALO_API_BASE_URL,
  ZALO_MESSAGES as M,
  ZALO_OAUTH_BASE_URL,
} from '@omnicare/shared/channels/zalo.schemas';
import { safeRequest, type HttpAnswer } from '../../../platform/safe-http.js';
import { multipartBody, type OutgoingFile } from '../channel-files.js';

/**
 * Zalo's HTTP API as the shared channels notes document it (`channels/README.md` sections 1 and
 * 2, beside the design): OAuth v4 on the OAuth host, the OA's OpenAPI on the other, the webhook's
 * signature. Every call goes through `safeRequest` (private addresses allowed: the base URLs are
 * the administrator's settings, pointed at a local fake in tests).
 */

/** The settings a connection writes (a save of the channel keeps the stored ones). */
export const ZALO_CONNECTION_SETTINGS = [
  'oa_id',
  'oa_name',
  'oa_avatar',
  'token_expires_at',
  'connected_at',
] as const;

export interface ZaloHosts {
  oauth_base_url?: string;
  api_base_url?: string;
}
export const oauthBase = (settings: ZaloHosts) =>
  settings.oauth_base_url || process.env.ZALO_OAUTH_BASE_URL || ZALO_OAUTH_BASE_URL;
export const apiBase = (settings: ZaloHosts) =>
  settings.api_base_url || process.env.ZALO_API_BASE_URL || ZALO_API_BASE_URL;
const at = (base: string, path: string) => new URL(path, base.replace(/\/?$/, '/')).toString();

/** A refusal by Zalo: its code (negative, or the HTTP status) and message; `transient` may pass. */
export class ZaloError extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly transient: boolean,
  ) {
    super(`${code} ${reason}`.trim());
  }
}

/** OA access token invalid (documented) or expired (-220: UNVERIFIED, one third-party table). */
export const TOKEN_INVALID_CODES = new Set(['-216', '-220']);

async function call(request: Parameters<typeof safeRequest>[0]): Promise<HttpAnswer> {
  try {
    return await safeRequest(request);
  } catch (error) {
    throw new ZaloError('network', (error as Error).message || M.unreachable, true);
  }
}

function parse(answer: HttpAnswer): Record<string, unknown> {
  try {
    return JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    // Whether Zalo answers errors with HTTP 200 is UNVERIFIED: a 5xx/429 without JSON may pass.
    throw new ZaloError(
      String(answer.status),
      answer.body.slice(0, 200),
      answer.status >= 500 || answer.status === 429,
    );
  }
}

/** An OpenAPI answer `{error: 0, message, data}`, else its `{error: <negative>, message}`. */
function openApiData(answer: HttpAnswer): Record<string, unknown> {
  const json = parse(answer);
  if (answer.status >= 500 || answer.status === 429)
    throw new ZaloError(String(json.error ?? answer.status), String(json.message ?? ''), true);
  if (json.error !== 0 && json.error !== '0')
    throw new ZaloError(String(json.error ?? answer.status), String(json.message ?? ''), false);
  return (json.data as Record<string, unknown> | undefined) ?? {};
}

export interface ZaloTokens {
  access_token: string;
  refresh_token: string;
  /** When the access token expires (ISO). */
  expires_at: string;
}

/**
 * `POST {oauth}/v4/oa/access_token`, form-encoded, the app secret in the `secret_key` header;
 * the answer's top-level `access_token`, `refresh_token`, `expires_in` (seconds, a string).
 * An error answers `error` (e.g. -14005 invalid code, -14014 invalid refresh token: third-party
 * constants, UNVERIFIED) with `error_name` / `error_description`.
 */
async function tokenRequest(
  settings: ZaloHosts & { app_id: string },
  appSecret: string,
  form: Record<string, string>,
): Promise<ZaloTokens> {
  const answer = await call({
    method: 'POST',
    url: at(oauthBase(settings), 'v4/oa/access_token'),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      secret_key: appSecret,
    },
    body: new URLSearchParams({ app_id: settings.app_id, ...form }).toString(),
    timeoutMs: 10_000,
    allowPrivate: true,
  });
  const json = parse(answer);
  if (typeof json.access_token !== 'string' || !json.access_token) {
    const code = String(json.error ?? answer.status);
    const reason = String(json.error_description ?? json.error_name ?? json.message ?? '');
    throw new ZaloError(code, reason, answer.status >= 500 || answer.status === 429);
  }
  // A missing expires_in: one integration assumes an hour (CW-ZOAUTH); Zalo says 25 h (HEXA).
  const seconds = Number(json.expires_in ?? 3600) || 3600;
  return {
    access_token: json.access_token,
    refresh_token: String(json.refresh_token ?? ''),
    expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
  };
}

export const exchangeCode = (
  settings: ZaloHosts & { app_id: string },
  appSecret: string,
  code: string,
  codeVerifier: string,
) =>
  tokenRequest(settings, appSecret, {
    code,
    grant_type: 'authorization_code',
    code_verifier: codeVerifier,
  });

/** A refresh token is single use: the answer carries the next one, which must be stored. */
export const refreshTokens = (
  settings: ZaloHosts & { app_id: string },
  appSecret: string,
  refreshToken: string,
) =>
  tokenRequest(settings, appSecret, { refresh_token: refreshToken, grant_type: 'refresh_token' });

/** `{oauth}/v4/oa/permission?app_id&redirect_uri&code_challenge&state` (Zalo's consent page). */
export function permissionUrl(
  settings: ZaloHosts & { app_id: string },
  redirectUri: string,
  codeChallenge: string,
  state: string,
) {
  const url = new URL(at(oauthBase(settings), 'v4/oa/permission'));
  url.searchParams.set('app_id', settings.app_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * `GET {api}/v2.0/oa/getoa` (header `access_token`): `data.oa_id`, `data.name`; `data.avatar` is
 * read too (its name is UNVERIFIED: the notes show only oa_id and name).
 */
export async function oaInfo(settings: ZaloHosts, accessToken: string) {
  const data = openApiData(
    await call({
      method: 'GET',
      url: at(apiBase(settings), 'v2.0/oa/getoa'),
      headers: { access_token: accessToken },
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  return {
    oa_id: String(data.oa_id ?? ''),
    name: String(data.name ?? ''),
    avatar: typeof data.avatar === 'string' ? data.avatar : '',
  };
}

/** `GET {api}/v3.0/oa/user/detail?data={"user_id":…}`: a follower's name and avatar. */
export async function userProfile(settings: ZaloHosts, accessToken: string, userId: string) {
  const url = new URL(at(apiBase(settings), 'v3.0/oa/user/detail'));
  url.searchParams.set('data', JSON.stringify({ user_id: userId }));
  const data = openApiData(
    await call({
      method: 'GET',
      url: url.toString(),
      headers: { access_token: accessToken },
      timeoutMs: 5_000,
      allowPrivate: true,
    }),
  );
  const avatars = data.avatars as Record<string, unknown> | undefined;
  const avatar = avatars?.['240'] ?? data.avatar;
  return {
    name: typeof data.display_name === 'string' ? data.display_name : undefined,
    avatar: typeof avatar === 'string' ? avatar : undefined,
  };
}

/**
 * `POST {api}/v3.0/oa/message/cs` (a consultation message), header `access_token`, body
 * `{recipient: {user_id}, message}`; success `{error: 0, data: {message_id}}`.
 */
async function sendConsultation(
  settings: ZaloHosts,
  accessToken: string,
  userId: string,
  message: Record<string, unknown>,
) {
  const data = openApiData(
    await call({
      method: 'POST',
      url: at(apiBase(settings), 'v3.0/oa/message/cs'),
      headers: { 'content-type': 'application/json', access_token: accessToken },
      body: JSON.stringify({ recipient: { user_id: userId }, message }),
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  return { message_id: String(data.message_id ?? '') };
}

/** A text message: `message: {text}`. */
export const sendText = (settings: ZaloHosts, accessToken: string, userId: string, text: string) =>
  sendConsultation(settings, accessToken, userId, { text });

/** Images Zalo's `upload/image` takes (JPEG and PNG, per its SDK samples); the rest go as files. */
export const isZaloImage = (contentType: string) =>
  contentType === 'image/jpeg' || contentType === 'image/png';

/**
 * `POST {api}/v2.0/oa/upload/image` or `…/upload/file`, multipart with the file under `file`,
 * header `access_token`: an image's `data.attachment_id`, a file's `data.token`.
 */
export async function uploadToZalo(settings: ZaloHosts, accessToken: string, file: OutgoingFile) {
  const image = isZaloImage(file.contentType);
  const { body, headers } = multipartBody({}, 'file', file);
  const data = openApiData(
    await call({
      method: 'POST',
      url: at(apiBase(settings), image ? 'v2.0/oa/upload/image' : 'v2.0/oa/upload/file'),
      headers: { ...headers, access_token: accessToken },
      body,
      timeoutMs: 30_000,
      allowPrivate: true,
    }),
  );
  const handle = image ? data.attachment_id : data.token;
  if (typeof handle !== 'string' || !handle) throw new ZaloError('upload', M.unreachable, true);
  return image ? { image: handle } : { file: handle };
}

/**
 * An uploaded image as a media template (`attachment_id`, with the text beside it), or a file
 * by its token (the shared channels notes, section 2).
 */
export const sendAttachment = (
  settings: ZaloHosts,
  accessToken: string,
  userId: string,
  uploaded: { image: string } | { file: string },
  text?: string,
) =>
  sendConsultation(
    settings,
    accessToken,
    userId,
    'image' in uploaded
      ? {
          ...(text ? { text } : {}),
          attachment: {
            type: 'template',
            payload: {
              template_type: 'media',
              elements: [{ media_type: 'image', attachment_id: uploaded.image }],
            },
          },
        }
      : { attachment: { type: 'file', payload: { token: uploaded.file } } },
  );

/** `mac=` + hex SHA-256(app_id + raw body + timestamp + OA secret key): a plain hash, no HMAC. */
export const webhookMac = (appId: string, rawBody: string, timestamp: string, oaSecret: string) =>
  createHash('sha256').update(`${appId}${rawBody}${timestamp}${oaSecret}`, 'utf8').digest('hex');

/**
 * Whether `X-ZEvent-Signature` signs this body: `app_id` and `timestamp` are the body's own
 * fields; the header's `mac=` prefix is optional (integrations strip it).
 */
export function signatureValid(
  header: string | undefined,
  rawBody: string,
  body: { app_id?: unknown; timestamp?: unknown },
  oaSecret: string,
) {
  if (!header || typeof body.app_id !== 'string' || body.timestamp === undefined) return false;
  const given = header.trim().replace(/^mac=/i, '').toLowerCase();
  const expected = webhookMac(body.app_id, rawBody, String(body.timestamp), oaSecret);
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}
