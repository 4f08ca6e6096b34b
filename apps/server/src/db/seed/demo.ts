import { inArray } from 'drizzle-orm';
import type { StaffRole } from '@omnicare/shared/users/roles';
import type { Database } from '../../platform/db.js';
import { hashSecret } from '../../platform/passwords.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { tenants } from '../schema/tenants.js';
import { users } from '../schema/users.js';
import type { TenantSettings } from '../schema/tenants.js';
import { seedDemoChannels } from './demo-channels.js';
import { seedDemoReportHistory } from './demo-report-history.js';
import { seedDemoSamples } from './demo-samples.js';

export const DEMO_PASSWORD = 'Demo@123456';
/**
 * The demo staff's SIP accounts (seeded when the seed is given the secret box): username = the
 * agent id, this password (stored encrypted), the gateway `npm run gateway` starts by default.
 */
export const DEMO_SIP_PASSWORD = 'Sip@123456';
export const DEMO_SIP_GATEWAY_URL = 'ws://127.0.0.1:8088';

export interface DemoTenant {
  slug: string;
  name: string;
  settings: TenantSettings;
  /** Gets the sample organizations, groups, tags, fields and customers (demo-samples.ts). */
  samples?: boolean;
  staff: {
    email: string;
    name: string;
    role: StaffRole;
    isAdmin?: boolean;
    agentId: string;
    phone: string;
  }[];
}

/** The accounts tests and reviewers rely on; README.md lists them. */
export const DEMO_TENANTS: DemoTenant[] = [
  {
    slug: 'demo',
    name: 'Demo',
    settings: { workflow: 'enabled' },
    samples: true,
    staff: [
      {
        email: 'admin@demo.vn',
        name: 'Nguyễn Văn An',
        role: 'administrator',
        isAdmin: true,
        agentId: '1001',
        phone: '0901000001',
      },
      {
        email: 'supervisor@demo.vn',
        name: 'Trần Thị Bình',
        role: 'supervisor',
        agentId: '1002',
        phone: '0901000002',
      },
      {
        email: 'leader@demo.vn',
        name: 'Lê Minh Châu',
        role: 'team_leader',
        agentId: '1003',
        phone: '0901000003',
      },
      {
        email: 'agent@demo.vn',
        name: 'Phạm Quốc Dũng',
        role: 'agent',
        agentId: '1004',
        phone: '0901000004',
      },
      {
        email: 'agent2@demo.vn',
        name: 'Hoàng Thu Hà',
        role: 'agent',
        agentId: '1005',
        phone: '0901000005',
      },
    ],
  },
  {
    slug: 'other',
    name: 'Other',
    settings: { workflow: 'disabled' },
    staff: [
      {
        email: 'admin@other.vn',
        name: 'Vũ Đức Giang',
        role: 'administrator',
        agentId: '2001',
        phone: '0902000001',
      },
    ],
  },
];

export const DEMO_LOGINS = DEMO_TENANTS.flatMap((tenant) =>
  tenant.staff.map((member) => ({ email: member.email, role: member.role, tenant: tenant.name })),
);

/**
 * Seeds each demo tenant that is not there yet, with its sample data when `samples`; returns
 * whether anything was added.
 */
export async function seedDemo(
  db: Database,
  { samples = false, secrets }: { samples?: boolean; secrets?: SecretBox } = {},
): Promise<boolean> {
  const present = await db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(
      inArray(
        tenants.slug,
        DEMO_TENANTS.map((t) => t.slug),
      ),
    );
  // Hashing costs tens of milliseconds: skip it on the usual start, when all are there.
  if (present.length === DEMO_TENANTS.length) return false;
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  let added = false;
  for (const demo of DEMO_TENANTS) {
    if (await insertTenantWithStaff(db, demo, passwordHash, samples, secrets)) added = true;
  }
  return added;
}

/**
 * Inserts a tenant and its staff in one transaction; undefined when the slug already exists.
 * With `secrets`, each staff member gets the demo SIP account (username = agent id).
 */
export async function insertTenantWithStaff(
  db: Database,
  demo: DemoTenant,
  passwordHash: string,
  samples = false,
  secrets?: SecretBox,
) {
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ slug: demo.slug, name: demo.name, settings: demo.settings })
      .onConflictDoNothing({ target: tenants.slug })
      .returning();
    if (!tenant) return undefined;
    const staff = await tx
      .insert(users)
      .values(
        demo.staff.map((member) => ({
          tenantId: tenant.id,
          email: member.email,
          name: member.name,
          role: member.role,
          isAdmin: member.isAdmin ?? false,
          agentId: member.agentId,
          phone: member.phone,
          passwordHash,
          ...(secrets
            ? {
                sipUsername: member.agentId,
                sipGatewayUrl: DEMO_SIP_GATEWAY_URL,
                sipPasswordEncrypted: secrets.seal(DEMO_SIP_PASSWORD),
              }
            : {}),
        })),
      )
      .returning({ id: users.id, email: users.email });
    const staffIds = Object.fromEntries(staff.map((row) => [row.email, row.id]));
    if (samples && demo.samples) {
      await seedDemoSamples(tx, tenant.id, staffIds);
      // The real demo only (tests' sample tenants keep the samples alone).
      await seedDemoReportHistory(tx, tenant.id, staffIds);
    }
    if (samples && demo.samples && secrets)
      await seedDemoChannels(
        tx,
        tenant.id,
        staff.find((row) => demo.staff.find((m) => m.email === row.email)?.role === 'administrator')
          ?.id,
        secrets,
      );
    return { tenantId: tenant.id, staff: staffIds };
  });
}
