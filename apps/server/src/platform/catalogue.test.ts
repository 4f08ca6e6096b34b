import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../db/schema/platform.js';
import { ticketTypes } from '../db/schema/ticket-config.js';
import { tickets } from '../db/schema/tickets.js';
import { bearer, createTestApp, seedTenant, type TestApp } from '../test/helpers.js';
import { catalogue, catalogueRoutes, inUseError, tableCatalogue } from './catalogue.js';
import type { ServerModule } from './modules.js';

/**
 * A probe catalogue over the ticket types' table, at paths of its own as irregular as the
 * spec's (a plural list, a singular record, two creating paths): what any catalogue gets.
 */
const PROBE_MESSAGES = {
  created: 'Tạo mục thử thành công',
  updated: 'Cập nhật mục thử thành công',
  deleted: 'Xóa mục thử thành công',
  notFound: 'Không tìm thấy mục thử',
  nameTaken: 'Tên mục thử đã tồn tại',
  subject: 'Mục thử',
};
const probeView = z.object({ _id: z.string(), name: z.string(), order: z.number() });
const probeBody = z.object({
  name: z.string().trim().min(1, 'Tên mục thử không được bỏ trống'),
  order: z.number().int().default(0),
});

const probeTable = tableCatalogue(ticketTypes, {
  toView: (row) => ({ _id: row.id, name: row.name, order: row.position }),
  toValues: (_ctx, body: z.output<typeof probeBody>) => ({
    name: body.name,
    position: body.order,
  }),
});

const probes = catalogue({
  tag: 'probe',
  entity: 'ticket_type',
  messages: PROBE_MESSAGES,
  access: { read: 'authenticated', manage: 'ticket_config.manage' },
  paths: {
    list: '/v2/probe-items',
    create: ['/v2/probe-items', '/v2/probe-item/create'],
    one: '/v2/probe-item/:id',
  },
  summaries: {
    list: 'Mục thử',
    get: 'Một mục thử',
    record: 'mục thử',
  },
  schemas: { view: probeView, body: probeBody },
  ...probeTable,
  inUse: async (ctx, id) => {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.tenantId, ctx.tenantId), eq(tickets.typeId, id)));
    const n = row?.n ?? 0;
    return inUseError(n > 0 ? `${PROBE_MESSAGES.subject} đang được dùng bởi ${n} ticket` : null);
  },
});
/** The same records listed under a parameter of the list's path (as templates are by kind). */
const probesOfOrder = catalogue({
  ...probes.definition,
  paths: {
    list: '/v2/probe-items/of-order/:order',
    create: '/v2/probe-items/of-order',
    one: '/v2/probe-item/of-order/:id',
  },
  schemas: {
    ...probes.definition.schemas,
    listParams: z.object({ order: z.coerce.number({ error: 'Thứ tự không hợp lệ' }).int() }),
  },
  list: async (ctx, _query, { order }) =>
    (await probeTable.list(ctx)).filter((row) => row.order === order),
});
const probeModule: ServerModule = {
  name: 'probe',
  routes: (app, platform) => {
    catalogueRoutes(probes)(app, platform);
    catalogueRoutes(probesOfOrder)(app, platform);
  },
};

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let agent: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp({}, [probeModule]);
  tenant = await seedTenant(t);
  const other = await seedTenant(t, 'Khác');
  [admin, agent, otherAdmin] = await Promise.all([
    t.login(tenant.email('admin')),
    t.login(tenant.email('agent')),
    t.login(other.email('admin')),
  ]);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token = admin,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const auditOf = (entityId: string) =>
  t.database.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'ticket_type'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);

describe('a catalogue from its definition', () => {
  it('creates at each creating path, lists in order, reads, updates and deletes, audited', async () => {
    const first = await call('POST', '/v2/probe-items', admin, { name: ' Mục B ', order: 2 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      statusCode: 201,
      message: 'Tạo mục thử thành công',
      data: { _id: expect.any(String), name: 'Mục B', order: 2 },
    });
    const second = await call('POST', '/v2/probe-item/create', admin, { name: 'Mục A', order: 1 });
    expect(second.statusCode).toBe(201);
    const id = first.json().data._id as string;

    const listed = await call('GET', '/v2/probe-items', agent);
    expect(listed.json()).toMatchObject({ statusCode: 200, total: 2 });
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual(['Mục A', 'Mục B']);
    expect((await call('GET', `/v2/probe-item/${id}`, agent)).json().data.name).toBe('Mục B');

    const updated = await call('PUT', `/v2/probe-item/${id}`, admin, { name: 'Mục C', order: 3 });
    expect(updated.json()).toEqual({
      statusCode: 200,
      message: 'Cập nhật mục thử thành công',
      data: { _id: id, name: 'Mục C', order: 3 },
    });
    const removed = await call('DELETE', `/v2/probe-item/${id}`);
    expect(removed.json()).toEqual({
      statusCode: 200,
      message: 'Xóa mục thử thành công',
      data: null,
    });

    expect(await auditOf(id)).toEqual([
      { action: 'create', before: null, after: { _id: id, name: 'Mục B', order: 2 } },
      {
        action: 'update',
        before: { _id: id, name: 'Mục B', order: 2 },
        after: { _id: id, name: 'Mục C', order: 3 },
      },
      { action: 'delete', before: { _id: id, name: 'Mục C', order: 3 }, after: null },
    ]);
  });

  it('refuses a taken name (422 on name, without regard to case), not its own', async () => {
    const made = await call('POST', '/v2/probe-items', admin, { name: 'Trùng tên' });
    const taken = await call('POST', '/v2/probe-items', admin, { name: 'TRÙNG TÊN' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      statusCode: 422,
      message: 'Tên mục thử đã tồn tại',
      errors: [{ param: 'name', message: 'Tên mục thử đã tồn tại' }],
    });
    const same = await call('PUT', `/v2/probe-item/${made.json().data._id}`, admin, {
      name: 'Trùng tên',
      order: 4,
    });
    expect(same.statusCode).toBe(200);
    // Another tenant has a name space of its own.
    expect(
      (await call('POST', '/v2/probe-items', otherAdmin, { name: 'Trùng tên' })).statusCode,
    ).toBe(201);
  });

  it('refuses deleting a record in use with the 422 naming the use, and keeps it', async () => {
    const made = await call('POST', '/v2/probe-items', admin, { name: 'Đang dùng' });
    const id = made.json().data._id as string;
    await t.database.db
      .insert(tickets)
      .values({ tenantId: tenant.tenantId, subject: 'Dùng mục thử', typeId: id });
    const refused = await call('DELETE', `/v2/probe-item/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: 'Mục thử đang được dùng bởi 1 ticket',
      errors: [{ param: 'id', message: 'Mục thử đang được dùng bởi 1 ticket' }],
    });
    expect((await call('GET', `/v2/probe-item/${id}`)).statusCode).toBe(200);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['create']);
  });

  it('answers 404 in Vietnamese for another tenant’s record or a malformed id', async () => {
    const made = await call('POST', '/v2/probe-items', admin, { name: 'Của tôi' });
    const id = made.json().data._id as string;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Của người khác' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/v2/probe-item/${id}`, otherAdmin, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, message: 'Không tìm thấy mục thử' });
    }
    const malformed = await call('GET', '/v2/probe-item/khong-phai-ma');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual([{ param: 'id', message: 'Không tìm thấy mục thử' }]);
  });

  it('lists by the parameters of the list path, checked like any input', async () => {
    for (const [name, order] of [
      ['Thứ tự 71 B', 71],
      ['Thứ tự 71 A', 71],
      ['Thứ tự 72', 72],
    ] as const)
      expect((await call('POST', '/v2/probe-items', admin, { name, order })).statusCode).toBe(201);
    const listed = await call('GET', '/v2/probe-items/of-order/71', agent);
    expect(listed.json()).toMatchObject({ statusCode: 200, total: 2 });
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual([
      'Thứ tự 71 A',
      'Thứ tự 71 B',
    ]);
    const malformed = await call('GET', '/v2/probe-items/of-order/abc', agent);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual([{ param: 'order', message: 'Thứ tự không hợp lệ' }]);
  });

  it('lets only the manage permission change records (401), every staff member read them', async () => {
    expect((await call('GET', '/v2/probe-items', agent)).statusCode).toBe(200);
    const refused = await call('POST', '/v2/probe-items', agent, { name: 'Không được' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Bạn không có quyền truy cập');
  });
});
