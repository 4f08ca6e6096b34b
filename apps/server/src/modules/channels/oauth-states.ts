import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { channelOauthStates } from '../../db/schema/channel-inbound.js';

/**
 * A channel's connection by an OAuth authorization-code flow with PKCE (RFC 7636), as every kind
 * connected that way does it (Zalo OA, OAuth2 mailboxes): the server makes the state and the code
 * verifier and keeps them (`channel_oauth_states`: the verifier sealed, the state only as its
 * hash; for the administrator who started, in their tenant, for one channel, a few minutes,
 * once), the browser goes to the provider with the S256 challenge, and the landing page posts
 * the code and state back to the server, which takes the state (spent whatever follows) and
 * exchanges the code with the verifier.
 */

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/** The S256 challenge of a verifier (RFC 7636 §4.2). */
export const codeChallengeOf = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** A started connection: what goes in the provider's URL (the verifier stays on the server). */
export interface StartedOauth {
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

/** Starts a connection of `channelId` by this administrator; expired ones are swept. */
export async function startOauthState(
  platform: Platform,
  auth: AuthContext,
  channelId: string,
  redirectUri: string,
  minutes: number,
): Promise<StartedOauth> {
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  await platform.db.delete(channelOauthStates).where(lt(channelOauthStates.expiresAt, new Date()));
  await platform.db.insert(channelOauthStates).values({
    stateHash: hash(state),
    tenantId: auth.tenantId,
    channelId,
    userId: auth.userId,
    codeVerifier: platform.secrets.seal(verifier),
    redirectUri,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return { state, codeChallenge: codeChallengeOf(verifier), redirectUri };
}

/**
 * Takes a state back (spent, whatever follows): undefined unless this administrator started it
 * in this tenant and it has not expired. Answers the channel, the verifier opened and the
 * redirect URI the provider was given (the token request must repeat it).
 */
export async function takeOauthState(platform: Platform, auth: AuthContext, state: string) {
  const [started] = await platform.db
    .delete(channelOauthStates)
    .where(
      and(
        eq(channelOauthStates.stateHash, hash(state)),
        eq(channelOauthStates.tenantId, auth.tenantId),
        eq(channelOauthStates.userId, auth.userId),
        gt(channelOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!started) return undefined;
  return {
    channelId: started.channelId,
    codeVerifier: platform.secrets.open(started.codeVerifier),
    redirectUri: started.redirectUri,
  };
}
