import { and, eq, ne } from 'drizzle-orm';
import type { Platform } from '../../../platform/context.js';
import { channels } from '../../../db/schema/conversations.js';
import { loadChannel, type LoadedChannel } from '../channel-loader.js';

export type WhatsAppChannel = LoadedChannel<'whatsapp'>;

/** A WhatsApp channel by id (of a tenant when given); undefined for another kind or none. */
export const loadWhatsApp = (platform: Platform, id: string, tenantId?: string) =>
  loadChannel(platform, 'whatsapp', id, tenantId);

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
