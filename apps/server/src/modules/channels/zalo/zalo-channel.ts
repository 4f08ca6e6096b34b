import { and, eq, sql } from 'drizzle-orm';
import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import type { Transaction } from '../../../platform/db.js';
import { channels } from '../../../db/schema/conversations.js';
import type { OpenChannel } from '../channel-driver.js';
import { refreshTokens, ZaloError } from './zalo-api.js';

export type ZaloChannel = OpenChannel<'zalo'> & {
  status: string;
  groupId: string | null;
};

/** Refreshed this long before the access token expires (Zalo's lasts about 25 h: UNVERIFIED). */
export const REFRESH_AHEAD_MS = 60 * 60 * 1000;

type ChannelRow = typeof channels.$inferSelect;

export function openZalo(platform: Platform, row: ChannelRow): ZaloChannel {
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: 'zalo',
    name: row.name,
    status: row.status,
    groupId: row.groupId,
    settings: row.settings as ZaloChannel['settings'],
    secrets: row.secrets
      ? (JSON.parse(platform.secrets.open(row.secrets)) as ZaloChannel['secrets'])
      : {},
  };
}

/** A Zalo channel by id (of a tenant when given); undefined for another kind or none. */
export async function loadZalo(platform: Platform, id: string, tenantId?: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await platform.db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.id, id),
        eq(channels.kind, 'zalo'),
        tenantId ? eq(channels.tenantId, tenantId) : undefined,
      ),
    );
  return row && openZalo(platform, row);
}

/** Writes a channel's secrets and connection settings (its state back to active). */
export async function saveConnection(
  db: Platform['db'] | Transaction,
  platform: Platform,
  channel: ZaloChannel,
  values: { secrets: Record<string, string | undefined>; settings: Record<string, unknown> },
) {
  const secrets = Object.fromEntries(
    Object.entries({ ...channel.secrets, ...values.secrets }).filter(([, value]) => !!value),
  );
  await db
    .update(channels)
    .set({
      secrets: platform.secrets.seal(JSON.stringify(secrets)),
      settings: values.settings,
      status: channel.status === 'disabled' ? 'disabled' : 'active',
      statusReason: null,
      updatedAt: new Date(),
    })
    .where(and(eq(channels.id, channel.id), eq(channels.tenantId, channel.tenantId)));
}

/**
 * Refreshes the channel's access token (refresh tokens are single use: the channel's row is
 * locked meanwhile, so two instances never spend one twice). `force`: the provider just refused
 * the token (-216), refresh whatever its expiry says, unless another refresh already replaced
 * it. A refusal puts the channel in `error` with the reason ('…vui lòng kết nối lại').
 */
export async function refreshAccessToken(
  platform: Platform,
  channelId: string,
  options: { force?: string } = {},
): Promise<ZaloChannel | undefined> {
  return platform.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.kind, 'zalo')))
      .for('update');
    if (!row) return undefined;
    const channel = openZalo(platform, row);
    const { refresh_token: refreshToken, app_secret_key: appSecret } = channel.secrets;
    if (!refreshToken || !appSecret) return channel;
    const expiresAt = Date.parse(channel.settings.token_expires_at ?? '') || 0;
    const due = options.force
      ? channel.secrets.access_token === options.force
      : expiresAt - Date.now() < REFRESH_AHEAD_MS;
    if (!due) return channel;
    try {
      const tokens = await refreshTokens(channel.settings, appSecret, refreshToken);
      const settings = { ...channel.settings, token_expires_at: tokens.expires_at };
      await saveConnection(tx, platform, channel, {
        secrets: { access_token: tokens.access_token, refresh_token: tokens.refresh_token },
        settings,
      });
      return {
        ...channel,
        settings,
        secrets: {
          ...channel.secrets,
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token,
        },
      };
    } catch (error) {
      if (error instanceof ZaloError && error.transient) throw error;
      await tx
        .update(channels)
        .set({
          status: 'error',
          statusReason: M.refreshFailed(error instanceof Error ? error.message : String(error)),
          updatedAt: new Date(),
        })
        .where(eq(channels.id, channelId));
      return undefined;
    }
  });
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
