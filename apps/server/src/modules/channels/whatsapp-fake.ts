import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMultipart, type ReceivedFilePart } from './provider-fakes.js';
import { TINY_PNG } from './zalo-fake.js';

/**
 * A local WhatsApp Business Cloud API (Meta's Graph host), speaking the formats of the shared
 * channels notes (section 5), for tests and the browser tests:
 * - `POST /{version}/{phone_number_id}/messages` (Bearer token): success
 *   `{messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid…'}]}`; errors in
 *   Graph's `{error: {message, type, code, error_data: {details}, fbtrace_id}}`: 190 for an
 *   unknown token (HTTP 401), 131047 for a text to a customer silent for 24 hours (HTTP 400);
 * - `POST /{version}/{phone_number_id}/media` (Bearer, multipart: `messaging_product`, `type`,
 *   `file`): `{id}`; a message of type image, video, audio or document must name an id it gave;
 * - `GET /{version}/{media_id}` (Bearer): `{url, mime_type, sha256, file_size, id}`, and
 *   `GET /media/{media_id}` (Bearer) the bytes (a tiny PNG);
 * - `message()`, `status()`: webhook bodies as Meta posts them, `sign()` with the app secret.
 */

export interface WhatsAppFakeAccount {
  phoneNumberId: string;
  businessAccountId: string;
  displayPhoneNumber: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

export const WHATSAPP_FAKE_ACCOUNT: WhatsAppFakeAccount = {
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  displayPhoneNumber: '15550783881',
  accessToken: 'EAAG-test-token',
  appSecret: 'wa-app-secret-test',
  verifyToken: 'wa-verify-token',
};

export interface WhatsAppSent {
  authorization: string;
  path: string;
  body: {
    messaging_product: string;
    recipient_type?: string;
    to: string;
    type: string;
    text?: { body: string; preview_url?: boolean };
    template?: Record<string, unknown>;
    image?: { id: string; caption?: string };
    document?: { id: string; caption?: string; filename?: string };
  };
}

/** A file uploaded to the fake: the form's fields, the file as it came, the id it answered. */
export interface WhatsAppUploaded extends ReceivedFilePart {
  messagingProduct: string;
  type: string;
  id: string;
}

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document']);

type Answer = { status: number; json?: unknown; body?: Buffer; type?: string };

const graphError = (status: number, code: number, message: string, details: string): Answer => ({
  status,
  json: {
    error: {
      message,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: `A${randomBytes(8).toString('hex')}`,
    },
  },
});

export async function fakeWhatsApp(account: WhatsAppFakeAccount = WHATSAPP_FAKE_ACCOUNT) {
  const sent: WhatsAppSent[] = [];
  const uploads: WhatsAppUploaded[] = [];
  const mediaRequests: string[] = [];
  const failures: Answer[] = [];
  const uploadFailures: Answer[] = [];
  /** When each customer last wrote (the 24-hour window), by wa_id. */
  const lastMessageAt = new Map<string, number>();
  let counter = 0;
  const wamid = () =>
    `wamid.${Buffer.from(`${++counter}-${randomBytes(6).toString('hex')}`).toString('base64')}`;

  const handle = (req: http.IncomingMessage, bytes: Buffer): Answer => {
    const raw = bytes.toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const authorization = String(req.headers.authorization ?? '');
    const authorized = authorization === `Bearer ${account.accessToken}`;
    const invalidToken = graphError(
      401,
      190,
      'Error validating access token: Session has expired',
      'Access token expired',
    );
    const media = /^\/media\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && media) {
      if (!authorized) return invalidToken;
      return { status: 200, body: TINY_PNG, type: 'image/png' };
    }
    const upload = /^\/(v\d+\.\d+)\/([^/]+)\/media$/.exec(url.pathname);
    if (req.method === 'POST' && upload) {
      const failure = uploadFailures.shift();
      if (failure) return failure;
      if (!authorized) return invalidToken;
      const { fields, files } = readMultipart(String(req.headers['content-type'] ?? ''), bytes);
      if (fields.messaging_product !== 'whatsapp' || !files.file?.content.length)
        return graphError(400, 100, 'Invalid parameter', 'messaging_product and file are required');
      const id = String(1_000_000_000_000 + uploads.length);
      uploads.push({
        ...files.file,
        messagingProduct: fields.messaging_product,
        type: fields.type ?? '',
        id,
      });
      return { status: 200, json: { id } };
    }
    const send = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method === 'POST' && send) {
      const failure = failures.shift();
      if (failure) return failure;
      if (!authorized) return invalidToken;
      if (send[2] !== account.phoneNumberId)
        return graphError(400, 100, 'Invalid parameter', 'Unknown phone number id');
      const body = JSON.parse(raw) as WhatsAppSent['body'];
      if (body.messaging_product !== 'whatsapp' || !body.to)
        return graphError(400, 100, 'Invalid parameter', 'messaging_product and to are required');
      const last = lastMessageAt.get(body.to);
      if (body.type !== 'template' && (!last || Date.now() - last > 24 * 3600 * 1000))
        return graphError(
          400,
          131047,
          'Re-engagement message',
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      if (MEDIA_TYPES.has(body.type)) {
        const media = (body as unknown as Record<string, { id?: string } | undefined>)[body.type];
        if (!uploads.some((uploaded) => uploaded.id === media?.id))
          return graphError(400, 131053, 'Media upload error', 'Unknown media id');
      }
      sent.push({ authorization, path: url.pathname, body });
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: wamid() }],
        },
      };
    }
    const mediaInfo = /^\/(v\d+\.\d+)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && mediaInfo) {
      mediaRequests.push(mediaInfo[2]!);
      if (!authorized) return invalidToken;
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          url: `${base}/media/${mediaInfo[2]}`,
          mime_type: 'image/png',
          sha256: 'fake',
          file_size: TINY_PNG.length,
          id: mediaInfo[2],
        },
      };
    }
    return graphError(404, 100, 'Unsupported request', url.pathname);
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
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: account.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: account.displayPhoneNumber,
                phone_number_id: account.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  });

  /** Meta's scheme, written again here (not the server's code): sha256= HMAC of the raw body. */
  const sign = (body: unknown, secret = account.appSecret) => {
    const payload = JSON.stringify(body);
    const mac = createHmac('sha256', secret).update(payload).digest('hex');
    return {
      payload,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${mac}` },
    };
  };

  return {
    url: base,
    account,
    sent,
    uploads,
    mediaRequests,
    /** The next message send answers this (a 500, a Graph error…). */
    failNextSend(answer: Answer) {
      failures.push(answer);
    },
    /** The next media upload answers this. */
    failNextUpload(answer: Answer) {
      uploadFailures.push(answer);
    },
    graphError,
    /**
     * A customer's message as Meta posts it (`type` and its object, e.g. `{text: {body}}`), signed;
     * the customer's window opens (`at`: when, epoch ms). Answers the signed body and the wamid.
     */
    message(
      from: string,
      name: string,
      content: Record<string, unknown> & { type: string },
      options: { at?: number; secret?: string; id?: string } = {},
    ) {
      const at = options.at ?? Date.now();
      lastMessageAt.set(from, Math.max(lastMessageAt.get(from) ?? 0, at));
      const id = options.id ?? wamid();
      const signed = sign(
        envelope({
          contacts: [{ profile: { name }, wa_id: from }],
          messages: [{ from, id, timestamp: String(Math.floor(at / 1000)), ...content }],
        }),
        options.secret,
      );
      return { ...signed, id };
    },
    /** A status of a message we sent (`failed` with `errors`), signed. */
    status(
      id: string,
      recipient: string,
      status: 'sent' | 'delivered' | 'read' | 'failed',
      errors?: {
        code: number;
        title: string;
        message?: string;
        error_data?: { details: string };
      }[],
    ) {
      return sign(
        envelope({
          statuses: [
            {
              id,
              status,
              timestamp: String(Math.floor(Date.now() / 1000)),
              recipient_id: recipient,
              ...(errors ? { errors } : {}),
            },
          ],
        }),
      );
    },
    sign,
    /** Posts a signed body to a running server's webhook (the browser tests). */
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
export type WhatsAppFake = Awaited<ReturnType<typeof fakeWhatsApp>>;
