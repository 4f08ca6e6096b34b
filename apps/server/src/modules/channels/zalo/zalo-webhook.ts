import { createHash } from 'node:crypto';
import { ZALO_MESSAGES } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import type { ChannelWebhook, WebhookOutcome } from '../webhook-routes.js';
import { receiveChannelMessage, type InboundMessage } from '../../conversations/channel-inbound.js';
import { storeChannelEvent, type InboundHandler } from '../channel-events.js';
import { downloadAttachment } from '../channel-files.js';
import { applyDeliveryUpdate } from '../channel-send.js';
import { channelIdsOfKind } from '../channels.repository.js';
import { signatureValid, userProfile } from './zalo-api.js';
import { loadZalo, type ZaloChannel } from './zalo-channel.js';

/**
 * Zalo OA's webhook (`POST /v2/webhooks/zalo/{channelId}`), as the shared channels notes
 * document it (section 1.1): a JSON POST signed in `X-ZEvent-Signature: mac=<sha256 hex of
 * app_id + body + timestamp + OA secret key>`. Zalo wants a 200 within 2 seconds, so the route
 * only checks and stores the event; the job `channels.zalo-inbound` processes it. The event's key
 * (the message's `msg_id`, else the body's hash) makes a redelivery a no-op.
 */

interface ZaloEvent {
  event_name?: string;
  app_id?: string;
  timestamp?: string | number;
  sender?: { id?: string };
  recipient?: { id?: string };
  message?: {
    msg_id?: string;
    msg_ids?: string[];
    /** A ZNS send's own id, echoed by its receipt (chat receipts carry none). */
    tracking_id?: string;
    delivery_time?: string;
    text?: string;
    attachments?: { type?: string; payload?: Record<string, unknown> }[];
  };
}

const keyOf = (body: ZaloEvent, raw: string) =>
  body.message?.msg_id
    ? `${body.event_name ?? ''}:${body.message.msg_id}`
    : `sha256:${createHash('sha256').update(raw).digest('hex')}`;

/**
 * Checks and stores one delivery. `refused`: the signature (or the app id) is not the channel's
 * (the route answers 401 and logs it); `unknown`: no such Zalo channel (404); `ignored`: a paused
 * channel (200, Zalo would otherwise disable the webhook after its retries).
 */
export async function acceptWebhook(
  platform: Platform,
  channelId: string,
  raw: string | undefined,
  body: unknown,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const channel = await loadZalo(platform, channelId);
  if (!channel) return 'unknown';
  const event = (body ?? {}) as ZaloEvent;
  const secret = channel.secrets.oa_secret_key;
  if (!raw || !secret || !signatureValid(signature, raw, event, secret)) return 'refused';
  if (event.app_id !== channel.settings.app_id) return 'refused';
  if (channel.status === 'disabled') return 'ignored';
  // A follower's events keep their order (receipts after the OA's messages they follow).
  return storeChannelEvent(platform, channel, 'zalo', {
    key: keyOf(event, raw),
    body: event as Record<string, unknown>,
    orderKey: event.sender?.id ?? '',
  });
}

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/**
 * A follower's message as the inbound path takes it (`user_send_text`, `_image`, `_file`,
 * `_sticker`, `_location`, `_gif`); other events are not messages. Attachments: `type` and
 * `payload.url` (`name`, `size` for a file, `coordinates.latitude/longitude` for a location) as
 * integrations read them; a sticker's payload is not documented beyond its url (UNVERIFIED).
 */
export async function messageOf(event: ZaloEvent): Promise<InboundMessage | undefined> {
  const id = event.message?.msg_id;
  if (!id || !event.event_name?.startsWith('user_send_')) return undefined;
  const text = (event.message?.text ?? '').trim();
  const attachment = event.message?.attachments?.[0];
  const payload = attachment?.payload ?? {};
  const kind = event.event_name.slice('user_send_'.length);
  if (kind === 'text' || kind === 'link' || !attachment)
    return { providerMessageId: id, kind: 'text', text: text || String(payload.url ?? '') };
  if (kind === 'location' || attachment.type === 'location') {
    const at = (payload.coordinates ?? {}) as Record<string, unknown>;
    const latitude = number(at.latitude);
    const longitude = number(at.longitude);
    const where =
      Number.isFinite(latitude) && Number.isFinite(longitude)
        ? `${latitude}, ${longitude} (https://maps.google.com/?q=${latitude},${longitude})`
        : '';
    return {
      providerMessageId: id,
      kind: 'location',
      text: [text, `Vị trí: ${where}`].filter(Boolean).join('\n'),
      content: { latitude, longitude },
    };
  }
  const messageKind =
    kind === 'sticker' ? 'sticker' : kind === 'image' || kind === 'gif' ? 'image' : 'file';
  const file = await downloadAttachment(payload.url, payload.name, 'zalo');
  const label = { sticker: 'Sticker', image: 'Hình ảnh', file: 'Tệp' }[messageKind];
  return {
    providerMessageId: id,
    kind: messageKind,
    // Kept as text when the file could not be fetched or is not a type we keep.
    text: file
      ? text
      : [text, `[${label}] ${String(payload.name ?? payload.url ?? '')}`.trim()]
          .filter(Boolean)
          .join('\n'),
    files: file ? [file] : [],
    content: {
      url: payload.url ?? null,
      name: payload.name ?? null,
      size: payload.size ?? null,
      ...(payload.id ? { sticker_id: payload.id } : {}),
    },
  };
}

/**
 * Zalo's receipts of the OA's messages: `user_received_message` (`message.msg_id`) and
 * `user_seen_message` (`message.msg_ids`); the OA is the sender of these. A state only moves
 * forward.
 */
async function applyReceipt(platform: Platform, channel: ZaloChannel, event: ZaloEvent) {
  const seen = event.event_name === 'user_seen_message';
  const ids = seen ? (event.message?.msg_ids ?? []) : [event.message?.msg_id ?? ''];
  if (!seen && event.message?.tracking_id) return applyZnsReceipt(platform, channel, event);
  await applyDeliveryUpdate(platform, channel, ids, { state: seen ? 'seen' : 'delivered' });
}

/**
 * A ZNS notification reached the phone: Zalo posts its receipt to the app's webhook (the OA's
 * channel here), with the send's `tracking_id`; the message is one of the tenant's ZNS channels'.
 */
async function applyZnsReceipt(platform: Platform, channel: ZaloChannel, event: ZaloEvent) {
  const msgId = event.message?.msg_id ?? '';
  const deliveredAt = Number(event.message?.delivery_time);
  for (const id of await channelIdsOfKind(platform.db, channel.tenantId, 'zns'))
    await applyDeliveryUpdate(platform, { id, tenantId: channel.tenantId }, [msgId], {
      state: 'delivered',
      ...(Number.isFinite(deliveredAt) && deliveredAt > 0 ? { at: new Date(deliveredAt) } : {}),
    });
}

/** One stored event (`../channel-events.ts` runs it once, in its sender's order). */
export const handleZaloEvent: InboundHandler = async (platform, stored) => {
  const channel = await loadZalo(platform, stored.channelId);
  if (channel) await handle(platform, channel, stored.body as ZaloEvent);
};

async function handle(platform: Platform, channel: ZaloChannel, event: ZaloEvent) {
  if (event.event_name === 'user_received_message' || event.event_name === 'user_seen_message')
    return applyReceipt(platform, channel, event);
  // For user_* events the sender is the follower and the recipient the OA.
  const userId = event.sender?.id;
  const oaId = channel.settings.oa_id;
  if (!userId || (oaId && event.recipient?.id && event.recipient.id !== oaId)) return;
  const message = await messageOf(event);
  if (!message) return;
  const inbound = {
    id: channel.id,
    tenantId: channel.tenantId,
    kind: 'zalo' as const,
    groupId: channel.groupId,
  };
  await receiveChannelMessage(
    platform,
    inbound,
    { externalId: userId, describe: () => followerOf(channel, userId) },
    message,
  );
}

/** The follower's name and avatar from Zalo (best effort: a refusal leaves them unknown). */
async function followerOf(channel: ZaloChannel, userId: string) {
  const token = channel.secrets.access_token;
  if (!token) return {};
  try {
    const profile = await userProfile(channel.settings, token, userId);
    return { name: profile.name, avatarUrl: profile.avatar };
  } catch {
    return {};
  }
}

/** The routes' view of Zalo OA's webhook (`../webhook-routes.ts`). */
export const zaloWebhook: ChannelWebhook = {
  kind: 'zalo',
  signatureHeader: 'x-zevent-signature',
  summary: 'Webhook của Zalo OA (chữ ký X-ZEvent-Signature)',
  accept: acceptWebhook,
  badSignature: ZALO_MESSAGES.badSignature,
};
