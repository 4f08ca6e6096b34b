import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { readFile } from 'node:fs/promises';
import { tenants } from '../db/schema/tenants.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';
import { dataScopeOf, scopeCondition } from './data-scope.js';

/** A stand-in for customers, tickets and calls: rows with an owner and an organization. */
const probe = pgTable('scope_probe', {
  id: serial('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  ownerId: uuid('owner_id').notNull(),
  organizationId: uuid('organization_id'),
  label: text('label').notNull(),
});

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;

/** The labels of the probe rows the signed-in user may see, as repositories will filter them. */
async function visibleTo(email: string) {
  const token = await t.login(email);
  const auth = await t.app.platform.tokens.verify(token);
  if (!auth) throw new Error('no session');
  const scope = dataScopeOf(auth);
  const rows = await t.database.db
    .select({ label: probe.label })
    .from(probe)
    .where(
      and(
        eq(probe.tenantId, auth.tenantId),
        scopeCondition(scope, { owner: probe.ownerId, organization: probe.organizationId }),
      ),
    );
  return rows.map((row) => row.label).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  admin = await t.login(tenant.email('admin'));
  await t.database.db.execute(sql`create table if not exists scope_probe (
    id serial primary key, tenant_id uuid not null, owner_id uuid not null, organization_id uuid, label text not null)`);

  const org = async (name: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v2/organize',
        headers: bearer(admin),
        payload: { name },
      })
    ).json().data._id as string;
  const orgA = await org('Chi nhánh A');
  const orgB = await org('Chi nhánh B');
  const place = async (role: string, organizationId: string) => {
    const user = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/users/${tenant.id(role)}`,
        headers: bearer(admin),
      })
    ).json().data;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${user._id}`,
      headers: bearer(admin),
      payload: {
        name: user.name,
        email: user.email,
        role: user.role,
        agent_id: user.agent_id,
        organization_id: organizationId,
      },
    });
    expect(response.statusCode).toBe(200);
  };
  await place('supervisor', orgA);
  await place('leader', orgA);
  await place('agent', orgA);
  await place('agent2', orgB);
  await t.app.inject({
    method: 'POST',
    url: '/v2/group',
    headers: bearer(admin),
    payload: {
      target: 'user',
      name: 'Nhóm 1',
      leader_id: tenant.id('leader'),
      // A department may span organizations: agent2 works in branch B.
      member_ids: [tenant.id('agent'), tenant.id('agent2')],
    },
  });
  await t.database.db.insert(probe).values([
    {
      tenantId: tenant.tenantId,
      ownerId: tenant.id('agent'),
      organizationId: orgA,
      label: 'of-agent',
    },
    {
      tenantId: tenant.tenantId,
      ownerId: tenant.id('agent2'),
      organizationId: orgB,
      label: 'of-agent2',
    },
    {
      tenantId: tenant.tenantId,
      ownerId: tenant.id('leader'),
      organizationId: orgA,
      label: 'of-leader',
    },
    {
      tenantId: tenant.tenantId,
      ownerId: tenant.id('admin'),
      organizationId: null,
      label: 'of-admin',
    },
    {
      tenantId: tenant.tenantId,
      ownerId: tenant.id('admin'),
      organizationId: orgA,
      label: 'of-admin-in-A',
    },
  ]);
});
afterAll(async () => {
  await t.database.db.execute(sql`drop table if exists scope_probe`);
  await t.close();
});

describe('data scope per role, applied in SQL', () => {
  it('gives each demo role its default scope, a higher role seeing at least what a lower one sees', async () => {
    const seen = {
      admin: await visibleTo(tenant.email('admin')),
      supervisor: await visibleTo(tenant.email('supervisor')),
      leader: await visibleTo(tenant.email('leader')),
      agent: await visibleTo(tenant.email('agent')),
    };
    const everything = ['of-admin', 'of-admin-in-A', 'of-agent', 'of-agent2', 'of-leader'];
    expect(seen.admin).toEqual(everything);
    // all: the former default (my_organization) hid the rows of agent2, in the leader's
    // department but in branch B, from the supervisor while the team leader saw them.
    expect(seen.supervisor).toEqual(everything);
    // my_group: rows owned by the leader's department (leader, agent, agent2).
    expect(seen.leader).toEqual(['of-agent', 'of-agent2', 'of-leader']);
    // me: only their own.
    expect(seen.agent).toEqual(['of-agent']);
    expect(await visibleTo(tenant.email('agent2'))).toEqual(['of-agent2']);
    const order = [seen.admin, seen.supervisor, seen.leader, seen.agent];
    order.slice(1).forEach((lower, index) => {
      for (const label of lower) expect(order[index]).toContain(label);
    });
  });

  it("follows the tenant setting when an administrator changes a role's scope", async () => {
    const config = (
      await t.app.inject({ method: 'GET', url: '/v2/tenant/config', headers: bearer(admin) })
    ).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/tenant/config',
      headers: bearer(admin),
      payload: {
        name: config.name,
        time_zone: config.time_zone,
        workflow: config.workflow,
        data_scopes: {
          ...config.data_scopes,
          supervisor: 'my_organization',
          agent: 'my_group',
          team_leader: 'all',
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await visibleTo(tenant.email('agent'))).toEqual(['of-agent', 'of-agent2', 'of-leader']);
    expect(await visibleTo(tenant.email('supervisor'))).toEqual([
      'of-admin-in-A',
      'of-agent',
      'of-leader',
    ]);
    expect(await visibleTo(tenant.email('leader'))).toHaveLength(5);
  });
});

describe('the data scope defaults migration', () => {
  it('moves the supervisor to all only in tenants still holding the former defaults', async () => {
    const file = await readFile(
      new URL('../db/migrations/0015_staff_invites_profiles.sql', import.meta.url),
      'utf8',
    );
    const update = file.slice(file.indexOf('UPDATE "tenants"'));
    const former = {
      administrator: 'all',
      supervisor: 'my_organization',
      team_leader: 'my_group',
      agent: 'me',
    };
    const chosen = { ...former, agent: 'my_group' };
    const old = await seedTenant(t, 'Mặc định cũ');
    const custom = await seedTenant(t, 'Tự chọn');
    const setScopes = (tenantId: string, scopes: object) =>
      t.database.db
        .update(tenants)
        .set({ settings: { workflow: 'enabled', data_scopes: scopes } as never })
        .where(eq(tenants.id, tenantId));
    await setScopes(old.tenantId, former);
    await setScopes(custom.tenantId, chosen);
    await t.database.db.execute(sql.raw(update));
    const scopesOf = async (tenantId: string) =>
      (await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]?.settings
        .data_scopes;
    expect(await scopesOf(old.tenantId)).toEqual({ ...former, supervisor: 'all' });
    expect(await scopesOf(custom.tenantId)).toEqual(chosen);
  });
});
