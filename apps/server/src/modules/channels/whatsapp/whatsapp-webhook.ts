import { createHash } from 'node:crypto';
import { WHATSAPP_MESSAGES } from '@omnicare/shared/channels/whatsapp.schemas';
import type { Platform } from '../../../platform/context.js';
import {
  receiveChannelMessage,
  referralText,
  type InboundMessage,
} from '../../conversations/channel-inbound.js';
import { storeChannelEvent, type InboundHandler } from '../channel-events.js';
import { downloadAttachment } from '../channel-files.js';
import { applyDeliveryUpdate } from '../channel-send.js';
import { metaChallenge, type ChannelWebhook, type WebhookOutcome } from '../webhook-routes.js';
import { mediaHeaders, mediaUrl, signatureValid } from './whatsapp-api.js';
import { loadWhatsApp, type WhatsAppChannel } from './whatsapp-channel.js';

/**
 * WhatsApp's webhook (`/v2/webhooks/whatsapp/{channelId}`), as the shared channels notes
 * document it (section 5.1): `GET` is Meta's verification handshake; `POST` a JSON body signed
 * in `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret). One delivery may
 * carry several messages and statuses: each is stored as its own event, keyed by its wamid
 * (`message:<wamid>`, `status:<wamid>:<status>`), so a redelivery is a no-op; the job
 * `channels.whatsapp-inbound` processes each.
 */

interface WaMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  image?: WaMedia;
  document?: WaMedia & { filename?: string };
  audio?: WaMedia;
  video?: WaMedia;
  sticker?: WaMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
  referral?: Record<string, unknown>;
  context?: { id?: string };
}
interface WaMedia {
  id?: string;
  caption?: string;
  mime_type?: string;
  sha256?: string;
}
interface WaStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: {
    code?: number | string;
    title?: string;
    message?: string;
    error_data?: { details?: string };
  }[];
}
interface WaValue {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: WaMessage[];
  statuses?: WaStatus[];
}
interface WaBody {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: WaValue }[] }[];
}

/** One stored item: a customer's message (with the sender's profile) or a status of ours. */
type StoredItem =
  | {
      type: 'message';
      message: WaMessage;
      contact?: { wa_id?: string; profile?: { name?: string } };
    }
  | { type: 'status'; status: WaStatus };

/** Meta's handshake with the channel's verify token (`metaChallenge`). */
export const verifyHandshake = async (
  platform: Platform,
  channelId: string,
  query: Record<string, unknown>,
) => metaChallenge((await loadWhatsApp(platform, channelId))?.secrets.verify_token, query);

/**
 * Checks and stores one delivery. `refused`: not signed with the channel's app secret (401,
 * logged); `unknown`: no such WhatsApp channel (404); `ignored`: a paused channel, or a body of
 * another phone number (200: Meta would otherwise retry it for days).
 */
export async function acceptWebhook(
  platform: Platform,
  channelId: string,
  raw: string | undefined,
  body: unknown,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const channel = await loadWhatsApp(platform, channelId);
  if (!channel) return 'unknown';
  const secret = channel.secrets.app_secret;
  if (!raw || !secret || !signatureValid(signature, raw, secret)) return 'refused';
  if (channel.status === 'disabled') return 'ignored';
  const items: [string, StoredItem][] = [];
  for (const entry of (body as WaBody | undefined)?.entry ?? [])
    for (const change of entry.changes ?? []) {
      const value = change.value;
      if (change.field !== 'messages' || !value) continue;
      const phoneId = value.metadata?.phone_number_id;
      if (phoneId && phoneId !== channel.settings.phone_number_id) continue;
      for (const message of value.messages ?? []) {
        const contact =
          value.contacts?.find((one) => one.wa_id === message.from) ?? value.contacts?.[0];
        const key = message.id
          ? `message:${message.id}`
          : `sha256:${createHash('sha256').update(JSON.stringify(message)).digest('hex')}`;
        items.push([key, { type: 'message', message, contact }]);
      }
      for (const status of value.statuses ?? [])
        if (status.id && status.status)
          items.push([`status:${status.id}:${status.status}`, { type: 'status', status }]);
    }
  if (items.length === 0) return 'ignored';
  let outcome: WebhookOutcome = 'duplicate';
  for (const [key, item] of items)
    if (
      (await storeChannelEvent(platform, channel, 'whatsapp', {
        key,
        body: item as unknown as Record<string, unknown>,
        // A customer's messages and the statuses of ours to them keep their order.
        orderKey:
          item.type === 'message' ? (item.message.from ?? '') : (item.status.recipient_id ?? ''),
      })) === 'stored'
    )
      outcome = 'stored';
  return outcome;
}

/** A customer's file: its temporary address from the media call, fetched with the same token. */
async function fetchMedia(channel: WhatsAppChannel, media: WaMedia, name?: string) {
  const token = channel.secrets.access_token;
  if (!token || !media.id) return undefined;
  try {
    const found = await mediaUrl(channel.settings, token, media.id);
    const extension = (found.mime_type || media.mime_type || '').split('/')[1]?.split(';')[0];
    return await downloadAttachment(
      found.url,
      name,
      `whatsapp-${media.id}${extension ? `.${extension}` : ''}`,
      mediaHeaders(token),
    );
  } catch {
    return undefined;
  }
}

const MEDIA_LABEL = {
  image: 'Hình ảnh',
  document: 'Tệp',
  audio: 'Âm thanh',
  video: 'Video',
  sticker: 'Sticker',
} as const;

/**
 * A customer's message as the inbound path takes it: text (and a template button's or an
 * interactive reply's title), image, document, audio, video, sticker, location. A click-to-
 * WhatsApp ad's `referral` (with `ctwa_clid`) is kept in the message's content (the first message
 * of the thread carries it). Other types (reactions, unsupported…) are not messages.
 */
export async function messageOf(
  channel: WhatsAppChannel,
  message: WaMessage,
): Promise<InboundMessage | undefined> {
  const id = message.id;
  if (!id) return undefined;
  const referral = message.referral ? { referral: message.referral } : {};
  const type = message.type ?? '';
  if (type === 'text' || type === 'button' || type === 'interactive') {
    const text =
      message.text?.body ??
      message.button?.text ??
      message.interactive?.button_reply?.title ??
      message.interactive?.list_reply?.title ??
      '';
    return {
      providerMessageId: id,
      kind: 'text',
      text: text.trim(),
      content: Object.keys(referral).length ? referral : null,
    };
  }
  if (type === 'location') {
    const { latitude, longitude, name, address } = message.location ?? {};
    const where =
      Number.isFinite(latitude) && Number.isFinite(longitude)
        ? `${latitude}, ${longitude} (https://maps.google.com/?q=${latitude},${longitude})`
        : '';
    return {
      providerMessageId: id,
      kind: 'location',
      text: [name, address, `Vị trí: ${where}`].filter(Boolean).join('\n'),
      content: { latitude, longitude, name: name ?? null, address: address ?? null, ...referral },
    };
  }
  if (!(type in MEDIA_LABEL)) return undefined;
  const mediaType = type as keyof typeof MEDIA_LABEL;
  const media = (message[mediaType] ?? {}) as WaMedia & { filename?: string };
  const file = await fetchMedia(channel, media, media.filename);
  const caption = (media.caption ?? '').trim();
  const kind = mediaType === 'sticker' ? 'sticker' : mediaType === 'image' ? 'image' : 'file';
  return {
    providerMessageId: id,
    kind,
    // Kept as text when the file could not be fetched or is not a type we keep.
    text: file
      ? caption
      : [caption, `[${MEDIA_LABEL[mediaType]}] ${media.filename ?? ''}`.trim()]
          .filter(Boolean)
          .join('\n'),
    files: file ? [file] : [],
    content: {
      media_id: media.id ?? null,
      mime_type: media.mime_type ?? null,
      ...(media.filename ? { name: media.filename } : {}),
      ...referral,
    },
  };
}

/** Meta's status of a message we sent: sent, delivered, read (seen), failed with its error. */
async function applyStatus(platform: Platform, channel: WhatsAppChannel, status: WaStatus) {
  const at = Number(status.timestamp) ? new Date(Number(status.timestamp) * 1000) : undefined;
  const ids = [status.id ?? ''];
  if (status.status === 'sent')
    return applyDeliveryUpdate(platform, channel, ids, { state: 'sent' });
  if (status.status === 'delivered')
    return applyDeliveryUpdate(platform, channel, ids, { state: 'delivered', at });
  if (status.status === 'read')
    return applyDeliveryUpdate(platform, channel, ids, { state: 'seen', at });
  if (status.status === 'failed') {
    const error = status.errors?.[0];
    const reason = [error?.title ?? error?.message, error?.error_data?.details]
      .filter(Boolean)
      .join(': ');
    return applyDeliveryUpdate(platform, channel, ids, {
      state: 'failed',
      code: String(error?.code ?? 'failed'),
      reason: reason || 'failed',
    });
  }
  return 0;
}

/** One stored item (`../channel-events.ts` runs it once, in its customer's order). */
export const handleWhatsAppEvent: InboundHandler = async (platform, { channelId, body }) => {
  const channel = await loadWhatsApp(platform, channelId);
  if (channel) await handle(platform, channel, body as unknown as StoredItem);
};

async function handle(platform: Platform, channel: WhatsAppChannel, item: StoredItem) {
  if (item.type === 'status') {
    await applyStatus(platform, channel, item.status);
    return;
  }
  const waId = item.message.from;
  if (!waId) return;
  const message = await messageOf(channel, item.message);
  if (!message) return;
  const referral = referralOf(item.message.referral);
  const name = item.contact?.profile?.name;
  await receiveChannelMessage(
    platform,
    { id: channel.id, tenantId: channel.tenantId, kind: 'whatsapp', groupId: channel.groupId },
    // The wa_id is the customer's phone in international form: matched by it, remembered by it.
    { externalId: waId, name, phone: `+${waId.replace(/^\+/, '')}` },
    { ...message, referral },
  );
}

/**
 * A click-to-WhatsApp ad's or post's `referral` (on the thread's first message) as the
 * conversation keeps it: the ad's id is its `source_id`.
 */
export function referralOf(raw: Record<string, unknown> | undefined) {
  if (!raw) return undefined;
  const isAd = raw.source_type === 'ad';
  return {
    kind: isAd ? ('ad' as const) : ('post' as const),
    ad_id: isAd ? referralText(raw.source_id) : null,
    title: referralText(raw.headline),
    url: referralText(raw.source_url),
    ref: null,
  };
}

/** The routes' view of WhatsApp's webhook (`../webhook-routes.ts`). */
export const whatsappWebhook: ChannelWebhook = {
  kind: 'whatsapp',
  signatureHeader: 'x-hub-signature-256',
  summary: 'Webhook của WhatsApp Cloud API (chữ ký X-Hub-Signature-256)',
  accept: acceptWebhook,
  badSignature: WHATSAPP_MESSAGES.badSignature,
  handshake: {
    summary:
      'Xác minh webhook WhatsApp (hub.mode=subscribe, hub.verify_token): trả lại hub.challenge',
    verify: verifyHandshake,
    refused: WHATSAPP_MESSAGES.verifyRefused,
  },
};
