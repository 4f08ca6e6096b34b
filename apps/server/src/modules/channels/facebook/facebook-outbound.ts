import { FACEBOOK_MESSAGES as M } from '@omnicare/shared/channels/facebook.schemas';
import type { Platform } from '../../../platform/context.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { externalIdOf } from '../../conversations/channel-inbound.js';
import { queueChannelReply, sendQueuedChannelMessage } from '../channel-send.js';
import { GraphError, sendText } from './facebook-api.js';
import { loadFacebook } from './facebook-channel.js';

/**
 * The team's public replies on a Messenger conversation go out as jobs (`../channel-send.ts`:
 * only `queued` messages, locked while they go out, retried on transient refusals): the Send API
 * with the person's PSID and `messaging_type: RESPONSE`; `sent` with Meta's `message_id`, or
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
        const sent = await sendText(channel.settings, token, psid, row.text);
        return { state: 'sent', providerId: sent.message_id };
      } catch (error) {
        const refusal =
          error instanceof GraphError ? error : new GraphError('error', String(error), true);
        if (refusal.transient && !lastTry) return { state: 'retry' };
        return {
          state: 'failed',
          code: refusal.subcode ? `${refusal.code}/${refusal.subcode}` : refusal.code,
          reason: refusal.reason || refusal.message,
        };
      }
    },
  );
