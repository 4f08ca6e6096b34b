import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { tenants } from '../../db/schema/index.js';
import type { TenantSettings } from '../../db/schema/tenants.js';

export function findTenant(db: Database | Transaction, tenantId: string) {
  return db.query.tenants.findFirst({ where: eq(tenants.id, tenantId) });
}

export async function updateTenant(
  db: Database | Transaction,
  tenantId: string,
  values: { name: string; logoUrl: string | null; timeZone: string; settings: TenantSettings },
) {
  await db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, tenantId));
}
