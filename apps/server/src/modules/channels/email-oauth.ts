import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHANNEL_MESSAGES, type ChannelView } from '@omnicare/shared/channels/channels.schemas';
import {
  EMAIL_OAUTH_MESSAGES as M,
  EMAIL_OAUTH_PROVIDER,
  EMAIL_OAUTH_PROVIDERS,
  EMAIL_OAUTH_REDIRECT_PATH,
  EMAIL_OAUTH_STATE_MINUTES,
  type EmailOauthCompleteBody,
} from '@omnicare/shared/channels/email-oauth.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { safeRequest } from '../../platform/safe-http.js';
import { channels } from '../../db/schema/conversations.js';
import type { OpenChannel } from './channel-driver.js';
import { openLoaded, openSecrets } from './channel-loader.js';
import { channelCatalogue } from './channels.service.js';
import { MailTokenError, type EmailChannel } from './drivers/email.js';
import { startOauthState, takeOauthState } from './oauth-states.js';
import * as repo from './channels.repository.js';
import { NO_TOKEN_LEASE, underTokenLease } from './token-lease.js';

/**
 * OAuth2 mailboxes (`auth_method` oauth2; contracts in `shared/channels/email-oauth.schemas.ts`):
 * the connection (authorization code with PKCE, RFC 6749 §4.1 + RFC 7636, through the shared
 * `oauth-states.ts`; the landing route `/email-redirect`), and the access tokens IMAP and SMTP log
 * in with: obtained with the refresh_token grant (RFC 6749 §6), kept in this instance's memory
 * per channel until shortly before they expire, replaced when a mail server refuses one. A
 * refused refresh (invalid_grant…) puts the mailbox in `error` with 'Cần kết nối lại hộp thư…'.
 */

/** A token expiring within this is not used: a new one is asked for. */
export const TOKEN_REFRESH_AHEAD_MS = 5 * 60_000;
const TOKEN_TIMEOUT_MS = 15_000;

/** A token endpoint's refusal (RFC 6749 §5.2) or its absence; `transient` may pass. */
export class OauthError extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
    readonly transient: boolean,
  ) {
    super(description ? `${code}: ${description}` : code);
  }
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
}

/**
 * `POST <token_url>`, form-encoded, the client authenticated by `client_id` and `client_secret`
 * in the body (RFC 6749 §2.3.1; Google and Microsoft accept it). A success is `{access_token,
 * token_type, expires_in, refresh_token?, scope?}`; a refusal `{error, error_description}` (400,
 * 401 for invalid_client).
 */
async function tokenRequest(tokenUrl: string, form: Record<string, string>): Promise<TokenAnswer> {
  let answer;
  try {
    answer = await safeRequest({
      method: 'POST',
      url: tokenUrl,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      timeoutMs: TOKEN_TIMEOUT_MS,
      // The administrator sets this address (a company's own server may be private).
      allowPrivate: true,
      bodyCap: 64 * 1024,
    });
  } catch (error) {
    throw new OauthError('network', (error as Error).message, true);
  }
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    // Not JSON: the status says what it was.
  }
  const transient = answer.status >= 500 || answer.status === 429;
  if (answer.status !== 200 || typeof json.access_token !== 'string' || !json.access_token)
    throw new OauthError(
      typeof json.error === 'string' ? json.error : `HTTP ${answer.status}`,
      typeof json.error_description === 'string'
        ? json.error_description
        : json.error
          ? ''
          : answer.body.slice(0, 200),
      transient,
    );
  const seconds = Number(json.expires_in) || 3600;
  return {
    access_token: json.access_token,
    refresh_token: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
    expiresAt: Date.now() + seconds * 1000,
  };
}

type EmailSettings = OpenChannel<'email'>['settings'];

/** Where the provider sends the administrator back (the redirect URI to register). */
export const emailRedirectUriOf = (platform: Platform) =>
  `${platform.config.publicUrl.replace(/\/$/, '')}${EMAIL_OAUTH_REDIRECT_PATH}`;

/** An OAuth2 mailbox's access tokens, per channel, in this instance's memory only. */
const tokens = new Map<string, { grant: string; accessToken: string; expiresAt: number }>();
/** Refreshes under way, per channel: concurrent users of one mailbox share one. */
const refreshing = new Map<string, Promise<string>>();

/** What a cached token belongs to: a new connection, client or account starts afresh. */
const grantOf = (settings: EmailSettings) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        settings.oauth_connected_at ?? '',
        settings.oauth_client_id,
        settings.oauth_token_url,
        settings.imap_user,
      ]),
    )
    .digest('hex');

/** Forgets the tokens of a channel (tests; a disconnect). */
export const forgetAccessToken = (channelId: string) => tokens.delete(channelId);

/**
 * A current access token of an OAuth2 mailbox: the one kept while it has more than a few minutes
 * left, else a new one from the refresh_token grant. `refused`: a mail server just refused that
 * token, so a new one is asked for whatever its expiry says (unless another user of the mailbox
 * already replaced it). Throws a `MailTokenError` in Vietnamese; a refusal other than a passing
 * one (invalid_grant, invalid_client…) also puts the mailbox in `error` with that reason.
 */
export async function accessTokenOf(
  platform: Platform,
  channel: OpenChannel<'email'>,
  refused?: string,
): Promise<string> {
  const grant = grantOf(channel.settings);
  const kept = tokens.get(channel.id);
  if (
    kept &&
    kept.grant === grant &&
    kept.accessToken !== refused &&
    kept.expiresAt - Date.now() > TOKEN_REFRESH_AHEAD_MS
  )
    return kept.accessToken;
  const running = refreshing.get(channel.id);
  if (running) return running;
  const next = refreshAccessToken(platform, channel.id).finally(() =>
    refreshing.delete(channel.id),
  );
  refreshing.set(channel.id, next);
  return next;
}

/**
 * How the app authenticates at the token and revocation endpoints (RFC 6749 §2.3.1): its id,
 * and its secret unless it is a public client (RFC 8252), which sends none and relies on PKCE.
 */
const clientOf = (settings: EmailSettings, secrets: Record<string, string | undefined>) => ({
  client_id: settings.oauth_client_id,
  ...(settings.oauth_public_client ? {} : { client_secret: secrets.oauth_client_secret ?? '' }),
});

type RefreshOutcome = { token: string } | { error: MailTokenError };

/**
 * The refresh_token grant for a channel under its token lease (`token-lease.ts`: no row lock or
 * transaction while the provider answers; a rotated refresh token is stored only while the lease
 * is ours, so two instances never spend one). Reads the row afresh, so a long-held IDLE
 * connection uses the newest refresh token. A refusal other than a passing one puts the mailbox
 * in `error` ('Cần kết nối lại hộp thư…'; a pause stays a pause).
 */
async function refreshAccessToken(platform: Platform, channelId: string): Promise<string> {
  const outcome = await underTokenLease<RefreshOutcome>(
    platform,
    channelId,
    'email',
    async (row, lease) => {
      const { settings, secrets } = openLoaded(platform, 'email', row);
      const refreshToken = secrets.oauth_refresh_token;
      if (!refreshToken) return { error: new MailTokenError(M.notConnected, true, false) };
      let answer: TokenAnswer;
      try {
        answer = await tokenRequest(settings.oauth_token_url, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          ...clientOf(settings, secrets),
          ...(settings.oauth_scope ? { scope: settings.oauth_scope } : {}),
        });
      } catch (error) {
        const refusal =
          error instanceof OauthError ? error : new OauthError('error', String(error), true);
        if (refusal.transient)
          return {
            error: new MailTokenError(
              M.tokenEndpoint(settings.oauth_token_url, refusal.message),
              false,
              true,
            ),
          };
        const reason = M.refreshRefused(refusal.message);
        tokens.delete(channelId);
        await lease.store((current) =>
          current.status === 'disabled' ? {} : { status: 'error', statusReason: reason },
        );
        return { error: new MailTokenError(reason, false, false) };
      }
      const rotated =
        answer.refresh_token && answer.refresh_token !== refreshToken
          ? answer.refresh_token
          : undefined;
      const stored = await lease.store(
        rotated
          ? (current) => ({
              secrets: platform.secrets.seal(
                JSON.stringify({ ...openSecrets(platform, current), oauth_refresh_token: rotated }),
              ),
            })
          : undefined,
      );
      if (!stored) return { error: new MailTokenError(M.refreshInterrupted, false, true) };
      tokens.set(channelId, {
        grant: grantOf(settings),
        accessToken: answer.access_token,
        expiresAt: answer.expiresAt,
      });
      return { token: answer.access_token };
    },
    () => new MailTokenError(M.refreshBusy, false, true),
  );
  if (!outcome) throw new MailTokenError(CHANNEL_MESSAGES.notFound, true, false);
  if ('token' in outcome) return outcome.token;
  const { error } = outcome;
  if (error.reconnect) {
    tokens.delete(channelId);
    const [row] = await platform.db
      .select({ tenantId: channels.tenantId })
      .from(channels)
      .where(eq(channels.id, channelId));
    // The mailbox row says it needs a new connection (a pause stays a pause).
    if (row)
      await repo.setChannelHealth(platform.db, row.tenantId, channelId, ['active', 'error'], {
        status: 'error',
        statusReason: error.message,
      });
  }
  throw error;
}

/** The mailbox as the driver uses it: an OAuth2 one with its token source. */
export function withMailAuth(platform: Platform, channel: OpenChannel<'email'>): EmailChannel {
  if (channel.settings.auth_method !== 'oauth2') return channel;
  return { ...channel, accessToken: (refused) => accessTokenOf(platform, channel, refused) };
}

async function emailChannelOf(platform: Platform, tenantId: string, id: string) {
  const [listed] = await repo.listChannels(platform.db, tenantId, { id });
  if (!listed || listed.channel.kind !== 'email') return undefined;
  return listed.channel;
}

/**
 * `POST /v2/channels/{id}/email/oauth/connect`: the provider's consent page for this mailbox
 * (RFC 6749 §4.1.1 with PKCE S256; Google also `access_type=offline` and `prompt=consent`, so it
 * answers a refresh token every time; `login_hint` the mailbox's account). 422 when the mailbox
 * does not log in by OAuth2 or, a confidential client, has no client secret.
 */
export async function startEmailConnect(platform: Platform, auth: AuthContext, id: string) {
  const row = await emailChannelOf(platform, auth.tenantId, id);
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  const { settings, secrets } = openLoaded(platform, 'email', row);
  if (settings.auth_method !== 'oauth2') throw fieldError('settings.auth_method', M.notOauth);
  if (!settings.oauth_public_client && !secrets.oauth_client_secret)
    throw fieldError(
      'secrets.oauth_client_secret',
      CHANNEL_MESSAGES.secretRequired('Client secret'),
    );
  const started = await startOauthState(
    platform,
    auth,
    row.id,
    emailRedirectUriOf(platform),
    EMAIL_OAUTH_STATE_MINUTES,
  );
  const url = new URL(settings.oauth_authorize_url);
  const params = {
    response_type: 'code',
    client_id: settings.oauth_client_id,
    redirect_uri: started.redirectUri,
    scope: settings.oauth_scope,
    state: started.state,
    code_challenge: started.codeChallenge,
    code_challenge_method: 'S256',
    login_hint: settings.imap_user,
    ...(settings.oauth_provider === 'google' ? { access_type: 'offline', prompt: 'consent' } : {}),
  };
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return {
    url: url.toString(),
    provider: EMAIL_OAUTH_PROVIDER.label(settings.oauth_provider),
  };
}

/**
 * `POST /v2/email/oauth/complete` (from `/email-redirect`): the state must be one this
 * administrator started in this tenant, not expired (spent whatever follows); the code is
 * exchanged with the PKCE verifier for tokens (RFC 6749 §4.1.3), the refresh token sealed on the
 * mailbox, which is active again. 422 (Vietnamese) on `state` or `code`.
 */
export async function completeEmailConnect(
  platform: Platform,
  auth: AuthContext,
  body: EmailOauthCompleteBody,
): Promise<ChannelView> {
  const started = await takeOauthState(platform, auth, body.state);
  const row = started && (await emailChannelOf(platform, auth.tenantId, started.channelId));
  if (!started || !row) throw fieldError('state', M.stateInvalid);
  if (body.error) throw fieldError('code', M.denied(body.error_description || body.error));
  if (!body.code) throw fieldError('code', M.codeMissing);
  const channel = openLoaded(platform, 'email', row);
  const { settings, secrets } = channel;
  if (settings.auth_method !== 'oauth2') throw fieldError('state', M.notOauth);
  let answer: TokenAnswer;
  try {
    answer = await tokenRequest(settings.oauth_token_url, {
      grant_type: 'authorization_code',
      code: body.code,
      redirect_uri: started.redirectUri,
      ...clientOf(settings, secrets),
      code_verifier: started.codeVerifier,
    });
  } catch (error) {
    throw fieldError('code', M.exchangeFailed(error instanceof Error ? error.message : ''));
  }
  if (!answer.refresh_token) throw fieldError('code', M.noRefreshToken);
  const before = await channelCatalogue.get(platform, auth, row.id);
  const connectedAt = new Date().toISOString();
  const { oauth_disconnected_at: _disconnected, ...kept } = settings;
  const connected = { ...kept, oauth_connected_at: connectedAt };
  await platform.db
    .update(channels)
    .set({
      ...NO_TOKEN_LEASE,
      settings: connected,
      secrets: platform.secrets.seal(
        JSON.stringify({ ...secrets, oauth_refresh_token: answer.refresh_token }),
      ),
      status: row.status === 'disabled' ? 'disabled' : 'active',
      statusReason: null,
      updatedAt: new Date(),
    })
    .where(and(eq(channels.id, row.id), eq(channels.tenantId, auth.tenantId)));
  tokens.set(row.id, {
    grant: grantOf(connected),
    accessToken: answer.access_token,
    expiresAt: answer.expiresAt,
  });
  const after = await channelCatalogue.get(platform, auth, row.id);
  await channelCatalogue.recordChange(platform, auth, 'update', row.id, before, after);
  return after;
}

/**
 * RFC 7009 token revocation: `POST <revoke_url>`, form `token` and `token_type_hint`, the client
 * authenticated as at the token endpoint. 200 is success (also for a token already invalid,
 * §2.2); anything else, or no answer, is the reason it was not revoked.
 */
async function revokeToken(
  settings: EmailSettings,
  secrets: Record<string, string | undefined>,
  token: string,
): Promise<string | undefined> {
  try {
    const answer = await safeRequest({
      method: 'POST',
      url: settings.oauth_revoke_url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        token,
        token_type_hint: 'refresh_token',
        ...clientOf(settings, secrets),
      }).toString(),
      timeoutMs: TOKEN_TIMEOUT_MS,
      allowPrivate: true,
      bodyCap: 64 * 1024,
    });
    if (answer.status === 200) return undefined;
    let error = '';
    try {
      error = String((JSON.parse(answer.body) as { error?: unknown }).error ?? '');
    } catch {
      // Not JSON: the status says it.
    }
    return error ? `${error}, HTTP ${answer.status}` : `HTTP ${answer.status}`;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * `POST /v2/channels/{id}/email/oauth/disconnect`: the refresh token revoked at the provider when
 * it has a revocation endpoint (the provider's default for a mailbox saved before there was the
 * setting), then forgotten whatever the provider said, with this instance's access token and any
 * refresh under way (its lease cleared: its answer is dropped). The mailbox is then not read (no
 * IDLE, no polls: `oauth_disconnected_at`) and its row says 'Cần kết nối lại hộp thư…' until it
 * is connected again. Audited as a change of the channel. Answers the channel and the sentence
 * saying whether the provider revoked the token.
 */
export async function disconnectEmailOauth(platform: Platform, auth: AuthContext, id: string) {
  const row = await emailChannelOf(platform, auth.tenantId, id);
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  const { settings, secrets } = openLoaded(platform, 'email', row);
  if (settings.auth_method !== 'oauth2') throw fieldError('settings.auth_method', M.notOauth);
  const revokeUrl =
    settings.oauth_revoke_url ?? EMAIL_OAUTH_PROVIDERS[settings.oauth_provider].revoke_url;
  const refreshToken = secrets.oauth_refresh_token;
  let message: string = M.disconnected;
  if (!revokeUrl) message = M.disconnectedNoRevocation;
  else if (refreshToken) {
    const failed = await revokeToken(
      { ...settings, oauth_revoke_url: revokeUrl },
      secrets,
      refreshToken,
    );
    if (failed) message = M.disconnectedNotRevoked(failed);
  }
  const before = await channelCatalogue.get(platform, auth, id);
  const { oauth_connected_at: _connected, ...kept } = settings;
  const { oauth_refresh_token: _refresh, ...keptSecrets } = secrets;
  await platform.db
    .update(channels)
    .set({
      ...NO_TOKEN_LEASE,
      settings: { ...kept, oauth_disconnected_at: new Date().toISOString() },
      secrets: platform.secrets.seal(JSON.stringify(keptSecrets)),
      status: row.status === 'disabled' ? 'disabled' : 'error',
      statusReason: M.notConnected,
      updatedAt: new Date(),
    })
    .where(and(eq(channels.id, id), eq(channels.tenantId, auth.tenantId)));
  forgetAccessToken(id);
  const after = await channelCatalogue.get(platform, auth, id);
  await channelCatalogue.recordChange(platform, auth, 'update', id, before, after);
  return { channel: after, message };
}
