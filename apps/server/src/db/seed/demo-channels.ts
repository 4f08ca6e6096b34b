import type { Transaction } from '../../platform/db.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { channels } from '../schema/conversations.js';

/**
 * The demo tenant's SMS channel, so its settings screen shows what a connected one looks like:
 * paused, with placeholder keys (the real eSMS would refuse them), for an administrator to fill.
 */
export async function seedDemoChannels(
  tx: Transaction,
  tenantId: string,
  adminId: string | undefined,
  secrets: SecretBox,
) {
  await tx.insert(channels).values({
    tenantId,
    kind: 'sms',
    name: 'eSMS CSKH',
    status: 'disabled',
    settings: { brandname: 'OMNICARE' },
    secrets: secrets.seal(JSON.stringify({ api_key: 'demo-api-key', secret_key: 'demo-secret' })),
    createdBy: adminId ?? null,
  });
}
