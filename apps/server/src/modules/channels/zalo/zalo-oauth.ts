import { and, eq, ne } from 'drizzle-orm';
import { CHANNEL_MESSAGES } from '@omnicare/shared/channels/channels.schemas';
import {
  ZALO_MESSAGES as M,
  ZALO_OAUTH_STATE_MINUTES,
  type ZaloCompleteBody,
} from '@omnicare/shared/channels/zalo.schemas';
import type { AuthContext } from '../../../platform/auth.js';
import type { Platform } from '../../../platform/context.js';
import { fieldError, notFound } from '../../../platform/errors.js';
import { channels } from '../../../db/schema/conversations.js';
import { channelCatalogue } from '../channels.service.js';
import { startOauthState, takeOauthState } from '../oauth-states.js';
import {
  exchangeCode,
  oaInfo,
  permissionUrl,
  ZALO_CONNECTION_SETTINGS,
  ZaloError,
} from './zalo-api.js';
import { loadZalo, saveConnection, type ZaloChannel } from './zalo-channel.js';
import { NO_TOKEN_LEASE } from '../token-lease.js';

/**
 * Connecting an OA to a Zalo channel by Zalo's OAuth v4 with PKCE (shared channels notes,
 * section 2): the server makes the state and the code verifier and keeps them
 * (`oauth-states.ts`: ten minutes, once, for the administrator who started), sends
 * the browser to Zalo's permission page with the S256 challenge, and `/zalo-redirect` posts
 * back the code and state, which the server exchanges (with the verifier and the app secret in
 * the `secret_key` header) for the OA's tokens. Whether Zalo requires PKCE for OAs is
 * UNVERIFIED; we always send it.
 */

async function zaloOf(platform: Platform, auth: AuthContext, id: string): Promise<ZaloChannel> {
  const channel = await loadZalo(platform, id, auth.tenantId);
  if (!channel) throw notFound(CHANNEL_MESSAGES.notFound);
  return channel;
}

/** Where Zalo sends the administrator back (the URL registered as the app's callback). */
export const redirectUriOf = (platform: Platform) =>
  `${platform.config.publicUrl.replace(/\/$/, '')}/zalo-redirect`;

/** `POST /v2/channels/{id}/zalo/connect`: Zalo's permission page for this channel's app. */
export async function startZaloConnect(platform: Platform, auth: AuthContext, id: string) {
  const channel = await zaloOf(platform, auth, id);
  const started = await startOauthState(
    platform,
    auth,
    channel.id,
    redirectUriOf(platform),
    ZALO_OAUTH_STATE_MINUTES,
  );
  return {
    url: permissionUrl(channel.settings, started.redirectUri, started.codeChallenge, started.state),
  };
}

/**
 * `POST /v2/zalo/oauth/complete`: the state must be one this administrator started in this
 * tenant, not expired, and is spent whatever follows; the code is exchanged for tokens, the OA
 * read (id, name, avatar) and the channel connected. 422 (Vietnamese) on `state` or `code`.
 */
export async function completeZaloConnect(
  platform: Platform,
  auth: AuthContext,
  body: ZaloCompleteBody,
) {
  const started = await takeOauthState(platform, auth, body.state);
  if (!started) throw fieldError('state', M.stateInvalid);
  if (body.error) throw fieldError('code', M.denied);
  if (!body.code) throw fieldError('code', M.codeMissing);
  const channel = await zaloOf(platform, auth, started.channelId);
  const appSecret = channel.secrets.app_secret_key ?? '';
  let tokens;
  try {
    tokens = await exchangeCode(channel.settings, appSecret, body.code, started.codeVerifier);
  } catch (error) {
    throw fieldError('code', M.exchangeFailed(reasonOf(error)));
  }
  let oa;
  try {
    oa = await oaInfo(channel.settings, tokens.access_token);
  } catch (error) {
    throw fieldError('code', M.oaInfoFailed(reasonOf(error)));
  }
  const oaId = oa.oa_id || body.oa_id || '';
  if (oaId && (await oaConnectedElsewhere(platform, auth.tenantId, channel.id, oaId)))
    throw fieldError('code', M.oaTaken);
  const before = await channelCatalogue.get(platform, auth, channel.id);
  await saveConnection(platform.db, platform, channel, {
    secrets: { access_token: tokens.access_token, refresh_token: tokens.refresh_token },
    settings: {
      ...channel.settings,
      oa_id: oaId,
      oa_name: oa.name,
      oa_avatar: oa.avatar,
      token_expires_at: tokens.expires_at,
      connected_at: new Date().toISOString(),
    },
  });
  const after = await channelCatalogue.get(platform, auth, channel.id);
  await channelCatalogue.recordChange(platform, auth, 'update', channel.id, before, after);
  return after;
}

async function oaConnectedElsewhere(
  platform: Platform,
  tenantId: string,
  channelId: string,
  oaId: string,
) {
  const rows = await platform.db
    .select({ id: channels.id, settings: channels.settings })
    .from(channels)
    .where(
      and(eq(channels.tenantId, tenantId), eq(channels.kind, 'zalo'), ne(channels.id, channelId)),
    );
  return rows.some((row) => row.settings.oa_id === oaId);
}

const reasonOf = (error: unknown) =>
  error instanceof ZaloError
    ? `${error.code}${error.reason ? ` ${error.reason}` : ''}`
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * `POST /v2/channels/{id}/zalo/disconnect`: the OA's tokens are forgotten (Zalo documents no
 * revoke call in the notes read: the administrator removes the app from the OA on Zalo's side);
 * the channel and its conversations stay.
 */
export async function disconnectZalo(platform: Platform, auth: AuthContext, id: string) {
  const channel = await zaloOf(platform, auth, id);
  const before = await channelCatalogue.get(platform, auth, id);
  const settings = { ...channel.settings } as Record<string, unknown>;
  for (const key of ZALO_CONNECTION_SETTINGS) delete settings[key];
  const { access_token: _a, refresh_token: _r, ...kept } = channel.secrets;
  await platform.db
    .update(channels)
    .set({
      ...NO_TOKEN_LEASE,
      settings,
      secrets: platform.secrets.seal(JSON.stringify(kept)),
      statusReason: null,
      status: channel.status === 'error' ? 'active' : channel.status,
      updatedAt: new Date(),
    })
    .where(and(eq(channels.id, id), eq(channels.tenantId, auth.tenantId)));
  const after = await channelCatalogue.get(platform, auth, id);
  await channelCatalogue.recordChange(platform, auth, 'update', id, before, after);
  return after;
}
