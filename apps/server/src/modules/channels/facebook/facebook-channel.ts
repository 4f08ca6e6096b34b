import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/context.js';
import { channels } from '../../../db/schema/conversations.js';
import type { OpenChannel } from '../channel-driver.js';

export type FacebookChannel = OpenChannel<'facebook'> & { status: string; groupId: string | null };

/** A Messenger channel by id (of a tenant when given); undefined for another kind or none. */
export async function loadFacebook(
  platform: Platform,
  id: string,
  tenantId?: string,
): Promise<FacebookChannel | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await platform.db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.id, id),
        eq(channels.kind, 'facebook'),
        tenantId ? eq(channels.tenantId, tenantId) : undefined,
      ),
    );
  if (!row) return undefined;
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: 'facebook',
    name: row.name,
    status: row.status,
    groupId: row.groupId,
    settings: row.settings as FacebookChannel['settings'],
    secrets: row.secrets
      ? (JSON.parse(platform.secrets.open(row.secrets)) as FacebookChannel['secrets'])
      : {},
  };
}
