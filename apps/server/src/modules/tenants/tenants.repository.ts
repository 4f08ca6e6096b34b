import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { tenants } from '../../db/schema/tenants.js';
import type { TenantSettings } from '../../db/schema/tenants.js';

export async function findTenant(db: Database | Transaction, tenantId: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
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
