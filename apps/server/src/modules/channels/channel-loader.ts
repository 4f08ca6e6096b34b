import { eq } from 'drizzle-orm';
import type { ConnectableKind } from '@omnicare/shared/channels/channels.schemas';
import type { Platform } from '../../platform/context.js';
import { channels } from '../../db/schema/conversations.js';
import type { OpenChannel } from './channel-driver.js';

export type ChannelRow = typeof channels.$inferSelect;

/** A connected channel as its webhook, inbound processing and sends read it. */
export type LoadedChannel<Kind extends ConnectableKind> = OpenChannel<Kind> & {
  status: string;
  groupId: string | null;
};

/**
 * Secrets opened, per row object: a memoised row (channelRow below) is the same object for every
 * webhook delivery until the channel changes, and opening the secret box costs each one a
 * decryption. Frozen, as every reader of the row shares them.
 */
const opened = new WeakMap<ChannelRow, Readonly<Record<string, string>>>();

/** The stored secrets of a row, opened (server memory only, never sent to a client). */
export function openSecrets(platform: Platform, row: ChannelRow): Readonly<Record<string, string>> {
  if (!row.secrets) return {};
  let secrets = opened.get(row);
  if (!secrets) {
    secrets = Object.freeze(
      JSON.parse(platform.secrets.open(row.secrets)) as Record<string, string>,
    );
    opened.set(row, secrets);
  }
  return secrets;
}

/** A stored channel as its driver and its inbound path see it (secrets opened, server only). */
export function openLoaded<Kind extends ConnectableKind>(
  platform: Platform,
  kind: Kind,
  row: ChannelRow,
): LoadedChannel<Kind> {
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind,
    name: row.name,
    status: row.status,
    groupId: row.groupId,
    settings: row.settings as LoadedChannel<Kind>['settings'],
    secrets: openSecrets(platform, row) as LoadedChannel<Kind>['secrets'],
  };
}

/** `openLoaded` of a row whatever its kind. */
export const openChannel = (platform: Platform, row: ChannelRow) =>
  openLoaded(platform, row.kind as ConnectableKind, row);

/**
 * Channel id → its tenant: a channel never moves, and the memo below is kept per tenant. Bounded
 * (cleared when full: a tenant is then read once more with its row).
 */
const tenantOfChannel = new Map<string, string>();
const TENANTS_KEPT = 10_000;

/**
 * A channel's row by id, remembered per instance until the tenant's channels change (the memo
 * topic `channels`: any write to the table, by an administrator, a token refresh or a provider's
 * verdict, is heard by every instance). Every webhook delivery and inbound message reads its
 * channel, so this spares a statement each.
 */
async function channelRow(platform: Platform, id: string) {
  const read = async () => {
    const [row] = await platform.db.select().from(channels).where(eq(channels.id, id));
    return row;
  };
  const tenantId = tenantOfChannel.get(id);
  if (tenantId) return platform.memo.remember('channels', tenantId, id, read);
  const row = await read();
  if (row) {
    if (tenantOfChannel.size >= TENANTS_KEPT) tenantOfChannel.clear();
    tenantOfChannel.set(id, row.tenantId);
  }
  return row;
}

/** A channel of this kind by id (of this tenant when given); undefined for another or none. */
export async function loadChannel<Kind extends ConnectableKind>(
  platform: Platform,
  kind: Kind,
  id: string,
  tenantId?: string,
): Promise<LoadedChannel<Kind> | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const row = await channelRow(platform, id);
  if (!row || row.kind !== kind || (tenantId && row.tenantId !== tenantId)) return undefined;
  return openLoaded(platform, kind, row);
}
