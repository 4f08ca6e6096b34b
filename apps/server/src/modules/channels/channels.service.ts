import {
  CHANNEL_CONFIG,
  CHANNEL_KIND,
  CHANNEL_MESSAGES as M,
  channelBody,
  channelsQuery,
  channelView,
  isConnectable,
  secretNamesOf,
  type ChannelBody,
  type ChannelView,
  type ChannelsQuery,
  type ChannelStatus,
  type ConnectableKind,
  ZNS_REPORTED_SETTINGS,
} from '@omnicare/shared/channels/channels.schemas';
import type { ChannelsSummaryView } from '@omnicare/shared/channels/channels-summary';
import { EMAIL_OAUTH_MESSAGES } from '@omnicare/shared/channels/email-oauth.schemas';
import { dayAndTimeIn, startOfDayIn } from '@omnicare/shared/platform/time';
import { Readable } from 'node:stream';
import {
  EMAIL_SETTINGS_MESSAGES,
  type ChannelTestView,
} from '@omnicare/shared/channels/email-settings';
import {
  LIVECHAT_SETTINGS_MESSAGES,
  livechatAvatarFolder,
} from '@omnicare/shared/channels/livechat-settings';
import { AVATAR_MAX_BYTES } from '@omnicare/shared/platform/constants';
import { PUBLIC_FILES_PREFIX, isPublicFilePath } from '@omnicare/shared/platform/validation';
import type { AuthContext } from '../../platform/auth.js';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import type { Platform } from '../../platform/context.js';
import { imageExtensionOf } from '../../platform/files.js';
import { catalogue, inUseError, uniqueName } from '../../platform/catalogue.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { findTenant } from '../tenants/tenants.service.js';
import { channels } from '../../db/schema/conversations.js';
import type { ChannelDriver, OpenChannel } from './channel-driver.js';
import { emailDriver } from './drivers/email.js';
import { esmsDriver } from './drivers/esms.js';
import { znsDriver } from './drivers/zns.js';
import { zaloDriver } from './zalo/zalo-driver.js';
import { facebookDriver } from './facebook/facebook-driver.js'; // Facebook Messenger
import { whatsappDriver } from './whatsapp/whatsapp-driver.js'; // WhatsApp
import { ZALO_CONNECTION_SETTINGS } from './zalo/zalo-api.js';
import { openChannel, openSecrets } from './channel-loader.js';
import { withMailAuth } from './email-oauth.js';
import * as repo from './channels.repository.js';
import { takePageToken } from './facebook/facebook-channel.js';

/** Kinds that speak to a provider (livechat is ours: the widget's socket carries it). */
type ProviderKind = Exclude<ConnectableKind, 'livechat'>;

/** The driver of each kind that has one (the kinds to come add theirs here). */
const DRIVERS = {
  sms: esmsDriver,
  zns: znsDriver,
  email: emailDriver,
  zalo: zaloDriver,
  facebook: facebookDriver, // Facebook Messenger
  whatsapp: whatsappDriver, // WhatsApp
} as const satisfies {
  [Kind in ProviderKind]: ChannelDriver<Kind, never, unknown>;
};

/** Told on every instance when a channel was saved or removed (the IMAP IDLE watchers hear it). */
export const CHANNELS_SAVED_SIGNAL = 'channels.saved';

const toView =
  (platform: Platform) =>
  ({ channel, groupName }: repo.ListedChannel): ChannelView => {
    const stored = openSecrets(platform, channel);
    const names = isConnectable(channel.kind) ? secretNamesOf(channel.kind) : [];
    return {
      _id: channel.id,
      kind: channel.kind as ChannelView['kind'],
      name: channel.name,
      status: channel.status as ChannelView['status'],
      status_reason: channel.statusReason,
      group:
        channel.groupId && groupName !== null ? { _id: channel.groupId, name: groupName } : null,
      settings: channel.settings,
      secrets: Object.fromEntries(names.map((name) => [name, Boolean(stored[name])])),
      created_at: channel.createdAt.toISOString(),
      updated_at: channel.updatedAt.toISOString(),
    };
  };

/**
 * The tenant's channels as a catalogue (platform/catalogue.ts): administrators connect, change
 * and remove them; secrets are sealed on write and answered only as set or not.
 */
export const channelCatalogue = catalogue<ChannelView, ChannelBody, ChannelsQuery>({
  tag: 'channels',
  entity: 'channel',
  messages: M,
  access: { read: 'channel.manage', manage: 'channel.manage' },
  paths: { list: '/v2/channels', create: '/v2/channels', one: '/v2/channels/:id' },
  summaries: { list: 'Kênh đã kết nối', get: 'Chi tiết kênh', record: 'kênh' },
  schemas: { view: channelView, body: channelBody, query: channelsQuery },
  listAnswer: 'array',
  list: async (ctx, query) =>
    (await repo.listChannels(ctx.db, ctx.tenantId, { kind: query.kind })).map(toView(ctx.platform)),
  find: async (ctx, id) => {
    const [row] = await repo.listChannels(ctx.db, ctx.tenantId, { id });
    return row && toView(ctx.platform)(row);
  },
  nameTaken: uniqueName(channels),
  write: async (ctx, id, body, before) => {
    if (before && before.kind !== body.kind) throw fieldError('kind', M.kindFixed);
    if (body.group_id && !(await repo.groupExists(ctx.db, ctx.tenantId, body.group_id)))
      throw fieldError('group_id', M.groupMissing);
    const kind = body.kind as ConnectableKind;
    const config = CHANNEL_CONFIG[kind];
    // A secret left blank keeps the stored one; every one of the kind must then be there.
    const [stored] = id ? await repo.listChannels(ctx.db, ctx.tenantId, { id }) : [];
    const secrets = { ...(stored ? openSecrets(ctx.platform, stored.channel) : {}) };
    for (const [name, value] of Object.entries(body.secrets)) if (value) secrets[name] = value;
    const settings = config.settings.parse(body.settings) as Record<string, unknown>;
    await SECRET_EXCHANGES[kind]?.(settings, secrets);
    const labels: Record<string, string> = config.secrets;
    const required =
      'requiredSecrets' in config ? config.requiredSecrets(settings) : Object.keys(labels);
    for (const name of required)
      if (!secrets[name]) throw fieldError(`secrets.${name}`, M.secretRequired(labels[name]!));
    if (kind === 'livechat') checkLivechatAvatar(ctx.tenantId, settings.avatar_url);
    // What the provider wrote (a Zalo OA's connection, ZNS's quota) is not the body's to change.
    keepReported(kind, settings, stored?.channel.settings);
    if (stored) dropStaleConnection(kind, settings, secrets, stored.channel.settings);
    const unconnected = needsConnection(kind, settings, secrets);
    const values = {
      kind,
      name: body.name,
      // A mailbox to be read with OAuth2 that has no refresh token (not connected yet, or
      // disconnected) cannot be read: saving it does not make it look active.
      status: body.status === 'active' && unconnected ? ('error' as const) : body.status,
      statusReason: body.status === 'active' && unconnected ? unconnected : null,
      groupId: body.group_id,
      settings,
      secrets: ctx.platform.secrets.seal(JSON.stringify(secrets)),
    };
    if (!id)
      return repo.insertChannel(ctx.db, {
        ...values,
        tenantId: ctx.tenantId,
        createdBy: ctx.auth.userId || null,
      });
    await repo.updateChannel(ctx.db, ctx.tenantId, id, values);
    return id;
  },
  remove: (ctx, id) => repo.deleteChannel(ctx.db, ctx.tenantId, id),
  inUse: async (ctx, id) =>
    inUseError((await repo.channelHasMessages(ctx.db, ctx.tenantId, id)) ? M.inUse : null),
  changed: (ctx) => {
    monitorsChanged(ctx.platform, ctx.tenantId, 'channels');
    ctx.platform.realtime.signal(CHANNELS_SAVED_SIGNAL, {});
  },
});

/** Secrets a body may give instead of a stored one, exchanged with the provider at the save. */
const SECRET_EXCHANGES: Partial<
  Record<
    ConnectableKind,
    (settings: Record<string, unknown>, secrets: Record<string, string>) => Promise<void>
  >
> = { facebook: takePageToken };

/** Settings the provider or the connection writes, per kind: a save keeps the stored ones. */
const REPORTED_SETTINGS: Partial<Record<ConnectableKind, readonly string[]>> = {
  zalo: ZALO_CONNECTION_SETTINGS,
  zns: ZNS_REPORTED_SETTINGS,
  email: ['oauth_connected_at', 'oauth_disconnected_at'],
};

/**
 * Settings a connection was made for, per kind, with what the connection wrote: a save changing
 * one of them forgets the connection (an OAuth2 mailbox's refresh token belongs to its client,
 * token endpoint and account), which must then be made again. `needed`: whether a channel so
 * set works only once connected, and what it says until then.
 */
const CONNECTION_OF: Partial<
  Record<
    ConnectableKind,
    {
      for: readonly string[];
      settings: string[];
      secrets: string[];
      needed: (settings: Record<string, unknown>) => boolean;
      missing: string;
    }
  >
> = {
  email: {
    for: ['auth_method', 'oauth_client_id', 'oauth_token_url', 'imap_user'],
    settings: ['oauth_connected_at'],
    secrets: ['oauth_refresh_token'],
    needed: (settings) => settings.auth_method === 'oauth2',
    missing: EMAIL_OAUTH_MESSAGES.notConnected,
  },
};

/** Why a channel saved so cannot work until it is connected (null: nothing missing). */
function needsConnection(
  kind: ConnectableKind,
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
): string | null {
  const connection = CONNECTION_OF[kind];
  return connection?.needed(settings) && connection.secrets.some((name) => !secrets[name])
    ? connection.missing
    : null;
}

function dropStaleConnection(
  kind: ConnectableKind,
  settings: Record<string, unknown>,
  secrets: Record<string, string>,
  stored: Record<string, unknown>,
) {
  const connection = CONNECTION_OF[kind];
  if (!connection || connection.for.every((key) => settings[key] === stored[key])) return;
  for (const key of connection.settings) delete settings[key];
  for (const key of connection.secrets) delete secrets[key];
}

function keepReported(
  kind: ConnectableKind,
  settings: Record<string, unknown>,
  stored?: Record<string, unknown>,
) {
  for (const key of REPORTED_SETTINGS[kind] ?? []) {
    delete settings[key];
    if (stored?.[key] !== undefined) settings[key] = stored[key];
  }
}

/**
 * A livechat channel's avatar: an https:// address, or a file uploaded for this tenant's
 * channels (`/files/livechat/<tenant>/…`); another tenant's file, or any other stored file, is
 * refused (422 on `settings.avatar_url`).
 */
function checkLivechatAvatar(tenantId: string, url: unknown) {
  if (typeof url !== 'string' || !url.startsWith(PUBLIC_FILES_PREFIX)) return;
  const own = `${PUBLIC_FILES_PREFIX}${livechatAvatarFolder(tenantId)}/`;
  if (!isPublicFilePath(url) || !url.startsWith(own) || url.slice(own.length).includes('/'))
    throw fieldError('settings.avatar_url', LIVECHAT_SETTINGS_MESSAGES.avatar);
}

/**
 * `POST /v2/channels/{id}/avatar`: a livechat channel's avatar from an uploaded image (PNG, JPEG,
 * WEBP or GIF by its content, 2 MB at most), stored as a public file (the widget shows it on
 * the customer's site) and set as the channel's `avatar_url` at once, audited as an update of
 * the channel. Another tenant's channel is not found.
 */
export async function setLivechatAvatar(
  platform: Platform,
  auth: AuthContext,
  id: string,
  content: Buffer | undefined,
): Promise<ChannelView> {
  const before = await channelCatalogue.get(platform, auth, id);
  if (before.kind !== 'livechat')
    throw fieldError('file', LIVECHAT_SETTINGS_MESSAGES.avatarNotLivechat);
  if (content && content.length > AVATAR_MAX_BYTES)
    throw fieldError('file', LIVECHAT_SETTINGS_MESSAGES.avatarSize);
  const extension = content ? imageExtensionOf(content) : undefined;
  if (!content || !extension) throw fieldError('file', LIVECHAT_SETTINGS_MESSAGES.avatarType);
  const avatarUrl = await platform.files.savePublic(
    livechatAvatarFolder(auth.tenantId),
    extension,
    Readable.from(content),
  );
  await repo.updateChannel(platform.db, auth.tenantId, id, {
    settings: { ...before.settings, avatar_url: avatarUrl },
  });
  const after = await channelCatalogue.get(platform, auth, id);
  await channelCatalogue.recordChange(platform, auth, 'update', id, before, after);
  return after;
}

/**
 * Sends through the tenant's active channel of a kind (the first connected), by its driver:
 * what automation's SMS and ZNS blocks call. No such channel: the provider's "not configured".
 */
export async function sendThroughChannel<Kind extends ProviderKind>(
  platform: Platform,
  tenantId: string,
  kind: Kind,
  message: Parameters<(typeof DRIVERS)[Kind]['send']>[1],
) {
  const row = await repo.activeChannelOf(platform.db, tenantId, kind);
  const driver = DRIVERS[kind] as unknown as ChannelDriver<Kind, typeof message, unknown>;
  const channel: OpenChannel<Kind> = {
    id: row?.id ?? '',
    tenantId,
    kind,
    name: row?.name ?? '',
    settings: (row?.settings ?? {}) as OpenChannel<Kind>['settings'],
    secrets: (row ? openSecrets(platform, row) : {}) as OpenChannel<Kind>['secrets'],
  };
  const sent = (await driver.send(channel, message)) as Awaited<
    ReturnType<(typeof DRIVERS)[Kind]['send']>
  >;
  // What the provider said of the channel with it (ZNS's quota) is kept on the channel.
  const reported = (sent as { reported?: Record<string, unknown> }).reported;
  if (row && reported) await repo.mergeSettings(platform.db, tenantId, row.id, reported);
  return { ...sent, channel_id: channel.id };
}

/**
 * A ZNS template as Zalo registered it, read through the tenant's active ZNS channel; undefined
 * when the tenant has none. Throws Zalo's refusal.
 */
export async function znsTemplateInfo(platform: Platform, tenantId: string, templateId: string) {
  const row = await repo.activeChannelOf(platform.db, tenantId, 'zns');
  if (!row) return undefined;
  return znsDriver.templateInfo(openChannel(platform, row) as OpenChannel<'zns'>, templateId);
}

/**
 * `POST /v2/channels/{id}/test`: the driver's connection check of a saved channel of the
 * caller's tenant (another tenant's is not found); a kind without one answers 422.
 */
export async function testChannel(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<ChannelTestView> {
  const view = await channelCatalogue.get(platform, auth, id);
  const [row] = await repo.listChannels(platform.db, auth.tenantId, { id: view._id });
  const driver = view.kind in DRIVERS ? DRIVERS[view.kind as ProviderKind] : undefined;
  if (!row || !driver || !('test' in driver))
    throw fieldError('kind', EMAIL_SETTINGS_MESSAGES.notEmail);
  // Each driver checks its own kind's channel (the row is of `view.kind`).
  const check = driver.test as (channel: OpenChannel) => Promise<ChannelTestView>;
  const open = openChannel(platform, row.channel);
  return check(open.kind === 'email' ? withMailAuth(platform, open as OpenChannel<'email'>) : open);
}

/**
 * `GET /v2/channels/summary`: every kind (whether it can be connected yet) with the tenant's
 * channels of it, their state and today's messages in and out (today in the tenant's time zone,
 * as the reports count it).
 */
export async function channelsSummary(
  platform: Platform,
  auth: AuthContext,
): Promise<ChannelsSummaryView> {
  const tenant = await findTenant(platform.db, auth.tenantId);
  if (!tenant) throw notFound('Không tìm thấy tenant');
  const date = dayAndTimeIn(new Date(), tenant.timeZone)!.day;
  const day = {
    start: startOfDayIn(date, tenant.timeZone),
    end: startOfDayIn(date, tenant.timeZone, true),
  };
  const [rows, counts] = await Promise.all([
    repo.listChannels(platform.db, auth.tenantId, {}),
    repo.messageCountsByChannel(platform.db, auth.tenantId, day),
  ]);
  const countOf = new Map(counts.map((row) => [row.channel_id, row]));
  return {
    date,
    time_zone: tenant.timeZone,
    kinds: CHANNEL_KIND.values.map((kind) => ({
      kind,
      connectable: isConnectable(kind),
      channels: rows
        .filter(({ channel }) => channel.kind === kind)
        .map(({ channel }) => ({
          _id: channel.id,
          name: channel.name,
          status: channel.status as ChannelStatus,
          status_reason: channel.statusReason,
          status_at: channel.updatedAt.toISOString(),
          messages_in: countOf.get(channel.id)?.in ?? 0,
          messages_out: countOf.get(channel.id)?.out ?? 0,
        })),
    })),
  };
}
