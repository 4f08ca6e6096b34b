import { z } from 'zod';
import { labelled } from '../platform/labelled.js';
import { requiredText } from '../platform/validation.js';
import {
  EMAIL_AUTH_METHOD,
  EMAIL_OAUTH_MESSAGES,
  EMAIL_OAUTH_PROVIDER,
  EMAIL_OAUTH_PROVIDERS,
} from './email-oauth.schemas.js';

/**
 * An email channel: an existing mailbox (support@…) read by IMAP polling and written through its
 * SMTP server. Settings are shown and edited; the two passwords, or for an OAuth2 mailbox the
 * client secret and the refresh token, are secrets (sealed, never answered). OAuth2 (XOAUTH2):
 * `email-oauth.schemas.ts`.
 */

/** How the SMTP connection is protected: TLS from the start (465), STARTTLS (587), or none. */
export const SMTP_SECURITY = labelled({
  tls: 'SSL/TLS',
  starttls: 'STARTTLS',
  none: 'Không mã hóa',
});
export type SmtpSecurity = (typeof SMTP_SECURITY.values)[number];

export const EMAIL_POLL_MINUTES = { min: 1, max: 60, default: 1 } as const;

export const EMAIL_SETTINGS_MESSAGES = {
  port: 'Cổng phải là số từ 1 đến 65535',
  host: 'Máy chủ không hợp lệ',
  fromAddress: 'Địa chỉ gửi không hợp lệ',
  smtpSecurity: 'Kiểu mã hóa SMTP không hợp lệ',
  pollMinutes: `Chu kỳ kiểm tra thư từ ${EMAIL_POLL_MINUTES.min} đến ${EMAIL_POLL_MINUTES.max} phút`,
  notEmail: 'Kênh không phải hộp thư email',
  testOk: 'Kết nối IMAP và SMTP thành công',
  fetched: (count: number) => (count ? `Đã nhận ${count} thư mới` : 'Không có thư mới'),
  fetchFailed: 'Không đọc được hộp thư',
} as const;

const M = EMAIL_SETTINGS_MESSAGES;
const host = (label: string) =>
  requiredText(label, 253).regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i, M.host);
const port = (fallback: number) =>
  z.coerce
    .number({ error: M.port })
    .int(M.port)
    .min(1, M.port)
    .max(65535, M.port)
    .default(fallback);

const oauthUrl = z
  .string({ error: EMAIL_OAUTH_MESSAGES.urlInvalid })
  .trim()
  .max(500, EMAIL_OAUTH_MESSAGES.urlInvalid)
  .regex(/^(https?:\/\/[^\s]+)?$/i, EMAIL_OAUTH_MESSAGES.urlInvalid)
  .default('');

const emailSettingsFields = z.object({
  /** How IMAP and SMTP log in: the mailbox's passwords, or OAuth2 access tokens (XOAUTH2). */
  auth_method: z
    .enum(EMAIL_AUTH_METHOD.values, { error: EMAIL_OAUTH_MESSAGES.methodInvalid })
    .default('password'),
  /** OAuth2 only: whose authorization server (its endpoints and scope are filled from it). */
  oauth_provider: z
    .enum(EMAIL_OAUTH_PROVIDER.values, { error: EMAIL_OAUTH_MESSAGES.providerInvalid })
    .default('google'),
  oauth_client_id: z.string().trim().max(500, EMAIL_OAUTH_MESSAGES.clientIdLong).default(''),
  /**
   * A public client (RFC 8252: no client secret, the PKCE verifier proves the caller): no
   * `client_secret` is sent, and none is required.
   */
  oauth_public_client: z.boolean().default(false),
  /** Blank: the provider's (`EMAIL_OAUTH_PROVIDERS`); required for a custom provider. */
  oauth_authorize_url: oauthUrl,
  oauth_token_url: oauthUrl,
  /** RFC 7009 token revocation, used by a disconnect; blank: the provider has none. */
  oauth_revoke_url: oauthUrl,
  oauth_scope: z.string().trim().max(1000, EMAIL_OAUTH_MESSAGES.scopeLong).default(''),
  /** Written by the connection (`/email-redirect`): when the refresh token was obtained. */
  oauth_connected_at: z.string().max(40).optional(),
  /** Written by a disconnect: the mailbox is not read until connected again. */
  oauth_disconnected_at: z.string().max(40).optional(),
  imap_host: host('Máy chủ IMAP'),
  imap_port: port(993),
  /** TLS from the first byte (993); off: plain IMAP (143, a local server). */
  imap_tls: z.boolean().default(true),
  imap_user: requiredText('Tài khoản IMAP', 255),
  /** The folder new mail is read from. */
  imap_folder: z
    .string()
    .trim()
    .max(255)
    .default('INBOX')
    .transform((v) => v || 'INBOX'),
  /** Keep a connection open (IMAP IDLE) so new mail comes in seconds; polling stays the fallback. */
  imap_idle: z.boolean().default(true),
  poll_minutes: z.coerce
    .number({ error: M.pollMinutes })
    .int(M.pollMinutes)
    .min(EMAIL_POLL_MINUTES.min, M.pollMinutes)
    .max(EMAIL_POLL_MINUTES.max, M.pollMinutes)
    .default(EMAIL_POLL_MINUTES.default),
  smtp_host: host('Máy chủ SMTP'),
  smtp_port: port(587),
  smtp_security: z.enum(SMTP_SECURITY.values, { error: M.smtpSecurity }).default('starttls'),
  /** Blank: the IMAP account. */
  smtp_user: z.string().trim().max(255).default(''),
  /** The mailbox's address: replies go out from it, and mail from it is never taken in. */
  from_address: z
    .string({ error: M.fromAddress })
    .trim()
    .pipe(z.email(M.fromAddress))
    .transform((email) => email.toLowerCase()),
  from_name: z.string().trim().max(100).default(''),
});

/**
 * The settings of a mailbox. An OAuth2 one needs its client id; its endpoints and scope, left
 * blank, are its provider's (a custom provider must name its endpoints).
 */
export const emailSettings = emailSettingsFields
  .superRefine((settings, ctx) => {
    if (settings.auth_method !== 'oauth2') return;
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!settings.oauth_client_id) issue('oauth_client_id', EMAIL_OAUTH_MESSAGES.clientIdRequired);
    if (settings.oauth_provider === 'custom') {
      if (!settings.oauth_authorize_url)
        issue('oauth_authorize_url', EMAIL_OAUTH_MESSAGES.authorizeUrlRequired);
      if (!settings.oauth_token_url)
        issue('oauth_token_url', EMAIL_OAUTH_MESSAGES.tokenUrlRequired);
    }
  })
  .transform((settings) => {
    if (settings.auth_method !== 'oauth2') return settings;
    const defaults = EMAIL_OAUTH_PROVIDERS[settings.oauth_provider];
    return {
      ...settings,
      oauth_authorize_url: settings.oauth_authorize_url || defaults.authorize_url,
      oauth_token_url: settings.oauth_token_url || defaults.token_url,
      oauth_revoke_url: settings.oauth_revoke_url || defaults.revoke_url,
      oauth_scope: settings.oauth_scope || defaults.scope,
    };
  });
export type EmailSettings = z.output<typeof emailSettings>;

/** The secrets of an email channel, with the label a missing one is named by. */
export const EMAIL_SECRETS = {
  imap_password: 'Mật khẩu IMAP',
  smtp_password: 'Mật khẩu SMTP',
  oauth_client_secret: 'Client secret',
};

/** The secrets a mailbox must have, by how it logs in (the others may stay stored, unused). */
export const emailRequiredSecrets = (settings: {
  auth_method?: unknown;
  oauth_public_client?: unknown;
}) =>
  settings.auth_method === 'oauth2'
    ? settings.oauth_public_client === true
      ? ([] as const)
      : (['oauth_client_secret'] as const)
    : (['imap_password', 'smtp_password'] as const);

/** Written only by the OAuth2 connection, answered as set or not like the others. */
export const EMAIL_OAUTH_SECRETS = { oauth_refresh_token: 'Refresh token' };

/**
 * `POST /v2/channels/{id}/test`: the connection check of a channel's settings screen. `ok` false
 * with, per side, a Vietnamese sentence saying what failed (the host, the login, TLS).
 */
export const channelTestView = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Per side: 'IMAP', 'SMTP', and for an OAuth2 mailbox first 'OAuth2' (the token endpoint). */
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), message: z.string() })),
});
export type ChannelTestView = z.infer<typeof channelTestView>;

/**
 * `POST /v2/channels/{id}/email/fetch`: the mailbox read now instead of at its next poll. `received`
 * counts new mails taken in (tickets made or continued, automatic mails kept); `status` and
 * `status_reason` are the mailbox's state after it (an error names what failed).
 */
export const emailFetchView = z.object({
  received: z.number().int(),
  status: z.enum(['active', 'disabled', 'error']),
  status_reason: z.string().nullable(),
});
export type EmailFetchView = z.infer<typeof emailFetchView>;

/** What the connection test and a failed send say, naming the side and what failed. */
export const EMAIL_TEST_MESSAGES = {
  host: (side: 'IMAP' | 'SMTP', address: string, detail: string) =>
    `Không kết nối được máy chủ ${side} ${address}: kiểm tra tên máy chủ và cổng (${detail})`,
  timeout: (side: 'IMAP' | 'SMTP', address: string) =>
    `Máy chủ ${side} ${address} không phản hồi: kiểm tra tên máy chủ, cổng và tường lửa`,
  login: (side: 'IMAP' | 'SMTP', user: string) =>
    `Máy chủ ${side} từ chối đăng nhập của tài khoản ${user}: kiểm tra tài khoản và mật khẩu (Gmail, Outlook cần mật khẩu ứng dụng)`,
  tls: (side: 'IMAP' | 'SMTP', address: string, detail: string) =>
    `Lỗi TLS với máy chủ ${side} ${address}: kiểm tra cổng và kiểu mã hóa (${detail})`,
  folder: (folder: string) => `Không mở được thư mục ${folder} trên máy chủ IMAP`,
  other: (side: 'IMAP' | 'SMTP', detail: string) => `Lỗi ${side}: ${detail}`,
  /** An OAuth2 mailbox whose access token the mail server refused. */
  tokenRefused: (side: 'IMAP' | 'SMTP', user: string) =>
    `Máy chủ ${side} từ chối access token OAuth2 của tài khoản ${user}: kiểm tra quyền (scope) của ứng dụng và rằng tài khoản đã cấp quyền là hộp thư này`,
  ok: (side: 'IMAP' | 'SMTP', address: string) => `Kết nối ${side} ${address} thành công`,
} as const;

/**
 * Mail forwarded to the built-in SMTP listener: each mailbox has an address of its own on the
 * listener's domain (the channel's id, without dashes), to set as the forwarding target of the
 * team's existing address. `GET /v2/channels/email-forwarding` says whether the listener runs.
 */
export const emailForwardingView = z.object({
  /** The domain forwarding addresses are on; null: the listener is off on this server. */
  domain: z.string().nullable(),
});
export type EmailForwardingView = z.infer<typeof emailForwardingView>;

export const forwardingAddress = (channelId: string, domain: string) =>
  `${channelId.replace(/-/g, '')}@${domain}`;

/** The channel id a forwarding address names, if it is one on `domain`. */
export function channelIdOfForwarding(address: string, domain: string): string | undefined {
  const match = /^([0-9a-f]{32})@(.+)$/i.exec(address.trim());
  if (!match || match[2]!.toLowerCase() !== domain.toLowerCase()) return undefined;
  const hex = match[1]!.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
