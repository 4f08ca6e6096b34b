import { WHATSAPP_MESSAGES as M } from '@omnicare/shared/channels/whatsapp.schemas';
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
  sendMedia,
  sendTemplate,
  sendText,
  TOKEN_INVALID_CODE,
  uploadMedia,
  WHATSAPP_CAPTION_MAX,
  whatsappMediaKind,
  WhatsAppError,
} from './whatsapp-api.js';
import { loadWhatsApp, markChannelError, type WhatsAppChannel } from './whatsapp-channel.js';

/**
 * The team's public replies on a WhatsApp conversation go out as jobs (`../channel-send.ts`:
 * only `queued` messages, locked while they go out, retried on transient refusals): the job
 * `channels.whatsapp-send` sends the text and each file (uploaded by `POST /{phone_number_id}/media` first) by
 * `POST /{phone_number_id}/messages` and records
 * `sent` with the wamid, or `failed` with the Graph error's code and message. The 24-hour window
 * is checked when the reply is written (`CHAT_REPLY_RULES`: 422); Meta's own 131047 is recorded
 * if it still refuses. A 190 (token expired or revoked) also puts the channel in error.
 */

export const WHATSAPP_SEND_JOB = 'channels.whatsapp-send';

/** The outbox subscriber: a queued public reply through a WhatsApp channel becomes a send job. */
export const onCommented = (platform: Platform, event: DeliveredEvent) =>
  queueChannelReply(platform, event, 'whatsapp', WHATSAPP_SEND_JOB);

export const sendQueuedMessage = (platform: Platform, messageId: string, attempt: number) =>
  sendQueuedChannelMessage(
    platform,
    WHATSAPP_SEND_JOB,
    messageId,
    attempt,
    async (row, lastTry) => {
      const channel = await loadWhatsApp(platform, row.channelId, row.tenantId);
      const token = channel?.secrets.access_token;
      if (!channel || !token)
        return { state: 'failed', code: 'not_connected', reason: M.notConnected };
      const to = row.requesterId
        ? await externalIdOf(platform, row.tenantId, channel.id, row.requesterId)
        : undefined;
      if (!to) return { state: 'failed', code: 'no_recipient', reason: M.noRecipient };
      try {
        const template = row.kind === 'template' ? templateOf(row.content) : undefined;
        const providerId = template
          ? (await sendTemplate(channel.settings, token, to, template)).message_id
          : await deliver(platform, channel.settings, token, to, row);
        return { state: 'sent', providerId };
      } catch (error) {
        const refusal =
          error instanceof WhatsAppError ? error : new WhatsAppError('error', String(error), true);
        // Tried again only when nothing went out yet: a part sent twice would reach them twice.
        if (refusal.transient && !lastTry && !partlySent(error)) return { state: 'retry' };
        if (refusal.code === TOKEN_INVALID_CODE)
          await markChannelError(platform, channel.id, `${refusal.code} ${refusal.reason}`.trim());
        return { state: 'failed', code: refusal.code, reason: refusal.reason || refusal.message };
      }
    },
  );

/**
 * A reply as WhatsApp takes it: each file uploaded and sent as a message of its kind; the text
 * goes as the first file's caption when it fits one (not audio, 1 024 characters), else on its
 * own first. The message keeps the first part's wamid.
 */
async function deliver(
  platform: Platform,
  settings: WhatsAppChannel['settings'],
  token: string,
  to: string,
  message: QueuedMessage,
) {
  const files = await outgoingFiles(platform, message);
  const text = message.text.trim();
  const first = files[0];
  const captioned =
    Boolean(first && text) &&
    whatsappMediaKind(first!.contentType) !== 'audio' &&
    text.length <= WHATSAPP_CAPTION_MAX;
  return sendParts([
    ...(text && !captioned
      ? [async () => (await sendText(settings, token, to, text)).message_id]
      : []),
    ...files.map((file, index) => async () => {
      const id = await uploadMedia(settings, token, file);
      const kind = whatsappMediaKind(file.contentType);
      const caption = captioned && index === 0 ? text : undefined;
      return (await sendMedia(settings, token, to, { kind, id, fileName: file.fileName, caption }))
        .message_id;
    }),
  ]);
}

/** The approved template a `template` message carries (`whatsapp-template.ts` wrote it). */
function templateOf(content: Record<string, unknown> | null) {
  const template = content?.template as
    { name?: unknown; language?: unknown; parameters?: unknown } | undefined;
  if (typeof template?.name !== 'string' || typeof template.language !== 'string') return undefined;
  const parameters = Array.isArray(template.parameters) ? template.parameters.map(String) : [];
  return { name: template.name, language: template.language, parameters };
}
