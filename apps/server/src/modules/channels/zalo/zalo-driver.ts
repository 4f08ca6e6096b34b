import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { ChannelDriver, OpenChannel } from '../channel-driver.js';
import { sendText } from './zalo-api.js';

/** A consultation message to a follower of the OA (their OA-scoped user id). */
export interface ZaloOutbound {
  userId: string;
  text: string;
}

async function send(channel: OpenChannel<'zalo'>, message: ZaloOutbound) {
  const token = channel.secrets.access_token;
  if (!token) throw new Error(M.notConnected);
  return sendText(channel.settings, token, message.userId, message.text);
}

/**
 * Zalo OA: sends through `POST {api}/v3.0/oa/message/cs`. The chat replies go through the send
 * job (`zalo-outbound.ts`: token refresh, retries, the state on the message); the webhook is
 * `zalo-webhook.ts`.
 */
export const zaloDriver = {
  kind: 'zalo',
  send,
} satisfies ChannelDriver<'zalo', ZaloOutbound, Awaited<ReturnType<typeof send>>>;
