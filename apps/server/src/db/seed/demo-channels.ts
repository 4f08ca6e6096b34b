import type { Transaction } from '../../platform/db.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { channels } from '../schema/conversations.js';

/**
 * The demo tenant's SMS and ZNS channels, so their settings screens show what a connected one
 * looks like: paused, with placeholder keys (the real eSMS and Zalo would refuse them), for an
 * administrator to fill; the ZNS one with the quota Zalo reported on its last send.
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
  await tx.insert(channels).values({
    tenantId,
    kind: 'zns',
    name: 'ZNS chăm sóc khách hàng',
    status: 'disabled',
    settings: {
      daily_quota: 5000,
      remaining_quota: 4862,
      quota_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    },
    secrets: secrets.seal(JSON.stringify({ access_token: 'demo-oa-access-token' })),
    createdBy: adminId ?? null,
  });
}
