import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WHATSAPP_API_VERSION,
  WHATSAPP_GRAPH_BASE_URL,
  WHATSAPP_MESSAGES as M,
} from '@omnicare/shared/channels/whatsapp.schemas';
import { safeRequest, type HttpAnswer } from '../../../platform/safe-http.js';
import { multipartBody, type OutgoingFile } from '../channel-files.js';

/**
 * Meta's WhatsApp Business Cloud API as the shared channels notes document it (section 5): the
 * Graph host and version from the channel's settings (a local fake in tests), Bearer token,
 * `POST /{version}/{phone_number_id}/messages`, media by `GET /{version}/{media_id}` then its
 * `url`, and the webhook's `X-Hub-Signature-256`.
 */

export interface WhatsAppHosts {
  graph_base_url?: string;
  api_version?: string;
}

export const graphBase = (settings: WhatsAppHosts) =>
  settings.graph_base_url || process.env.WHATSAPP_GRAPH_BASE_URL || WHATSAPP_GRAPH_BASE_URL;
const graphUrl = (settings: WhatsAppHosts, path: string) =>
  new URL(
    `${settings.api_version || WHATSAPP_API_VERSION}/${path}`,
    graphBase(settings).replace(/\/?$/, '/'),
  ).toString();

/**
 * A refusal by the Graph API: its `error.code` (or the HTTP status, or `network`) and message;
 * `transient` may pass when tried again.
 */
export class WhatsAppError extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
    readonly transient: boolean,
  ) {
    super(`${code} ${reason}`.trim());
  }
}

/**
 * Codes worth another try: 1/2 (API unknown / service), 4 and 80007 (app and account rate
 * limits), 130429 (throughput), 131000 (something went wrong), 131016 (service unavailable),
 * 131056 (pair rate limit). Everything else (131047 outside the window, 131026 undeliverable,
 * 190 token expired, 100 bad parameter…) is final.
 */
const TRANSIENT_CODES = new Set(['1', '2', '4', '80007', '130429', '131000', '131016', '131056']);

/** 190: the access token expired or was revoked (the channel needs a new one). */
export const TOKEN_INVALID_CODE = '190';

async function call(request: Parameters<typeof safeRequest>[0]): Promise<HttpAnswer> {
  try {
    return await safeRequest(request);
  } catch (error) {
    throw new WhatsAppError('network', (error as Error).message || M.unreachable, true);
  }
}

/** A Graph answer: its JSON when 2xx, else `{error: {code, message, error_data.details}}` thrown. */
function graphJson(answer: HttpAnswer): Record<string, unknown> {
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  const error = json?.error as
    { code?: unknown; message?: unknown; error_data?: { details?: unknown } } | undefined;
  if (answer.status >= 200 && answer.status < 300 && json && !error) return json;
  const code = String(error?.code ?? answer.status);
  const details = error?.error_data?.details;
  const reason = [error?.message ?? answer.body.slice(0, 200), details]
    .filter((part) => typeof part === 'string' && part)
    .join(': ');
  throw new WhatsAppError(
    code,
    reason,
    answer.status >= 500 || answer.status === 429 || TRANSIENT_CODES.has(code),
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function sendMessage(
  settings: WhatsAppHosts & { phone_number_id: string },
  token: string,
  body: Record<string, unknown>,
) {
  const json = graphJson(
    await call({
      method: 'POST',
      url: graphUrl(settings, `${encodeURIComponent(settings.phone_number_id)}/messages`),
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...body,
      }),
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  const sent = (json.messages as { id?: unknown }[] | undefined)?.[0];
  return { message_id: typeof sent?.id === 'string' ? sent.id : '' };
}

/** A text within the customer service window: `type: text`, `text.body` (4 096 at most). */
export const sendText = (
  settings: WhatsAppHosts & { phone_number_id: string },
  token: string,
  to: string,
  text: string,
) =>
  sendMessage(settings, token, {
    to,
    type: 'text',
    text: { preview_url: false, body: text.slice(0, 4096) },
  });

/** How WhatsApp sends a file of a type: JPEG and PNG as images, MP4 and 3GPP as video, audio as audio, anything else as a document. */
export type WhatsAppMediaKind = 'image' | 'video' | 'audio' | 'document';
export function whatsappMediaKind(contentType: string): WhatsAppMediaKind {
  if (contentType === 'image/jpeg' || contentType === 'image/png') return 'image';
  if (contentType === 'video/mp4' || contentType === 'video/3gpp') return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  return 'document';
}

/** Captions WhatsApp takes (not on audio), at most 1 024 characters. */
export const WHATSAPP_CAPTION_MAX = 1024;

/**
 * `POST /{version}/{phone_number_id}/media` (Bearer), multipart: `messaging_product=whatsapp`,
 * `type` = the MIME type, the file under `file`. Answers the media id a message then names.
 */
export async function uploadMedia(
  settings: WhatsAppHosts & { phone_number_id: string },
  token: string,
  file: OutgoingFile,
) {
  const { body, headers } = multipartBody(
    { messaging_product: 'whatsapp', type: file.contentType },
    'file',
    file,
  );
  const json = graphJson(
    await call({
      method: 'POST',
      url: graphUrl(settings, `${encodeURIComponent(settings.phone_number_id)}/media`),
      headers: { ...headers, ...bearer(token) },
      body,
      timeoutMs: 30_000,
      allowPrivate: true,
    }),
  );
  if (typeof json.id !== 'string' || !json.id)
    throw new WhatsAppError('upload', M.unreachable, true);
  return json.id;
}

/**
 * An uploaded file as a message of its kind: `{type, [type]: {id, caption?, filename?}}` (a
 * document keeps its file name; audio takes no caption).
 */
export const sendMedia = (
  settings: WhatsAppHosts & { phone_number_id: string },
  token: string,
  to: string,
  media: { kind: WhatsAppMediaKind; id: string; fileName: string; caption?: string },
) =>
  sendMessage(settings, token, {
    to,
    type: media.kind,
    [media.kind]: {
      id: media.id,
      ...(media.caption && media.kind !== 'audio' ? { caption: media.caption } : {}),
      ...(media.kind === 'document' ? { filename: media.fileName } : {}),
    },
  });

/** An approved template (the only kind allowed outside the window), its body's parameters in order. */
export const sendTemplate = (
  settings: WhatsAppHosts & { phone_number_id: string },
  token: string,
  to: string,
  template: { name: string; language: string; parameters: string[] },
) =>
  sendMessage(settings, token, {
    to,
    type: 'template',
    template: {
      name: template.name,
      language: { policy: 'deterministic', code: template.language },
      components: template.parameters.length
        ? [
            {
              type: 'body',
              parameters: template.parameters.map((text) => ({ type: 'text', text })),
            },
          ]
        : [],
    },
  });

/** `GET /{version}/{media_id}` (Bearer): the media's temporary `url` and `mime_type`. */
export async function mediaUrl(settings: WhatsAppHosts, token: string, mediaId: string) {
  const json = graphJson(
    await call({
      method: 'GET',
      url: graphUrl(settings, encodeURIComponent(mediaId)),
      headers: bearer(token),
      timeoutMs: 10_000,
      allowPrivate: true,
    }),
  );
  return {
    url: typeof json.url === 'string' ? json.url : '',
    mime_type: typeof json.mime_type === 'string' ? json.mime_type : '',
  };
}

/** The media's download headers (the same Bearer token as the media call). */
export const mediaHeaders = bearer;

/** `sha256=` + hex HMAC-SHA256 of the raw body with the app secret. */
export const hubSignature = (rawBody: string, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

/** Whether `X-Hub-Signature-256` signs this raw body with the app secret. */
export function signatureValid(header: string | undefined, rawBody: string, appSecret: string) {
  if (!header) return false;
  const given = Buffer.from(header.trim().toLowerCase());
  const expected = Buffer.from(hubSignature(rawBody, appSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
