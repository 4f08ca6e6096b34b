import { FACEBOOK_MESSAGES as M } from '@omnicare/shared/channels/facebook.schemas';
import type { ChannelTestView } from '@omnicare/shared/channels/email-settings';
import type { ChannelDriver, OpenChannel } from '../channel-driver.js';
import { GraphError, pageInfo, sendText } from './facebook-api.js';

/** A message to a person who wrote to the Page (their page-scoped id, PSID). */
export interface FacebookOutbound {
  psid: string;
  text: string;
}

async function send(channel: OpenChannel<'facebook'>, message: FacebookOutbound) {
  const token = channel.secrets.page_access_token;
  if (!token) throw new Error(M.notConnected);
  return sendText(channel.settings, token, message.psid, message.text);
}

/** The settings screen's check: the Page token opens the Page (its name answered). */
async function test(channel: OpenChannel<'facebook'>): Promise<ChannelTestView> {
  const token = channel.secrets.page_access_token;
  try {
    if (!token) throw new Error(M.notConnected);
    const page = await pageInfo(channel.settings, token);
    const message = `Đã kết nối Trang ${page.name || page.id}`;
    return { ok: true, message, checks: [{ name: 'Graph API', ok: true, message }] };
  } catch (error) {
    const reason =
      error instanceof GraphError
        ? `Facebook từ chối (${error.code}): ${error.reason}`
        : (error as Error).message;
    return {
      ok: false,
      message: reason,
      checks: [{ name: 'Graph API', ok: false, message: reason }],
    };
  }
}

/**
 * Facebook Messenger: sends through the Send API. The chat replies go through the send job
 * (`facebook-outbound.ts`); the webhook is `facebook-webhook.ts`.
 */
export const facebookDriver = {
  kind: 'facebook',
  send,
  test,
} satisfies ChannelDriver<'facebook', FacebookOutbound, Awaited<ReturnType<typeof send>>>;
