import { createHash } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/context.js';
import { metaChallenge, type ChannelWebhook } from '../webhook-routes.js';
import { customerIdentities } from '../../../db/schema/channel-inbound.js';
import { messages } from '../../../db/schema/conversations.js';
import { tickets } from '../../../db/schema/tickets.js';
import { FACEBOOK_MESSAGES as M } from '@omnicare/shared/channels/facebook.schemas';
import {
  receiveChannelMessage,
  referralText as textOf,
  type InboundMessage,
} from '../../conversations/channel-inbound.js';
import { tellDeliveryChanged } from '../../tickets/ticket-realtime.js';
import { storeChannelEvent, type InboundHandler } from '../channel-events.js';
import { downloadAttachment } from '../channel-files.js';
import { signatureValid, userProfile } from './facebook-api.js';
import { loadFacebook, type FacebookChannel } from './facebook-channel.js';

/**
 * Messenger's webhook (`/v2/webhooks/facebook/{channelId}`), as the shared channels notes
 * document it (section 4.1): `GET` is the verification handshake (the channel's verify token);
 * `POST` a JSON `{object: 'page', entry: [{id, time, messaging: [...]}]}` signed in
 * `X-Hub-Signature-256: sha256=<HMAC-SHA256(raw body, app secret)>`. Each `messaging` item is
 * stored as one event (keyed by its `mid`, else its hash) and processed by the job
 * `channels.facebook-inbound`; the route answers once they are stored.
 */

export interface MessagingItem {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    quick_reply?: { payload?: string };
    attachments?: { type?: string; payload?: { url?: string; title?: string } | null }[];
    referral?: Record<string, unknown>;
  };
  postback?: { mid?: string; title?: string; payload?: string; referral?: Record<string, unknown> };
  referral?: Record<string, unknown>;
  delivery?: { mids?: string[]; watermark?: number };
  read?: { watermark?: number };
}

interface Envelope {
  object?: string;
  entry?: { id?: string; time?: number; messaging?: MessagingItem[] }[];
}

/** Meta's handshake with the channel's verify token (`metaChallenge`). */
export const verifyHandshake = async (
  platform: Platform,
  channelId: string,
  query: Record<string, unknown>,
) => metaChallenge((await loadFacebook(platform, channelId))?.secrets.verify_token, query);

const keyOf = (item: MessagingItem) => {
  const mid = item.message?.mid ?? item.postback?.mid;
  if (mid) return `${item.postback ? 'postback' : 'message'}:${mid}`;
  return `sha256:${createHash('sha256').update(JSON.stringify(item)).digest('hex')}`;
};

/**
 * Checks and stores one delivery: `refused` (bad or missing signature: 401, logged),
 * `unknown` (no such channel: 404), `ignored` (paused channel), else `stored` or `duplicate`.
 * Entries of another Page than the channel's are skipped.
 */
export async function acceptWebhook(
  platform: Platform,
  channelId: string,
  raw: string | undefined,
  body: unknown,
  signature: string | undefined,
) {
  const channel = await loadFacebook(platform, channelId);
  if (!channel) return 'unknown' as const;
  const secret = channel.secrets.app_secret;
  if (!raw || !secret || !signatureValid(signature, raw, secret)) return 'refused' as const;
  if (channel.status === 'disabled') return 'ignored' as const;
  const envelope = (body ?? {}) as Envelope;
  if (envelope.object !== 'page') return 'ignored' as const;
  let stored = 0;
  for (const entry of envelope.entry ?? []) {
    if (entry.id && entry.id !== channel.settings.page_id) continue;
    for (const item of entry.messaging ?? [])
      if (
        (await storeChannelEvent(platform, channel, 'facebook', {
          key: keyOf(item),
          body: { ...item },
          // A person's items keep their order (receipts after the messages they follow).
          orderKey: item.sender?.id ?? '',
        })) === 'stored'
      )
        stored++;
  }
  return stored > 0 ? ('stored' as const) : ('duplicate' as const);
}

/**
 * A person's message or postback as the inbound path takes it: text (a quick reply's payload
 * kept in `content`), the first image / file / video / audio attachment (fetched and kept as a
 * file when it is a type we keep, else named in the text), a postback as its button's title
 * with its payload. An ad's `referral` (source ADS, ad_id, ads_context_data) rides in `content`.
 */
export async function messageOf(item: MessagingItem): Promise<InboundMessage | undefined> {
  const referral = item.referral ?? item.message?.referral ?? item.postback?.referral;
  const extra = referral ? { referral } : {};
  if (item.postback) {
    const { title = '', payload = '' } = item.postback;
    const id = item.postback.mid ?? keyOf(item);
    return {
      providerMessageId: id,
      kind: 'text',
      text: `[${M.postback}] ${title || payload}`.trim(),
      content: { postback: { title, payload }, ...extra },
    };
  }
  const message = item.message;
  if (!message?.mid || message.is_echo) return undefined;
  const text = (message.text ?? '').trim();
  const attachment = message.attachments?.[0];
  if (!attachment) {
    const quick = message.quick_reply?.payload;
    const content = { ...(quick ? { quick_reply: quick } : {}), ...extra };
    return {
      providerMessageId: message.mid,
      kind: 'text',
      text,
      content: Object.keys(content).length ? content : null,
    };
  }
  const url = attachment.payload?.url;
  const kind = attachment.type === 'image' ? 'image' : 'file';
  const file = await downloadAttachment(url, undefined, 'facebook');
  const label = kind === 'image' ? 'Hình ảnh' : 'Tệp';
  return {
    providerMessageId: message.mid,
    kind,
    text: file
      ? text
      : [text, `[${label}] ${url ?? attachment.type ?? ''}`.trim()].filter(Boolean).join('\n'),
    files: file ? [file] : [],
    content: { type: attachment.type ?? null, url: url ?? null, ...extra },
  };
}

/**
 * Receipts of the Page's messages: `delivery` (its `mids`, else every message sent to this
 * person up to `watermark`) moves `sent` to `delivered`; `read` (up to `watermark`) moves `sent`
 * or `delivered` to `seen`. A state only moves forward.
 */
async function applyReceipt(platform: Platform, channel: FacebookChannel, item: MessagingItem) {
  const seen = Boolean(item.read);
  const psid = item.sender?.id;
  const mids = item.delivery?.mids?.filter(Boolean) ?? [];
  const watermark = item.read?.watermark ?? item.delivery?.watermark;
  let target;
  if (!seen && mids.length) target = inArray(messages.providerMessageId, mids);
  else if (psid && watermark) {
    const [identity] = await platform.db
      .select({ customerId: customerIdentities.customerId })
      .from(customerIdentities)
      .where(
        and(
          eq(customerIdentities.tenantId, channel.tenantId),
          eq(customerIdentities.channelId, channel.id),
          eq(customerIdentities.externalId, psid),
        ),
      );
    if (!identity) return;
    target = and(
      lte(messages.createdAt, new Date(watermark)),
      inArray(
        messages.ticketId,
        platform.db
          .select({ id: tickets.id })
          .from(tickets)
          .where(
            and(
              eq(tickets.tenantId, channel.tenantId),
              eq(tickets.requesterId, identity.customerId),
            ),
          ),
      ),
    );
  } else return;
  const moved = await platform.db
    .update(messages)
    .set(
      seen
        ? { delivery: 'seen', seenAt: new Date() }
        : { delivery: 'delivered', deliveredAt: new Date() },
    )
    .where(
      and(
        eq(messages.tenantId, channel.tenantId),
        eq(messages.channelId, channel.id),
        target,
        seen
          ? sql`${messages.delivery} in ('sent', 'delivered')`
          : sql`${messages.delivery} = 'sent'`,
      ),
    )
    .returning({ ticketId: messages.ticketId });
  for (const ticketId of new Set(moved.map((row) => row.ticketId)))
    await tellDeliveryChanged(platform, channel.tenantId, ticketId);
}

/** One stored messaging item (`../channel-events.ts` runs it once, in its person's order). */
export const handleFacebookEvent: InboundHandler = async (platform, stored) => {
  const channel = await loadFacebook(platform, stored.channelId);
  if (channel) await handle(platform, channel, stored.body as MessagingItem);
};

async function handle(platform: Platform, channel: FacebookChannel, item: MessagingItem) {
  if (item.delivery || item.read) return applyReceipt(platform, channel, item);
  // The person is the sender, the Page the recipient (an echo is the other way round).
  const psid = item.sender?.id;
  if (!psid || psid === channel.settings.page_id) return;
  const message = await messageOf(item);
  if (!message) return;
  const referral = referralOf(item.referral ?? item.message?.referral ?? item.postback?.referral);
  await receiveChannelMessage(
    platform,
    { id: channel.id, tenantId: channel.tenantId, kind: 'facebook', groupId: channel.groupId },
    { externalId: psid, describe: () => personOf(channel, psid) },
    { ...message, referral },
  );
}

/**
 * Messenger's `referral` as the conversation keeps it: a click-to-Messenger ad (`ad_id`, its
 * `ads_context_data`), or an m.me link's `ref`; anything else (a chat plugin without a ref) is
 * not a referral.
 */
export function referralOf(raw: Record<string, unknown> | undefined) {
  if (!raw) return undefined;
  const context = (raw.ads_context_data ?? {}) as Record<string, unknown>;
  const adId = textOf(raw.ad_id);
  const ref = textOf(raw.ref);
  if (!adId && !ref) return undefined;
  return {
    kind: adId ? ('ad' as const) : ('link' as const),
    ad_id: adId,
    title: textOf(context.ad_title),
    url: textOf(context.photo_url) ?? textOf(context.video_url),
    ref,
  };
}

/** The person's name and picture from the Graph API (best effort: a refusal leaves them unknown). */
async function personOf(channel: FacebookChannel, psid: string) {
  const token = channel.secrets.page_access_token;
  if (!token) return {};
  try {
    const profile = await userProfile(channel.settings, token, psid);
    return { name: profile.name, avatarUrl: profile.avatar };
  } catch {
    return {};
  }
}

/** The routes' view of Messenger's webhook (`../webhook-routes.ts`). */
export const facebookWebhook: ChannelWebhook = {
  kind: 'facebook',
  signatureHeader: 'x-hub-signature-256',
  summary: 'Webhook Messenger (chữ ký X-Hub-Signature-256)',
  accept: acceptWebhook,
  badSignature: M.badSignature,
  handshake: {
    summary: 'Xác minh webhook Messenger (hub.mode, hub.verify_token, hub.challenge)',
    verify: verifyHandshake,
    refused: M.verifyRefused,
  },
};
