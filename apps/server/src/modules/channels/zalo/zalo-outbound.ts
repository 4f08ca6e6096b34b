import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { queueReply, sendQueued, type QueuedSender } from '../queued-send.js';
import { sendText, TOKEN_INVALID_CODES, ZaloError } from './zalo-api.js';
import {
  loadZalo,
  refreshAccessToken,
  REFRESH_AHEAD_MS,
  type ZaloChannel,
} from './zalo-channel.js';

/**
 * The team's public replies on a Zalo conversation go out as jobs (the frame shared with the
 * other chat channels: queued-send.ts): `channels.zalo-send` sends a queued message by the OA
 * message API and records `sent` with Zalo's message id, or `failed` with Zalo's code and
 * message; a transient failure (network, HTTP 5xx or 429) is tried again later; an invalid token
 * (-216) is refreshed once and the message sent again.
 */

export const ZALO_SEND_JOB = 'channels.zalo-send';

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

const sender: QueuedSender<ZaloChannel> = {
  job: ZALO_SEND_JOB,
  load: (platform, channelId, tenantId) => loadZalo(platform, channelId, tenantId),
  deliver,
  messages: { notConnected: M.notConnected, noRecipient: M.noRecipient },
};

/** The outbox subscriber: a queued public reply through a Zalo channel becomes a send job. */
export const onCommented = (platform: Platform, event: DeliveredEvent) =>
  queueReply(platform, event, 'zalo', ZALO_SEND_JOB);

/** The job: one queued message, sent once (a message no longer queued is left alone). */
export const sendQueuedMessage = (platform: Platform, messageId: string, attempt: number) =>
  sendQueued(platform, sender, messageId, attempt);
