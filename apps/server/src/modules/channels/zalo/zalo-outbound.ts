import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { externalIdOf } from '../../conversations/channel-inbound.js';
import { queueChannelReply, sendQueuedChannelMessage } from '../channel-send.js';
import { sendText, TOKEN_INVALID_CODES, ZaloError } from './zalo-api.js';
import {
  loadZalo,
  refreshAccessToken,
  REFRESH_AHEAD_MS,
  type ZaloChannel,
} from './zalo-channel.js';

/**
 * The team's public replies on a Zalo conversation go out as jobs: `ticket.commented` (the
 * outbox, so a reply written is never forgotten) queues `channels.zalo-send` for a message
 * whose delivery is `queued`; the job sends it by the OA message API and records `sent` with
 * Zalo's message id, or `failed` with Zalo's code and message. A transient failure (network,
 * HTTP 5xx or 429) is tried again later, up to `SEND_ATTEMPTS` times; an invalid token (-216) is
 * refreshed once and the message sent again. The frame (subscriber, lock, states, retries) is
 * `../channel-send.ts`, shared with Messenger.
 */

export const ZALO_SEND_JOB = 'channels.zalo-send';

/** The outbox subscriber: a queued public reply through a Zalo channel becomes a send job. */
export const onCommented = (platform: Platform, event: DeliveredEvent) =>
  queueChannelReply(platform, event, 'zalo', ZALO_SEND_JOB);

/** Sends with the channel's token, refreshed first when it is about to expire or was refused. */
async function deliver(platform: Platform, channel: ZaloChannel, userId: string, text: string) {
  let current: ZaloChannel | undefined = channel;
  const expiresAt = Date.parse(channel.settings.token_expires_at ?? '') || 0;
  if (expiresAt && expiresAt - Date.now() < REFRESH_AHEAD_MS)
    current = await refreshAccessToken(platform, channel.id);
  for (let tried = 0; ; tried++) {
    const token = current?.secrets.access_token;
    if (!current || !token) throw new ZaloError('not_connected', M.notConnected, false);
    try {
      return await sendText(current.settings, token, userId, text);
    } catch (error) {
      if (!(error instanceof ZaloError) || !TOKEN_INVALID_CODES.has(error.code) || tried > 0)
        throw error;
      current = await refreshAccessToken(platform, channel.id, { force: token });
    }
  }
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
      const sent = await deliver(platform, channel, userId, row.text);
      return { state: 'sent', providerId: sent.message_id };
    } catch (error) {
      const refusal =
        error instanceof ZaloError ? error : new ZaloError('error', String(error), true);
      return refusal.transient && !lastTry
        ? { state: 'retry' }
        : { state: 'failed', code: refusal.code, reason: refusal.reason || refusal.message };
    }
  });
