import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { externalIdOf } from '../../conversations/channel-inbound.js';
import {
  outgoingFiles,
  partlySent,
  queueChannelReply,
  sendParts,
  sendQueuedChannelMessage,
  type QueuedMessage,
} from '../channel-send.js';
import {
  isZaloImage,
  sendAttachment,
  sendText,
  TOKEN_INVALID_CODES,
  uploadToZalo,
  ZaloError,
} from './zalo-api.js';
import {
  loadZalo,
  refreshAccessToken,
  REFRESH_AHEAD_MS,
  type ZaloChannel,
} from './zalo-channel.js';

/**
 * The team's public replies on a Zalo conversation go out as jobs: `ticket.commented` (the
 * outbox, so a reply written is never forgotten) queues `channels.zalo-send` for a message
 * whose delivery is `queued`; the job sends it by the OA message API (its files uploaded to
 * Zalo first) and records `sent` with
 * Zalo's message id, or `failed` with Zalo's code and message. A transient failure (network,
 * HTTP 5xx or 429) is tried again later, up to `SEND_ATTEMPTS` times; an invalid token (-216) is
 * refreshed once and the message sent again. The frame (subscriber, lock, states, retries) is
 * `../channel-send.ts`, shared with Messenger.
 */

export const ZALO_SEND_JOB = 'channels.zalo-send';

/** The outbox subscriber: a queued public reply through a Zalo channel becomes a send job. */
export const onCommented = (platform: Platform, event: DeliveredEvent) =>
  queueChannelReply(platform, event, 'zalo', ZALO_SEND_JOB);

/**
 * Calls Zalo with the channel's token, refreshed first when it is about to expire, and once
 * more when Zalo calls it invalid (-216).
 */
async function withToken<Result>(
  platform: Platform,
  channel: ZaloChannel,
  work: (channel: ZaloChannel, token: string) => Promise<Result>,
) {
  let current: ZaloChannel | undefined = channel;
  const expiresAt = Date.parse(channel.settings.token_expires_at ?? '') || 0;
  if (expiresAt && expiresAt - Date.now() < REFRESH_AHEAD_MS)
    current = await refreshAccessToken(platform, channel.id);
  for (let tried = 0; ; tried++) {
    const token = current?.secrets.access_token;
    if (!current || !token) throw new ZaloError('not_connected', M.notConnected, false);
    try {
      return await work(current, token);
    } catch (error) {
      if (!(error instanceof ZaloError) || !TOKEN_INVALID_CODES.has(error.code) || tried > 0)
        throw error;
      current = await refreshAccessToken(platform, channel.id, { force: token });
    }
  }
}

/**
 * A reply as Zalo takes it: its text, then each file uploaded and sent. The text goes with the
 * first image (Zalo's media message carries one), else on its own first; the message keeps the
 * first part's Zalo id.
 */
async function deliver(
  platform: Platform,
  channel: ZaloChannel,
  userId: string,
  message: QueuedMessage,
) {
  const files = await outgoingFiles(platform, message);
  const firstImage = files.findIndex((file) => isZaloImage(file.contentType));
  const part =
    (work: (channel: ZaloChannel, token: string) => Promise<{ message_id: string }>) => async () =>
      (await withToken(platform, channel, work)).message_id;
  return sendParts([
    ...(message.text.trim() && firstImage < 0
      ? [part((current, token) => sendText(current.settings, token, userId, message.text))]
      : []),
    ...files.map((file, index) =>
      part(async (current, token) => {
        const uploaded = await uploadToZalo(current.settings, token, file);
        const text = index === firstImage ? message.text.trim() : undefined;
        return sendAttachment(current.settings, token, userId, uploaded, text);
      }),
    ),
  ]);
}

/** The job: one queued message, sent once (a message no longer queued is left alone). */
export const sendQueuedMessage = (platform: Platform, messageId: string, attempt: number) =>
  sendQueuedChannelMessage(platform, ZALO_SEND_JOB, messageId, attempt, async (row, lastTry) => {
    const channel = await loadZalo(platform, row.channelId, row.tenantId);
    const userId =
      channel && row.requesterId
        ? await externalIdOf(platform, row.tenantId, channel.id, row.requesterId)
        : undefined;
    // Nothing to send by, or nobody to send to: the message says so (it never stays queued).
    if (!channel) return { state: 'failed', code: 'not_connected', reason: M.notConnected };
    if (!userId) return { state: 'failed', code: 'no_recipient', reason: M.noRecipient };
    try {
      return { state: 'sent', providerId: await deliver(platform, channel, userId, row) };
    } catch (error) {
      const refusal =
        error instanceof ZaloError ? error : new ZaloError('error', String(error), true);
      // Tried again only when nothing went out yet: a part sent twice would reach the customer twice.
      return refusal.transient && !lastTry && !partlySent(error)
        ? { state: 'retry' }
        : { state: 'failed', code: refusal.code, reason: refusal.reason || refusal.message };
    }
  });
