import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { safeRequest, type HttpAnswer } from '../../../platform/safe-http.js';
import type { ChannelDriver, OpenChannel } from '../channel-driver.js';

/**
 * Zalo ZNS (a template notification to a phone number): `POST <base>/message/template` with the
 * header `access_token`, body `{phone, template_id, template_data, tracking_id}`; success is
 * `{error: 0, message, data: {msg_id, sent_time, quota: {dailyQuota, remainingQuota}}}` (the
 * quota kept on the channel), failure `{error: <negative>, message}`.
 * The channel's settings `{base_url}` and secret `{access_token}`; the base URL falls back to
 * ZNS_BASE_URL, then Zalo's own.
 */

export const ZNS_DEFAULT_BASE_URL = 'https://business.openapi.zalo.me';

/** 0912345678 / +84912345678 → 84912345678, the form ZNS documents. */
export const znsPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('84')) return digits;
  if (digits.startsWith('0')) return `84${digits.slice(1)}`;
  return `84${digits}`;
};

export interface ZnsMessage {
  phone: string;
  templateId: string;
  data: Record<string, string>;
  /** Our id of the send, echoed in Zalo's delivery reports. */
  trackingId: string;
}

const baseOf = (channel: OpenChannel<'zns'>) =>
  channel.settings.base_url || process.env.ZNS_BASE_URL || ZNS_DEFAULT_BASE_URL;

async function sendZns(channel: OpenChannel<'zns'>, message: ZnsMessage) {
  const accessToken = channel.secrets.access_token;
  if (!accessToken) throw new Error(M.providerMissing('ZNS'));
  const base = baseOf(channel);
  const answer = await safeRequest({
    method: 'POST',
    url: new URL('/message/template', base).toString(),
    headers: { 'content-type': 'application/json', access_token: accessToken },
    body: JSON.stringify({
      phone: znsPhone(message.phone),
      template_id: message.templateId,
      template_data: message.data,
      tracking_id: message.trackingId,
    }),
    timeoutMs: 10_000,
    allowPrivate: true,
  });
  const reply = znsReply<{
    msg_id?: string;
    quota?: { dailyQuota?: string; remainingQuota?: string };
  }>(answer);
  if ('refused' in reply) throw new Error(M.providerError('ZNS', reply.refused));
  return {
    provider: 'zns',
    msg_id: reply.data?.msg_id ?? null,
    phone: znsPhone(message.phone),
    reported: quotaOf(reply.data?.quota),
  };
}

/** Zalo's answer: its `data` when `error` is 0, else the refusal as `<error> <message>`. */
function znsReply<Data>(answer: HttpAnswer): { data?: Data } | { refused: string } {
  let parsed: { error?: number; message?: string; data?: Data } = {};
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    // reported below
  }
  if (answer.status !== 200 || parsed.error !== 0)
    return { refused: `${parsed.error ?? answer.status} ${parsed.message ?? ''}`.trim() };
  return { data: parsed.data };
}

/** The quota a send's answer gives (strings of digits, camelCase), as the channel keeps it. */
function quotaOf(quota: { dailyQuota?: string; remainingQuota?: string } | undefined) {
  const daily = Number(quota?.dailyQuota);
  const remaining = Number(quota?.remainingQuota);
  if (!Number.isInteger(daily) || !Number.isInteger(remaining)) return undefined;
  return { daily_quota: daily, remaining_quota: remaining, quota_at: new Date().toISOString() };
}

/**
 * A template as Zalo registered it: `GET <base>/template/info/v2?template_id=` (header
 * `access_token`), answering `data.status` and `data.listParams[].name` (the check the shared
 * channels notes describe). Throws Zalo's refusal as `<error> <message>`.
 */
async function templateInfo(channel: OpenChannel<'zns'>, templateId: string) {
  const accessToken = channel.secrets.access_token;
  if (!accessToken) throw new Error(M.providerMissing('ZNS'));
  const url = new URL('/template/info/v2', baseOf(channel));
  url.searchParams.set('template_id', templateId);
  const answer = await safeRequest({
    method: 'GET',
    url: url.toString(),
    headers: { access_token: accessToken },
    timeoutMs: 10_000,
    allowPrivate: true,
  });
  const reply = znsReply<{ status?: unknown; listParams?: { name?: unknown }[] }>(answer);
  if ('refused' in reply) throw new Error(reply.refused);
  return {
    status: typeof reply.data?.status === 'string' ? reply.data.status : '',
    params: (reply.data?.listParams ?? [])
      .map((param) => param.name)
      .filter((name): name is string => typeof name === 'string'),
  };
}

export const znsDriver = {
  kind: 'zns',
  send: sendZns,
  templateInfo,
} satisfies ChannelDriver<'zns', ZnsMessage, Awaited<ReturnType<typeof sendZns>>> & {
  templateInfo: typeof templateInfo;
};
