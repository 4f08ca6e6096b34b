import { and, eq, sql } from 'drizzle-orm';
import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import type { Transaction } from '../../../platform/db.js';
import { channels } from '../../../db/schema/conversations.js';
import { loadChannel, openLoaded, type LoadedChannel } from '../channel-loader.js';
import { refreshTokens, ZaloError } from './zalo-api.js';
import { NO_TOKEN_LEASE, underTokenLease } from '../token-lease.js';

export type ZaloChannel = LoadedChannel<'zalo'>;

/** Refreshed this long before the access token expires (Zalo's lasts about 25 h: UNVERIFIED). */
export const REFRESH_AHEAD_MS = 60 * 60 * 1000;

/** A Zalo channel by id (of a tenant when given); undefined for another kind or none. */
export const loadZalo = (platform: Platform, id: string, tenantId?: string) =>
  loadChannel(platform, 'zalo', id, tenantId);

/** A channel's secrets and connection settings as written (its state back to active). */
function connectionValues(
  platform: Platform,
  channel: ZaloChannel,
  values: { secrets: Record<string, string | undefined>; settings: Record<string, unknown> },
) {
  const secrets = Object.fromEntries(
    Object.entries({ ...channel.secrets, ...values.secrets }).filter(([, value]) => !!value),
  );
  return {
    secrets: platform.secrets.seal(JSON.stringify(secrets)),
    settings: values.settings,
    status: channel.status === 'disabled' ? 'disabled' : 'active',
    statusReason: null,
    updatedAt: new Date(),
  };
}

/** Writes a channel's secrets and connection settings (a refresh under way is dropped). */
export async function saveConnection(
  db: Platform['db'] | Transaction,
  platform: Platform,
  channel: ZaloChannel,
  values: { secrets: Record<string, string | undefined>; settings: Record<string, unknown> },
) {
  await db
    .update(channels)
    .set({ ...connectionValues(platform, channel, values), ...NO_TOKEN_LEASE })
    .where(and(eq(channels.id, channel.id), eq(channels.tenantId, channel.tenantId)));
}

/**
 * Refreshes the channel's access token under its token lease (`token-lease.ts`: refresh tokens
 * are single use, so two instances never spend one, and no row lock or transaction is held while
 * Zalo answers; whoever waited for the lease reads the row again and finds it fresh). `force`:
 * the provider just refused the token (-216), refresh whatever its expiry says, unless another
 * refresh already replaced it. A refusal puts the channel in `error` with the reason ('…vui lòng
 * kết nối lại'); undefined also when the connection changed meanwhile (disconnected).
 */
export async function refreshAccessToken(
  platform: Platform,
  channelId: string,
  options: { force?: string } = {},
): Promise<ZaloChannel | undefined> {
  return underTokenLease(
    platform,
    channelId,
    'zalo',
    async (row, lease) => {
      const channel = openLoaded(platform, 'zalo', row);
      const { refresh_token: refreshToken, app_secret_key: appSecret } = channel.secrets;
      if (!refreshToken || !appSecret) return channel;
      const expiresAt = Date.parse(channel.settings.token_expires_at ?? '') || 0;
      const due = options.force
        ? channel.secrets.access_token === options.force
        : expiresAt - Date.now() < REFRESH_AHEAD_MS;
      if (!due) return channel;
      let tokens;
      try {
        tokens = await refreshTokens(channel.settings, appSecret, refreshToken);
      } catch (error) {
        if (error instanceof ZaloError && error.transient) throw error;
        await lease.store(() => ({
          status: 'error',
          statusReason: M.refreshFailed(error instanceof Error ? error.message : String(error)),
          updatedAt: new Date(),
        }));
        return undefined;
      }
      const settings = { ...channel.settings, token_expires_at: tokens.expires_at };
      const secrets = { access_token: tokens.access_token, refresh_token: tokens.refresh_token };
      const stored = await lease.store((current) =>
        connectionValues(platform, openLoaded(platform, 'zalo', current), {
          secrets,
          settings: { ...current.settings, token_expires_at: tokens.expires_at },
        }),
      );
      if (!stored) return undefined;
      return { ...channel, settings, secrets: { ...channel.secrets, ...secrets } };
    },
    () => new ZaloError('refresh_busy', M.refreshBusy, true),
  );
}

/** The job refreshing every connected Zalo channel whose token expires within the hour. */
export const ZALO_REFRESH_JOB = 'channels.zalo-refresh';
export const ZALO_REFRESH_CRON = '*/10 * * * *';

export async function refreshDueTokens(platform: Platform) {
  const due = await platform.db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.kind, 'zalo'),
        sql`${channels.status} <> 'disabled'`,
        sql`${channels.settings} ->> 'token_expires_at' is not null`,
        sql`(${channels.settings} ->> 'token_expires_at')::timestamptz < now() + ${`${REFRESH_AHEAD_MS / 1000} seconds`}::interval`,
      ),
    );
  for (const { id } of due) {
    try {
      await refreshAccessToken(platform, id);
    } catch (error) {
      // Zalo unreachable: the next run tries again.
      platform.log?.warn?.({ err: error, channel: id }, 'zalo token refresh failed');
    }
  }
  return due.length;
}
