import { z } from 'zod';
import { labelled } from '../platform/labelled.js';

/**
 * A mailbox that logs in to IMAP and SMTP with OAuth2 access tokens (SASL XOAUTH2) instead of
 * passwords: Gmail / Google Workspace and Microsoft 365, which are removing password logins, or
 * any authorization server speaking RFC 6749 (custom). The administrator registers an app with
 * the provider (client id and secret, the redirect URI `<this app>/email-redirect`), then
 * connects: the authorization-code flow with PKCE (S256) and a state kept by the server, the
 * code exchanged on the server, the refresh token sealed. The settings themselves are in
 * `email-settings.ts` (`auth_method`, `oauth_*`).
 */

export const EMAIL_AUTH_METHOD = labelled({
  password: 'Mật khẩu',
  oauth2: 'OAuth2 (Google, Microsoft)',
});
export type EmailAuthMethod = (typeof EMAIL_AUTH_METHOD.values)[number];

export const EMAIL_OAUTH_PROVIDER = labelled({
  google: 'Google',
  microsoft: 'Microsoft',
  custom: 'Khác',
});
export type EmailOauthProvider = (typeof EMAIL_OAUTH_PROVIDER.values)[number];

/**
 * Each provider's endpoints and the scope mail needs (Google: "OAuth 2.0 for Web Server
 * Applications" and the Gmail IMAP/SMTP XOAUTH2 page; Microsoft: "Authenticate an IMAP, POP or
 * SMTP connection using OAuth"). Microsoft's `common` serves work and personal accounts; a
 * single-tenant app replaces it with its directory (tenant) id. Each is a setting of the channel,
 * so another server (a local fake in tests) is one setting away.
 */
export const EMAIL_OAUTH_PROVIDERS: Record<
  EmailOauthProvider,
  { authorize_url: string; token_url: string; revoke_url: string; scope: string }
> = {
  google: {
    authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_url: 'https://oauth2.googleapis.com/token',
    revoke_url: 'https://oauth2.googleapis.com/revoke',
    scope: 'https://mail.google.com/',
  },
  // Microsoft identity platform has no RFC 7009 revocation endpoint: a disconnect only forgets.
  microsoft: {
    authorize_url: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token_url: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revoke_url: '',
    scope:
      'https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send offline_access',
  },
  custom: { authorize_url: '', token_url: '', revoke_url: '', scope: '' },
};

/** The landing route the provider sends the administrator back to (the app's redirect URI). */
export const EMAIL_OAUTH_REDIRECT_PATH = '/email-redirect';

/** How long a started connection (its state and PKCE verifier) waits for the provider. */
export const EMAIL_OAUTH_STATE_MINUTES = 10;

export const EMAIL_OAUTH_MESSAGES = {
  methodInvalid: 'Cách đăng nhập không hợp lệ',
  providerInvalid: 'Nhà cung cấp OAuth2 không hợp lệ',
  clientIdRequired: 'Client ID không được bỏ trống',
  clientIdLong: 'Client ID tối đa 500 ký tự',
  scopeLong: 'Phạm vi quyền (scope) tối đa 1000 ký tự',
  urlInvalid: 'Địa chỉ phải bắt đầu bằng http:// hoặc https://',
  authorizeUrlRequired: 'Địa chỉ cấp quyền (authorize) không được bỏ trống',
  tokenUrlRequired: 'Địa chỉ lấy token không được bỏ trống',
  notOauth: 'Hộp thư này không đăng nhập bằng OAuth2: chọn OAuth2 trong cài đặt rồi lưu trước',
  connectStarted: (provider: string) => `Đang chuyển sang ${provider} để cấp quyền`,
  connected: 'Kết nối hộp thư bằng OAuth2 thành công',
  stateInvalid: 'Phiên kết nối hộp thư không hợp lệ hoặc đã hết hạn, vui lòng kết nối lại',
  codeMissing: 'Máy chủ OAuth2 không trả về mã cấp quyền, vui lòng kết nối lại',
  denied: (detail: string) =>
    `Quyền truy cập hộp thư chưa được cấp${detail ? ` (${detail})` : ''}, vui lòng kết nối lại`,
  exchangeFailed: (reason: string) =>
    `Máy chủ OAuth2 từ chối đổi mã cấp quyền lấy token: ${reason}`,
  noRefreshToken:
    'Máy chủ OAuth2 không trả về refresh token: kiểm tra phạm vi quyền (Microsoft cần offline_access) rồi kết nối lại',
  /** The mailbox row and the channel's error state. */
  notConnected:
    'Cần kết nối lại hộp thư: chưa có refresh token OAuth2 (bấm nút kết nối trong cài đặt hộp thư)',
  refreshRefused: (reason: string) =>
    `Cần kết nối lại hộp thư: máy chủ OAuth2 từ chối làm mới access token (${reason})`,
  tokenEndpoint: (url: string, detail: string) =>
    `Không lấy được access token từ máy chủ OAuth2 ${url}: ${detail}`,
  tokenOk: (url: string) => `Lấy access token từ ${url} thành công`,
  /** A refresh answered while the connection changed (disconnected or connected again). */
  refreshInterrupted:
    'Kết nối OAuth2 của hộp thư vừa thay đổi trong lúc làm mới access token, vui lòng thử lại',
  /** Another instance is refreshing the token for longer than we wait. */
  refreshBusy: 'Máy chủ đang làm mới access token của hộp thư, vui lòng thử lại sau ít phút',
  /**
   * `POST /v2/channels/{id}/email/oauth/disconnect` (administrators, no body, answers the
   * channel: `channelView`): the refresh token revoked at the provider when it has an RFC 7009
   * endpoint (`oauth_revoke_url`) and forgotten; these say whether the provider revoked it.
   */
  disconnected: 'Đã ngắt kết nối OAuth2 của hộp thư và thu hồi token tại nhà cung cấp',
  disconnectedNoRevocation:
    'Đã ngắt kết nối OAuth2 của hộp thư (nhà cung cấp không có địa chỉ thu hồi token: gỡ quyền của ứng dụng trong tài khoản nếu cần)',
  disconnectedNotRevoked: (reason: string) =>
    `Đã ngắt kết nối OAuth2 của hộp thư, nhưng máy chủ OAuth2 chưa thu hồi token (${reason}): gỡ quyền của ứng dụng trong tài khoản nếu cần`,
} as const;

/** `POST /v2/channels/{id}/email/oauth/connect`: the provider's consent page to open. */
export const emailOauthConnectView = z.object({ url: z.string() });
export type EmailOauthConnectView = z.infer<typeof emailOauthConnectView>;

/**
 * `POST /v2/email/oauth/complete`: what `/email-redirect` received (RFC 6749 §4.1.2: `code` and
 * `state`, or `error` with `error_description`). The PKCE verifier never travels: the server
 * keeps it by state.
 */
export const emailOauthCompleteBody = z.object({
  state: z
    .string({ error: EMAIL_OAUTH_MESSAGES.stateInvalid })
    .trim()
    .min(1, EMAIL_OAUTH_MESSAGES.stateInvalid)
    .max(200, EMAIL_OAUTH_MESSAGES.stateInvalid),
  code: z.string().trim().max(4000).optional(),
  error: z.string().trim().max(200).optional(),
  error_description: z.string().trim().max(1000).optional(),
});
export type EmailOauthCompleteBody = z.infer<typeof emailOauthCompleteBody>;
