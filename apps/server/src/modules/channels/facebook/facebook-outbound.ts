import { FACEBOOK_MESSAGES as M } from '@omnicare/shared/channels/facebook.schemas';
import type { Platform } from '../../../platform/context.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { externalIdOf } from '../../conversations/channel-inbound.js';
import {
  outgoingFiles,
  partlySent,
  queueChannelReply,
  sendParts,
  sendQueuedChannelMessage,
} from '../channel-send.js';
import { GraphError, sendFile, sendText } from './facebook-api.js';
import { loadFacebook } from './facebook-channel.js';

/**
 * The team's public replies on a Messenger conversation go out as jobs (`../channel-send.ts`:
 * only `queued` messages, locked while they go out, retried on transient refusals): the Send API
 * with the person's PSID and `messaging_type: RESPONSE` (the text, then each file uploaded and
 * sent in one form request); `sent` with Meta's `message_id`, or
 * `failed` with the Graph error's code (`code/subcode` when there is one: `10/2018278` is the
 * 24-hour window) and message.
 */

export const FACEBOOK_SEND_JOB = 'channels.facebook-send';

export const onFacebookCommented = (platform: Platform, event: DeliveredEvent) =>
  queueChannelReply(platform, event, 'facebook', FACEBOOK_SEND_JOB);

export const sendQueuedFacebookMessage = (platform: Platform, messageId: string, attempt: number) =>
  sendQueuedChannelMessage(
    platform,
    FACEBOOK_SEND_JOB,
    messageId,
    attempt,
    async (row, lastTry) => {
      const channel = await loadFacebook(platform, row.channelId, row.tenantId);
      const token = channel?.secrets.page_access_token;
      if (!channel || !token)
        return { state: 'failed', code: 'not_connected', reason: M.notConnected };
      const psid = row.requesterId
        ? await externalIdOf(platform, row.tenantId, channel.id, row.requesterId)
        : undefined;
      if (!psid) return { state: 'failed', code: 'no_recipient', reason: M.noRecipient };
      try {
        // The text first (Messenger has no captions), then each file in one upload-and-send.
        const files = await outgoingFiles(platform, row);
        const text = row.text.trim();
        const providerId = await sendParts([
          ...(text
            ? [async () => (await sendText(channel.settings, token, psid, text)).message_id]
            : []),
          ...files.map(
            (file) => async () => (await sendFile(channel.settings, token, psid, file)).message_id,
          ),
        ]);
        return { state: 'sent', providerId };
      } catch (error) {
        const refusal =
          error instanceof GraphError ? error : new GraphError('error', String(error), true);
        // Tried again only when nothing went out yet: a part sent twice would reach them twice.
        if (refusal.transient && !lastTry && !partlySent(error)) return { state: 'retry' };
        return {
          state: 'failed',
          code: refusal.subcode ? `${refusal.code}/${refusal.subcode}` : refusal.code,
          reason: refusal.reason || refusal.message,
        };
      }
    },
  );
