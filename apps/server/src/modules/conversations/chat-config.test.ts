import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_CONFIG_DEFAULTS,
  CHAT_CONFIG_MESSAGES as M,
} from '@omnicare/shared/conversations/chat-config.schemas';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Cấu hình chat');
  admin = await t.login(tenant.email('admin'));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', token: string, payload?: object) =>
  t.app.inject({
    method,
    url: '/v2/chat-config',
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

describe('/v2/chat-config', () => {
  it('answers the defaults until saved, then what was saved, audited; every staff member reads it', async () => {
    const first = await call('GET', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ ...CHAT_CONFIG_DEFAULTS, updated_at: null });

    const body = {
      ...CHAT_CONFIG_DEFAULTS,
      auto_assign: false,
      max_chats_per_agent: 6,
      on_agent_away: 'keep',
      greeting: '  Chào mừng đến với Demo!  ',
      auto_resolve_hours: 0,
    };
    const saved = await call('PUT', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(M.saved);
    expect(saved.json().data).toMatchObject({
      auto_assign: false,
      max_chats_per_agent: 6,
      on_agent_away: 'keep',
      greeting: 'Chào mừng đến với Demo!',
      auto_resolve_hours: 0,
    });
    expect(saved.json().data.updated_at).not.toBeNull();

    const agent = await t.login(tenant.email('agent'));
    expect((await call('GET', agent)).json().data).toEqual(saved.json().data);
    const audit = await t.database.pool.query<{ before: { max_chats_per_agent: number } }>(
      `select before, after from audit_log where entity = 'chat_config' and tenant_id = $1`,
      [tenant.tenantId],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.before.max_chats_per_agent).toBe(4);

    // Another tenant keeps its own (the defaults).
    const other = await seedTenant(t, 'Chat khác');
    const stranger = await t.login(other.email('admin'));
    expect((await call('GET', stranger)).json().data.updated_at).toBeNull();
  });

  it('only administrators change it', async () => {
    for (const role of ['supervisor', 'agent'] as const) {
      const token = await t.login(tenant.email(role));
      expect((await call('PUT', token, CHAT_CONFIG_DEFAULTS)).statusCode).toBe(401);
    }
  });

  it('refuses values out of range, blank texts and wrong types, on their fields', async () => {
    const refused = async (patch: object, param: string, message: string) => {
      const response = await call('PUT', admin, { ...CHAT_CONFIG_DEFAULTS, ...patch });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toContainEqual({ param, message });
    };
    await refused({ max_chats_per_agent: 0 }, 'max_chats_per_agent', M.chatsPerAgent);
    await refused({ max_chats_per_agent: 2.5 }, 'max_chats_per_agent', M.chatsPerAgent);
    await refused({ auto_resolve_hours: 721 }, 'auto_resolve_hours', M.autoResolveHours);
    await refused({ on_agent_away: 'drop' }, 'on_agent_away', M.onAgentAway);
    await refused({ greeting: '   ' }, 'greeting', M.required('Lời chào'));
    await refused(
      { offline_message: 'x'.repeat(1001) },
      'offline_message',
      M.tooLong('Tin nhắn ngoài giờ'),
    );
    await refused({ survey_on_resolve: 'yes' }, 'survey_on_resolve', M.boolean);
  });
});
