import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { safeRequest } from '../../../platform/safe-http.js';
import type { ChannelDriver, OpenChannel } from '../channel-driver.js';

/**
 * Brandname SMS through eSMS.vn (its JSON API `SendMultipleMessage_V4_post_json`, customer-care
 * type 2; the format is written in ../README.md beside the test fake). The channel's settings
 * `{brandname, base_url}` and secrets `{api_key, secret_key}`; the base URL falls back to
 * ESMS_BASE_URL, then eSMS's own.
 */

export const ESMS_DEFAULT_BASE_URL = 'https://rest.esms.vn';
export const ESMS_SEND_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';

export interface SmsMessage {
  phone: string;
  content: string;
  /** Our id of the send: eSMS refuses one it has seen, so a retried step is not sent twice. */
  requestId: string;
}

async function sendSms(channel: OpenChannel<'sms'>, message: SmsMessage) {
  const { api_key: apiKey, secret_key: secretKey } = channel.secrets;
  if (!apiKey || !secretKey) throw new Error(M.providerMissing('SMS'));
  const base = channel.settings.base_url || process.env.ESMS_BASE_URL || ESMS_DEFAULT_BASE_URL;
  const body = {
    ApiKey: apiKey,
    SecretKey: secretKey,
    Phone: message.phone,
    Content: message.content,
    Brandname: channel.settings.brandname,
    SmsType: '2',
    IsUnicode: [...message.content].some((char) => char.charCodeAt(0) > 127) ? '1' : '0',
    // eSMS refuses a RequestId it has seen: a retried step sends the same one.
    RequestId: message.requestId,
  };
  const answer = await safeRequest({
    method: 'POST',
    url: new URL(ESMS_SEND_PATH, base).toString(),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: 10_000,
    // The provider's address is set by the operator, not by a workflow's author.
    allowPrivate: true,
  });
  let parsed: { CodeResult?: string; SMSID?: string; ErrorMessage?: string } = {};
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    // left empty: reported below
  }
  if (answer.status !== 200 || parsed.CodeResult !== '100')
    throw new Error(
      M.providerError(
        'eSMS',
        `${parsed.CodeResult ?? answer.status} ${parsed.ErrorMessage ?? ''}`.trim(),
      ),
    );
  return { provider: 'esms', sms_id: parsed.SMSID ?? null, phone: message.phone };
}

export const esmsDriver = {
  kind: 'sms',
  send: sendSms,
} satisfies ChannelDriver<'sms', SmsMessage, Awaited<ReturnType<typeof sendSms>>>;
