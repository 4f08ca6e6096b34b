import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { GATEWAY_SECRET, gatewayPost } from '../../test/telephony.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ telephonyGatewaySecret: GATEWAY_SECRET });
});
afterAll(() => t.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ask = (payload: Record<string, unknown>, headers?: Record<string, string>) =>
  gatewayPost(t, 'credentials', payload, headers);

/** A tenant whose agent has a SIP account with this password (through the users API). */
async function agentWithSip(password: string) {
  const tenant = await seedTenant(t, 'SIP');
  const admin = await t.login(tenant.email('admin'));
  const username = `sip-${tenant.slug}`;
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/v2/update-user/${tenant.id('agent')}`,
    headers: bearer(admin),
    payload: {
      name: 'Chuyên Viên Một',
      email: tenant.email('agent'),
      role: 'agent',
      agent_id: 'G1',
      sip_username: username,
      sip_password: password,
      sip_gateway_url: 'ws://127.0.0.1:8088',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { tenant, admin, username };
}

describe('POST /v2/telephony/credentials', () => {
  it('answers the HA1 of the decrypted SIP password, never the password', async () => {
    const { username } = await agentWithSip('mat-khau-sip-1');
    const response = await ask({ username, realm: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ha1: md5(`${username}:127.0.0.1:mat-khau-sip-1`),
      agent_id: 'G1',
    });
    expect(response.body).not.toContain('mat-khau-sip-1');
    // the realm is part of the digest
    const other = await ask({ username, realm: 'sip.example.vn' });
    expect(other.json().data.ha1).toBe(md5(`${username}:sip.example.vn:mat-khau-sip-1`));
  });

  it('needs the gateway secret (401 without it or with a wrong one)', async () => {
    const { username } = await agentWithSip('mat-khau-sip-2');
    expect((await ask({ username, realm: '127.0.0.1' }, {})).statusCode).toBe(401);
    const wrong = await ask(
      { username, realm: '127.0.0.1' },
      { 'x-gateway-secret': 'nope-nope-nope-nope' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Cổng thoại không được xác thực');
  });

  it('404s an unknown username, a disabled account and one without a SIP password', async () => {
    const unknown = await ask({ username: 'khong-co-ai', realm: '127.0.0.1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Không tìm thấy tài khoản SIP');

    const { tenant, username } = await agentWithSip('mat-khau-sip-3');
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, tenant.id('agent')));
    expect((await ask({ username, realm: '127.0.0.1' })).statusCode).toBe(404);

    const bare = await seedTenant(t, 'SIP');
    await t.database.db
      .update(users)
      .set({ sipUsername: `bare-${bare.slug}` })
      .where(eq(users.id, bare.id('agent')));
    expect((await ask({ username: `bare-${bare.slug}`, realm: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('answers 422, not 500, to a malformed body', async () => {
    expect((await ask({ username: '' })).statusCode).toBe(422);
    expect((await ask({ username: 'x'.repeat(300), realm: 'r' })).statusCode).toBe(422);
  });

  it('keeps SIP usernames unique across tenants: another tenant cannot take one (422)', async () => {
    const { username } = await agentWithSip('mat-khau-sip-4');
    const other = await seedTenant(t, 'SIP khác');
    const admin = await t.login(other.email('admin'));
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/v2/update-user/${other.id('agent2')}`,
      headers: bearer(admin),
      payload: {
        name: 'Chuyên Viên Hai',
        email: other.email('agent2'),
        role: 'agent',
        agent_id: 'G2',
        sip_username: username,
      },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([
      { param: 'sip_username', message: 'Tài khoản SIP đã được dùng' },
    ]);
    // the owner keeps it, and saving their own record again is fine
    expect((await ask({ username, realm: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('gives the demo staff SIP accounts the gateway accepts (username = agent id)', async () => {
    const response = await ask({ username: '1004', realm: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ha1).toBe(md5('1004:127.0.0.1:Sip@123456'));
  });
});
