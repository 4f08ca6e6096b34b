import { WHATSAPP_MESSAGES as M } from '@omnicare/shared/channels/whatsapp.schemas';
import type { ChannelDriver, OpenChannel } from '../channel-driver.js';
import { sendTemplate, sendText } from './whatsapp-api.js';

/**
 * A message to a customer's WhatsApp number (international form, no +): a text (only within
 * the 24-hour customer service window) or an approved template (any time).
 */
export type WhatsAppOutbound =
  | { to: string; text: string }
  | { to: string; template: { name: string; language: string; parameters: string[] } };

async function send(channel: OpenChannel<'whatsapp'>, message: WhatsAppOutbound) {
  const token = channel.secrets.access_token;
  if (!token) throw new Error(M.notConnected);
  return 'template' in message
    ? sendTemplate(channel.settings, token, message.to, message.template)
    : sendText(channel.settings, token, message.to, message.text);
}

/**
 * WhatsApp Business Cloud API: sends through `POST {graph}/{version}/{phone_number_id}/messages`.
 * The chat replies go through the send job (`whatsapp-outbound.ts`); the webhook is
 * `whatsapp-webhook.ts`.
 */
export const whatsappDriver = {
  kind: 'whatsapp',
  send,
} satisfies ChannelDriver<'whatsapp', WhatsAppOutbound, Awaited<ReturnType<typeof send>>>;
