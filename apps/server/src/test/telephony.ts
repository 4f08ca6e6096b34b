import { eq } from 'drizzle-orm';
import { users } from '../db/schema/users.js';
import { bearer, seedTenant, type TestApp } from './helpers.js';
import { GATEWAY_SECRET_HEADER } from '../modules/telephony/gateway-secret.js';

/** The secret the test app is built with. */
export const GATEWAY_SECRET = 'test-gateway-secret-0123456789';
export const gatewayHeaders = { [GATEWAY_SECRET_HEADER]: GATEWAY_SECRET };

let sequence = 0;
/** A hotline no other test uses (hotlines are unique across tenants). */
export const freshHotline = () =>
  `1900${(Date.now() % 100_000).toString().padStart(5, '0')}${(sequence++ % 100).toString().padStart(2, '0')}`;
export const freshCallId = (label = 'call') => `${label}-${Date.now().toString(36)}-${sequence++}`;

export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

/** Gives the named staff SIP accounts (username = `sip-<name>-<slug>`). */
export async function giveSip(t: TestApp, tenant: Tenant, names: string[]) {
  for (const name of names)
    await t.database.db
      .update(users)
      .set({ sipUsername: `sip-${name}-${tenant.slug}` })
      .where(eq(users.id, tenant.id(name)));
}
export const sipOf = (tenant: Tenant, name: string) => `sip-${name}-${tenant.slug}`;

export async function setPresence(t: TestApp, token: string, presence: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/v2/my-presence',
    headers: bearer(token),
    payload: { presence },
  });
  if (response.statusCode !== 200) throw new Error(`presence: ${response.body}`);
}

export async function createQueue(t: TestApp, token: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/queues',
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`queue: ${response.body}`);
  return response.json().data as { _id: string; name: string };
}

/** The gateway's calls to the server: what Kamailio posts, with its secret unless told otherwise. */
export type GatewayRoute = 'route' | 'events' | 'gateway-started' | 'credentials';

export const gatewayPost = (
  t: TestApp,
  route: GatewayRoute,
  body: unknown,
  headers: Record<string, string> = gatewayHeaders,
) =>
  t.app.inject({ method: 'POST', url: `/v2/telephony/${route}`, headers, payload: body as object });

export async function route(t: TestApp, body: Record<string, unknown>) {
  const response = await gatewayPost(t, 'route', body);
  if (response.statusCode !== 200) throw new Error(`route: ${response.body}`);
  return response.json().data as {
    action: string;
    agent?: { user_id: string; agent_id: string; sip_username: string };
    queue?: { _id: string; name: string } | null;
    target?: string;
    reason?: string;
    retry_after_ms?: number;
  };
}

export const sendEvent = (t: TestApp, body: Record<string, unknown>) =>
  gatewayPost(t, 'events', body);

/** An event at `offsetSeconds` after a fixed base time, with an id made from its type. */
export function eventOf(
  callId: string,
  type: string,
  offsetSeconds: number,
  extra: Record<string, unknown> = {},
  base = Date.now() - 3_600_000,
) {
  return {
    call_id: callId,
    event_id: `${type}-${offsetSeconds}`,
    type,
    at: new Date(base + offsetSeconds * 1000).toISOString(),
    ...extra,
  };
}

/** A tenant whose agent, agent2 and leader have SIP accounts and are AVAILABLE. */
export async function readyTelephonyTenant(t: TestApp) {
  const tenant = await seedTenant(t, 'Tổng đài');
  await giveSip(t, tenant, ['agent', 'agent2', 'leader']);
  const tokens: Record<string, string> = {};
  for (const name of ['admin', 'agent', 'agent2', 'leader']) {
    tokens[name] = await t.login(tenant.email(name));
    if (name !== 'admin') await setPresence(t, tokens[name] as string, 'AVAILABLE');
  }
  return { tenant, tokens };
}

/**
 * The call history's setting: a tenant whose agent and agent2 have SIP accounts, a queue
 * ('Tổng đài') of both on a fresh hotline, and one customer (`customerOf` gives its body).
 */
export async function switchboardTenant(
  t: TestApp,
  label: string,
  customerOf: (tenant: Tenant) => Record<string, unknown>,
) {
  const tenant = await seedTenant(t, label);
  await giveSip(t, tenant, ['agent', 'agent2']);
  const admin = await t.login(tenant.email('admin'));
  const hotline = freshHotline();
  await createQueue(t, admin, {
    name: 'Tổng đài',
    hotlines: [hotline],
    member_ids: [tenant.id('agent'), tenant.id('agent2')],
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/v2/customers',
    headers: bearer(admin),
    payload: customerOf(tenant),
  });
  if (created.statusCode !== 201) throw new Error(`customer: ${created.body}`);
  const customer = created.json().data as { _id: string; name: string };
  return { tenant, admin, hotline, customer };
}
