import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHANNEL_MESSAGES, type ChannelView } from '@omnicare/shared/channels/channels.schemas';
import {
  EMAIL_OAUTH_MESSAGES as M,
  EMAIL_OAUTH_PROVIDER,
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
import { openLoaded } from './channel-loader.js';
import { channelCatalogue } from './channels.service.js';
import { MailTokenError, type EmailChannel } from './drivers/email.js';
import { startOauthState, takeOauthState } from './oauth-states.js';
import * as repo from './channels.repository.js';

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
  const next = refreshAccessToken(platform, channel.id, channel.tenantId).finally(() =>
    refreshing.delete(channel.id),
  );
  refreshing.set(channel.id, next);
  return next;
}

/**
 * The refresh_token grant for a channel, its row locked meanwhile (a server that rotates refresh
 * tokens answers a new one, stored at once: two instances never spend one twice). Reads the row
 * afresh, so a long-held IDLE connection uses the newest refresh token.
 */
async function refreshAccessToken(platform: Platform, channelId: string, tenantId: string) {
  const outcome = await platform.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.kind, 'email')))
      .for('update');
    if (!row) return { error: new MailTokenError(CHANNEL_MESSAGES.notFound, true, false) };
    const channel = openLoaded(platform, 'email', row);
    const { settings, secrets } = channel;
    if (!secrets.oauth_refresh_token)
      return { error: new MailTokenError(M.notConnected, true, false) };
    try {
      const answer = await tokenRequest(settings.oauth_token_url, {
        grant_type: 'refresh_token',
        refresh_token: secrets.oauth_refresh_token,
        client_id: settings.oauth_client_id,
        client_secret: secrets.oauth_client_secret ?? '',
        ...(settings.oauth_scope ? { scope: settings.oauth_scope } : {}),
      });
      if (answer.refresh_token && answer.refresh_token !== secrets.oauth_refresh_token)
        await tx
          .update(channels)
          .set({
            secrets: platform.secrets.seal(
              JSON.stringify({ ...secrets, oauth_refresh_token: answer.refresh_token }),
            ),
          })
          .where(eq(channels.id, channelId));
      tokens.set(channelId, {
        grant: grantOf(settings),
        accessToken: answer.access_token,
        expiresAt: answer.expiresAt,
      });
      return { token: answer.access_token };
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
      return {
        error: new MailTokenError(M.refreshRefused(refusal.message), true, false),
        reconnect: true,
      };
    }
  });
  if ('token' in outcome && outcome.token) return outcome.token;
  const error = outcome.error!;
  if (error.reconnect) {
    tokens.delete(channelId);
    // The mailbox row says it needs a new connection (a pause stays a pause).
    await repo.setChannelHealth(platform.db, tenantId, channelId, ['active', 'error'], {
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
 * does not log in by OAuth2 or has no client secret.
 */
export async function startEmailConnect(platform: Platform, auth: AuthContext, id: string) {
  const row = await emailChannelOf(platform, auth.tenantId, id);
  if (!row) throw notFound(CHANNEL_MESSAGES.notFound);
  const { settings, secrets } = openLoaded(platform, 'email', row);
  if (settings.auth_method !== 'oauth2') throw fieldError('settings.auth_method', M.notOauth);
  if (!secrets.oauth_client_secret)
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
      client_id: settings.oauth_client_id,
      client_secret: secrets.oauth_client_secret ?? '',
      code_verifier: started.codeVerifier,
    });
  } catch (error) {
    throw fieldError('code', M.exchangeFailed(error instanceof Error ? error.message : ''));
  }
  if (!answer.refresh_token) throw fieldError('code', M.noRefreshToken);
  const before = await channelCatalogue.get(platform, auth, row.id);
  const connectedAt = new Date().toISOString();
  const connected = { ...settings, oauth_connected_at: connectedAt };
  await platform.db
    .update(channels)
    .set({
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
