import { and, eq, ne } from 'drizzle-orm';
import type { Platform } from '../../../platform/context.js';
import { channels } from '../../../db/schema/conversations.js';
import type { OpenChannel } from '../channel-driver.js';

export type WhatsAppChannel = OpenChannel<'whatsapp'> & {
  status: string;
  groupId: string | null;
};

/** A WhatsApp channel by id (of a tenant when given); undefined for another kind or none. */
export async function loadWhatsApp(platform: Platform, id: string, tenantId?: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await platform.db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.id, id),
        eq(channels.kind, 'whatsapp'),
        tenantId ? eq(channels.tenantId, tenantId) : undefined,
      ),
    );
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: 'whatsapp',
    name: row.name,
    status: row.status,
    groupId: row.groupId,
    settings: row.settings as WhatsAppChannel['settings'],
    secrets: row.secrets
      ? (JSON.parse(platform.secrets.open(row.secrets)) as WhatsAppChannel['secrets'])
      : {},
  } satisfies WhatsAppChannel;
}

/**
 * The provider refused the channel's token (190): the channel shows it in error with the reason
 * (a channel paused meanwhile stays paused).
 */
export async function markChannelError(platform: Platform, channelId: string, reason: string) {
  await platform.db
    .update(channels)
    .set({ status: 'error', statusReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(channels.id, channelId),
        eq(channels.kind, 'whatsapp'),
        ne(channels.status, 'disabled'),
      ),
    );
}
