import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  FACEBOOK_API_VERSION,
  FACEBOOK_GRAPH_BASE_URL,
  FACEBOOK_MESSAGES as M,
} from '@omnicare/shared/channels/facebook.schemas';
import { multipartBody, type OutgoingFile } from '../channel-files.js';
import { safeRequest, type HttpAnswer } from '../../../platform/safe-http.js';

/**
 * Meta's Graph API and webhook signature for Messenger, as the shared channels notes document
 * them (section 4). Every call goes through `safeRequest` (private addresses allowed: the base
 * URL is the administrator's setting, pointed at a local fake in tests).
 */

export interface GraphSettings {
  page_id?: string;
  graph_base_url?: string;
  api_version?: string;
}
const graphBase = (settings: GraphSettings) =>
  settings.graph_base_url || process.env.FACEBOOK_GRAPH_BASE_URL || FACEBOOK_GRAPH_BASE_URL;
const graphUrl = (settings: GraphSettings, path: string) =>
  new URL(
    `${settings.api_version || FACEBOOK_API_VERSION}/${path}`,
    graphBase(settings).replace(/\/?$/, '/'),
  );

/** A refusal by the Graph API: its code (`code` or the HTTP status), subcode and message. */
export class GraphError extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly transient: boolean,
    readonly subcode?: string,
  ) {
    super(`${code} ${reason}`.trim());
  }
}

/**
 * Codes worth another try: 1 and 2 (temporary), 4 (application request limit), 17 and 32 (user
 * and page request limits), 613 (rate limit: number as integrations map it, UNVERIFIED), and
 * any HTTP 5xx or 429, or an error saying `is_transient`.
 */
const TRANSIENT_CODES = new Set(['1', '2', '4', '17', '32', '613']);

async function call(request: Parameters<typeof safeRequest>[0]): Promise<HttpAnswer> {
  try {
    return await safeRequest(request);
  } catch (error) {
    throw new GraphError('network', (error as Error).message || M.unreachable, true);
  }
}

/** The answer's JSON, or its `{error: {message, type, code, error_subcode}}` thrown. */
function graphData(answer: HttpAnswer): Record<string, unknown> {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    throw new GraphError(
      String(answer.status),
      answer.body.slice(0, 200),
      answer.status >= 500 || answer.status === 429,
    );
  }
  const error = json.error as Record<string, unknown> | undefined;
  if (error || answer.status >= 400) {
    const code = String(error?.code ?? answer.status);
    throw new GraphError(
      code,
      String(error?.message ?? ''),
      TRANSIENT_CODES.has(code) ||
        error?.is_transient === true ||
        answer.status >= 500 ||
        answer.status === 429,
      error?.error_subcode === undefined ? undefined : String(error.error_subcode),
    );
  }
  return json;
}

/**
 * `POST {graph}/{version}/{page_id}/messages?access_token=…` with `{recipient: {id: PSID},
 * messaging_type: 'RESPONSE', message: {text}}`; success `{recipient_id, message_id}`.
 */
export async function sendText(
  settings: GraphSettings,
  pageToken: string,
  psid: string,
  text: string,
) {
  const url = graphUrl(settings, `${settings.page_id}/messages`);
  url.searchParams.set('access_token', pageToken);
  const data = graphData(
    await call({
      method: 'POST',
      url: url.toString(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        recipient: { id: psid },
        messaging_type: 'RESPONSE',
        message: { text },
      }),
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  return { message_id: String(data.message_id ?? '') };
}

/** How Messenger sends a file of a type: images, video and audio as such, the rest as `file`. */
export type MessengerAttachmentKind = 'image' | 'video' | 'audio' | 'file';
export function messengerAttachmentKind(contentType: string): MessengerAttachmentKind {
  const [family] = contentType.split('/');
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'file';
}

/**
 * A file sent by the Send API in one step (upload and send): the same endpoint as a form,
 * `recipient` and `messaging_type` and `message` = `{attachment: {type, payload: {}}}` as JSON
 * fields, the bytes under `filedata` (Meta's "Saving assets" page); success as a text's.
 */
export async function sendFile(
  settings: GraphSettings,
  pageToken: string,
  psid: string,
  file: OutgoingFile,
) {
  const url = graphUrl(settings, `${settings.page_id}/messages`);
  url.searchParams.set('access_token', pageToken);
  const { body, headers } = multipartBody(
    {
      recipient: JSON.stringify({ id: psid }),
      messaging_type: 'RESPONSE',
      message: JSON.stringify({
        attachment: { type: messengerAttachmentKind(file.contentType), payload: {} },
      }),
    },
    'filedata',
    file,
  );
  const data = graphData(
    await call({
      method: 'POST',
      url: url.toString(),
      headers,
      body,
      timeoutMs: 30_000,
      allowPrivate: true,
    }),
  );
  return { message_id: String(data.message_id ?? '') };
}

/**
 * `GET {graph}/{version}/me/accounts?fields=id,name,access_token,tasks` with a User access token
 * (Meta's Pages API): the Pages the person manages, each with its own Page token; only those
 * whose tasks include MESSAGING (or that name no tasks).
 */
export async function managedPages(settings: GraphSettings, userToken: string) {
  const url = graphUrl(settings, 'me/accounts');
  url.searchParams.set('fields', 'id,name,access_token,tasks');
  url.searchParams.set('limit', '100');
  url.searchParams.set('access_token', userToken);
  const data = graphData(
    await call({
      method: 'GET',
      url: url.toString(),
      headers: {},
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  const pages = Array.isArray(data.data) ? (data.data as Record<string, unknown>[]) : [];
  return pages
    .filter((page) => !Array.isArray(page.tasks) || page.tasks.includes('MESSAGING'))
    .map((page) => ({
      id: String(page.id ?? ''),
      name: String(page.name ?? ''),
      accessToken: String(page.access_token ?? ''),
    }))
    .filter((page) => page.id && page.accessToken);
}

/** `GET {graph}/{version}/{page_id}?fields=id,name`: the Page the token opens. */
export async function pageInfo(settings: GraphSettings, pageToken: string) {
  const url = graphUrl(settings, settings.page_id ?? '');
  url.searchParams.set('fields', 'id,name');
  url.searchParams.set('access_token', pageToken);
  const data = graphData(
    await call({
      method: 'GET',
      url: url.toString(),
      headers: {},
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  return { id: String(data.id ?? ''), name: String(data.name ?? '') };
}

/**
 * `GET {graph}/{version}/{psid}?fields=name,first_name,last_name,profile_pic` (best effort; the
 * full `name` preferred: Vietnamese names read family name first).
 */
export async function userProfile(settings: GraphSettings, pageToken: string, psid: string) {
  const url = graphUrl(settings, psid);
  url.searchParams.set('fields', 'name,first_name,last_name,profile_pic');
  url.searchParams.set('access_token', pageToken);
  const data = graphData(
    await call({
      method: 'GET',
      url: url.toString(),
      headers: {},
      timeoutMs: 5_000,
      allowPrivate: true,
    }),
  );
  const parts = [data.first_name, data.last_name].filter(
    (part) => typeof part === 'string' && part,
  );
  const name = typeof data.name === 'string' && data.name ? data.name : parts.join(' ');
  return {
    name: name || undefined,
    avatar: typeof data.profile_pic === 'string' ? data.profile_pic : undefined,
  };
}

/** `sha256=` + hex HMAC-SHA256(raw body, app secret): Meta's `X-Hub-Signature-256`. */
export const hubSignature = (rawBody: string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

export function signatureValid(header: string | undefined, rawBody: string, appSecret: string) {
  if (!header) return false;
  const given = header.trim().toLowerCase();
  const expected = hubSignature(rawBody, appSecret);
  return (
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}
