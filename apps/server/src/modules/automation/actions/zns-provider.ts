import { WORKFLOW_RUN_MESSAGES as M } from '@omnicare/shared/automation/workflow-run-messages';
import { safeRequest } from './safe-http.js';

/**
 * Zalo ZNS (a template notification to a phone number): `POST <base>/message/template` with the
 * header `access_token`, body `{phone, template_id, template_data, tracking_id}`; success is
 * `{error: 0, message, data: {msg_id, sent_time, quota}}`, failure `{error: <negative>, message}`.
 * Settings: the tenant's `settings.zns` `{base_url, access_token}`, the base URL falling back to
 * ZNS_BASE_URL, then Zalo's own.
 */
export interface ZnsSettings {
  base_url?: string;
  access_token?: string;
}

export const ZNS_DEFAULT_BASE_URL = 'https://business.openapi.zalo.me';

/** 0912345678 / +84912345678 → 84912345678, the form ZNS documents. */
export const znsPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('84')) return digits;
  if (digits.startsWith('0')) return `84${digits.slice(1)}`;
  return `84${digits}`;
};

export async function sendZns(
  settings: ZnsSettings | undefined,
  message: {
    phone: string;
    templateId: string;
    data: Record<string, string>;
    trackingId: string;
  },
) {
  if (!settings?.access_token) throw new Error(M.providerMissing('ZNS'));
  const base = settings.base_url || process.env.ZNS_BASE_URL || ZNS_DEFAULT_BASE_URL;
  const answer = await safeRequest({
    method: 'POST',
    url: new URL('/message/template', base).toString(),
    headers: { 'content-type': 'application/json', access_token: settings.access_token },
    body: JSON.stringify({
      phone: znsPhone(message.phone),
      template_id: message.templateId,
      template_data: message.data,
      tracking_id: message.trackingId,
    }),
    timeoutMs: 10_000,
    allowPrivate: true,
  });
  let parsed: { error?: number; message?: string; data?: { msg_id?: string } } = {};
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    // reported below
  }
  if (answer.status !== 200 || parsed.error !== 0)
    throw new Error(
      M.providerError('ZNS', `${parsed.error ?? answer.status} ${parsed.message ?? ''}`.trim()),
    );
  return { provider: 'zns', msg_id: parsed.data?.msg_id ?? null, phone: znsPhone(message.phone) };
}
