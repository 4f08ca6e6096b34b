import { WHATSAPP_MESSAGES as M } from '@omnicare/shared/channels/whatsapp.schemas';
import type { Platform } from '../../../platform/context.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { queueReply, sendQueued, type QueuedSender } from '../queued-send.js';
import { sendText, TOKEN_INVALID_CODE, WhatsAppError } from './whatsapp-api.js';
import { loadWhatsApp, markChannelError, type WhatsAppChannel } from './whatsapp-channel.js';

/**
 * The team's public replies on a WhatsApp conversation go out as jobs (queued-send.ts): the job
 * `channels.whatsapp-send` sends the text by `POST /{phone_number_id}/messages` and records
 * `sent` with the wamid, or `failed` with the Graph error's code and message; transient errors
 * (5xx, 429, rate limits) are tried again. The 24-hour window is checked when the reply is
 * written (ticket-comments.service.ts: 422); Meta's own 131047 is recorded if it still refuses.
 * A 190 (token expired or revoked) also puts the channel in error.
 */

export const WHATSAPP_SEND_JOB = 'channels.whatsapp-send';

const sender: QueuedSender<WhatsAppChannel> = {
  job: WHATSAPP_SEND_JOB,
  load: (platform, channelId, tenantId) => loadWhatsApp(platform, channelId, tenantId),
  deliver: async (_platform, channel, to, text) => {
    const token = channel.secrets.access_token;
    if (!token) throw new WhatsAppError('not_connected', M.notConnected, false);
    return sendText(channel.settings, token, to, text);
  },
  refused: async (platform, channel, refusal) => {
    if (refusal.code === TOKEN_INVALID_CODE)
      await markChannelError(platform, channel.id, `${refusal.code} ${refusal.reason}`.trim());
  },
  messages: { notConnected: M.notConnected, noRecipient: M.noRecipient },
};

/** The outbox subscriber: a queued public reply through a WhatsApp channel becomes a send job. */
export const onCommented = (platform: Platform, event: DeliveredEvent) =>
  queueReply(platform, event, 'whatsapp', WHATSAPP_SEND_JOB);

export const sendQueuedMessage = (platform: Platform, messageId: string, attempt: number) =>
  sendQueued(platform, sender, messageId, attempt);
