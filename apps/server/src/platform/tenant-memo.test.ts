import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { decodeJwt, SignJWT } from 'jose';
import { loadJwtSecret } from './auth.js';
import { toSearchKey } from '@omnicare/shared/customers/normalize';
import type { FastifyBaseLogger } from 'fastify';
import { createTenantMemo, type TenantMemo } from './tenant-memo.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';

let t: TestApp;
let memo: TenantMemo;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let otherTenant: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  otherTenant = await seedTenant(t);
  memo = createTenantMemo(
    t.database.url,
    pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  );
  await memo.start();
});
afterAll(async () => {
  await memo.close();
  await t.close();
});

/** A computation that counts its runs and answers with that count. */
function counter() {
  const compute = vi.fn(async () => compute.mock.calls.length);
  return compute;
}

/** Inserts a customer with plain SQL, as another instance or a script would. */
async function insertCustomer(tenantId: string, name: string) {
  await t.database.pool.query(
    'insert into customers (tenant_id, name, name_key) values ($1, $2, $3)',
    [tenantId, name, toSearchKey(name)],
  );
}

describe('tenant memo', () => {
  it('remembers a value until the tenant changes, and only that tenant', async () => {
    const compute = counter();
    const other = counter();
    expect(await memo.remember('customers', tenant.tenantId, 'a', compute)).toBe(1);
    expect(await memo.remember('customers', tenant.tenantId, 'a', compute)).toBe(1);
    expect(await memo.remember('customers', otherTenant.tenantId, 'a', other)).toBe(1);
    expect(await memo.remember('customers', tenant.tenantId, 'b', compute)).toBe(2);

    memo.changed('customers', tenant.tenantId);
    expect(await memo.remember('customers', tenant.tenantId, 'a', compute)).toBe(3);
    expect(await memo.remember('customers', otherTenant.tenantId, 'a', other)).toBe(1);
  });

  it('forgets when any connection commits a change to the tenant, and not on rollback', async () => {
    const compute = counter();
    await memo.remember('customers', tenant.tenantId, 'count', compute);

    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into customers (tenant_id, name) values ($1, $2)', [
        tenant.tenantId,
        'Khách Hủy',
      ]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    // A notice, had the rollback sent one, would have come before this one of the other tenant.
    const other = counter();
    await memo.remember('customers', otherTenant.tenantId, 'count', other);
    await insertCustomer(otherTenant.tenantId, 'Khách Khác');
    await vi.waitFor(async () =>
      expect(await memo.remember('customers', otherTenant.tenantId, 'count', other)).toBe(2),
    );
    expect(await memo.remember('customers', tenant.tenantId, 'count', compute)).toBe(1);

    await insertCustomer(tenant.tenantId, 'Khách Mới');
    await vi.waitFor(async () =>
      expect(await memo.remember('customers', tenant.tenantId, 'count', compute)).toBe(2),
    );
  });

  it('forgets on changes to what lists and scopes read', async () => {
    const { rows } = await t.database.pool.query<{ id: string }>(
      "insert into customers (tenant_id, name) values ($1, 'Khách Liên Hệ') returning id",
      [tenant.tenantId],
    );
    const customerId = rows[0]?.id;
    const changes: [string, string][] = [
      [
        'a phone',
        `insert into customer_phones (tenant_id, customer_id, phone, national)
         values ($1, '${customerId}', '0912 000 777', '912000777')`,
      ],
      [
        'an email',
        `insert into customer_emails (tenant_id, customer_id, email)
         values ($1, '${customerId}', 'lien.he@congty.vn')`,
      ],
      ['an owner', `update customers set owner_id = null where tenant_id = $1`],
      ['a user', `update users set organization_id = null where tenant_id = $1`],
      ['a customer gone', `delete from customers where tenant_id = $1 and id = '${customerId}'`],
    ];
    for (const [label, statement] of changes) {
      const compute = counter();
      await memo.remember('customers', tenant.tenantId, label, compute);
      await t.database.pool.query(statement, [tenant.tenantId]);
      await vi.waitFor(async () =>
        expect(await memo.remember('customers', tenant.tenantId, label, compute), label).toBe(2),
      );
    }
  });

  it('does not remember a value computed while a change came', async () => {
    const compute = vi.fn(async () => {
      if (compute.mock.calls.length === 1) memo.changed('customers', tenant.tenantId);
      return compute.mock.calls.length;
    });
    expect(await memo.remember('customers', tenant.tenantId, 'raced', compute)).toBe(1);
    expect(await memo.remember('customers', tenant.tenantId, 'raced', compute)).toBe(2);
    expect(await memo.remember('customers', tenant.tenantId, 'raced', compute)).toBe(2);
  });

  it('shares one computation between concurrent callers', async () => {
    const compute = counter();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        memo.remember('customers', tenant.tenantId, 'shared', compute),
      ),
    );
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('remembers nothing while its connection is down, and listens again', async () => {
    const compute = counter();
    await memo.remember('customers', tenant.tenantId, 'down', compute);
    await t.database.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen tenant_changes' and pid <> pg_backend_pid()",
    );
    // Until the memo hears of the loss the value may still be served; then it is forgotten.
    await vi.waitFor(async () =>
      expect(await memo.remember('customers', tenant.tenantId, 'down', compute)).toBeGreaterThan(1),
    );
    // Listening again after a second: remembered once more, and changes are heard.
    await vi.waitFor(
      async () => {
        const before = compute.mock.calls.length;
        await memo.remember('customers', tenant.tenantId, 'down', compute);
        await memo.remember('customers', tenant.tenantId, 'down', compute);
        expect(compute.mock.calls.length).toBe(before + 1);
      },
      { timeout: 5_000, interval: 100 },
    );
    const remembered = await memo.remember('customers', tenant.tenantId, 'down', compute);
    await insertCustomer(tenant.tenantId, 'Khách Sau');
    await vi.waitFor(async () =>
      expect(await memo.remember('customers', tenant.tenantId, 'down', compute)).toBe(
        remembered + 1,
      ),
    );
  });
});

describe('customer list counts', () => {
  it('counts a customer created through the API in the very next list', async () => {
    const admin = await t.login(tenant.email('admin'));
    const total = async () =>
      (await t.app.inject({ method: 'GET', url: '/v2/customers', headers: bearer(admin) })).json()
        .total as number;
    const before = await total();
    expect(await total()).toBe(before);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/customers',
      headers: bearer(admin),
      payload: { name: 'Khách Đếm Ngay', phones: [{ phone: '0987 111 222' }] },
    });
    expect(created.statusCode).toBe(201);
    expect(await total()).toBe(before + 1);
  });

  it('answers a write once this instance has heard of its changes', async () => {
    const admin = await t.login(tenant.email('admin'));
    const settled = vi.spyOn(t.app.platform.memo, 'settled');
    try {
      await t.app.inject({ method: 'GET', url: '/v2/customers', headers: bearer(admin) });
      expect(settled).not.toHaveBeenCalled();
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(admin),
        payload: { name: ' ' },
      });
      expect(refused.statusCode).toBe(422);
      expect(settled).toHaveBeenCalledTimes(1);
    } finally {
      settled.mockRestore();
    }
    // Its own notice heard back means every earlier commit's notice was: they arrive in order.
    const compute = counter();
    await memo.remember('customers', tenant.tenantId, 'settled', compute);
    await insertCustomer(tenant.tenantId, 'Khách Đã Nghe');
    await memo.settled();
    expect(await memo.remember('customers', tenant.tenantId, 'settled', compute)).toBe(2);
  });

  it('counts a customer another instance inserted once its notice arrives', async () => {
    const admin = await t.login(otherTenant.email('admin'));
    const total = async (keyword = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v2/customers${keyword ? `?keyword=${encodeURIComponent(keyword)}` : ''}`,
          headers: bearer(admin),
        })
      ).json().total as number;
    const before = await total();
    const named = await total('vien hai');
    await insertCustomer(otherTenant.tenantId, 'Nhân Viên Hai');
    await vi.waitFor(async () => expect(await total()).toBe(before + 1));
    expect(await total('vien hai')).toBe(named + 1);
  });
});

describe('remembered sessions', () => {
  const account = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v2/my-account', headers: bearer(token) });

  it('keeps topics apart: a customer change leaves sessions remembered', async () => {
    const sessions = counter();
    await memo.remember('sessions', tenant.tenantId, 'apart', sessions);
    await insertCustomer(tenant.tenantId, 'Khách Riêng');
    await memo.settled();
    expect(await memo.remember('sessions', tenant.tenantId, 'apart', sessions)).toBe(1);
  });

  it('follows a role changed elsewhere, and refuses a session revoked elsewhere', async () => {
    const token = await t.login(tenant.email('agent2'));
    const auditLog = () =>
      t.app.inject({ method: 'GET', url: '/v2/audit-logs', headers: bearer(token) });
    expect((await auditLog()).statusCode).toBe(401);
    await t.database.pool.query("update users set role = 'administrator' where email = $1", [
      tenant.email('agent2'),
    ]);
    await vi.waitFor(async () => expect((await auditLog()).statusCode).toBe(200));
    await t.database.pool.query(
      'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null',
      [tenant.id('agent2')],
    );
    await vi.waitFor(async () => expect((await account(token)).statusCode).toBe(403));
  });

  it('still accepts a token signed before tokens named their tenant', async () => {
    const token = await t.login(tenant.email('leader'));
    const { sid, sub, exp } = decodeJwt(token);
    const older = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub as string)
      .setExpirationTime(exp as number)
      .sign(await loadJwtSecret(t.database.db, t.config.jwtSecret));
    expect((await account(older)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v2/logout', headers: bearer(token) });
    expect((await account(older)).statusCode).toBe(403);
  });
});

describe('two instances', () => {
  it('hear each other: a logout and a new customer on one reach the other', async () => {
    const second = await createTestApp();
    try {
      const token = await t.login(tenant.email('supervisor'));
      const onSecond = (url: string) =>
        second.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect((await onSecond('/v2/my-account')).statusCode).toBe(200);
      const before = (await onSecond('/v2/customers')).json().total as number;

      const created = await t.app.inject({
        method: 'POST',
        url: '/v2/customers',
        headers: bearer(token),
        payload: { name: 'Khách Hai Máy', phones: [{ phone: '0987 333 444' }] },
      });
      expect(created.statusCode).toBe(201);
      await vi.waitFor(async () =>
        expect((await onSecond('/v2/customers')).json().total).toBe(before + 1),
      );

      await t.app.inject({ method: 'POST', url: '/v2/logout', headers: bearer(token) });
      await vi.waitFor(async () => expect((await onSecond('/v2/my-account')).statusCode).toBe(403));
    } finally {
      await second.close();
    }
  });
});
