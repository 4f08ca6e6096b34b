import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a customer custom field made required', () => {
  it('counts the customers without a value, then enforces it on create and on edits that empty it only', async () => {
    const tenant = await seedTenant(t);
    const admin = await t.login(tenant.email('admin'));
    const agent = await t.login(tenant.email('agent'));
    const send = (
      token: string,
      method: 'POST' | 'PUT' | 'PATCH' | 'GET',
      url: string,
      payload?: object,
    ) => t.app.inject({ method, url, headers: bearer(token), payload });

    const field = (
      await send(admin, 'POST', '/v2/fields', {
        entity: 'customer',
        key: 'cccd',
        label: 'Số CCCD',
        type: 'text',
      })
    ).json().data;
    const old = (await send(admin, 'POST', '/v2/customers', { name: 'Khách Cũ' })).json().data;
    await send(admin, 'POST', '/v2/customers', { name: 'Khách Cũ Hai', custom: { cccd: '' } });
    const filled = (
      await send(admin, 'POST', '/v2/customers', { name: 'Có CCCD', custom: { cccd: '0123' } })
    ).json().data;

    // Before switching it to required, the administrator is told how many lack a value.
    const missing = await send(admin, 'GET', `/v2/field/${field._id}/missing`);
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().data).toEqual({ count: 2 });
    expect((await send(agent, 'GET', `/v2/field/${field._id}/missing`)).statusCode).toBe(401);
    const other = await seedTenant(t);
    const otherAdmin = await t.login(other.email('admin'));
    expect((await send(otherAdmin, 'GET', `/v2/field/${field._id}/missing`)).statusCode).toBe(404);

    expect(
      (await send(admin, 'PATCH', `/v2/field/${field._id}`, { required: true })).statusCode,
    ).toBe(200);

    // A new customer needs it.
    const refused = await send(agent, 'POST', '/v2/customers', { name: 'Khách Mới' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { param: 'custom.cccd', message: 'Số CCCD không được bỏ trống' },
    ]);
    expect(
      (await send(agent, 'POST', '/v2/customers', { name: 'Khách Mới', custom: { cccd: '9' } }))
        .statusCode,
    ).toBe(201);

    // An unrelated change to an older customer without it saves, with or without `custom`.
    const renamed = await send(admin, 'PUT', `/v2/customers/${old._id}`, {
      name: 'Khách Cũ (sửa)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const wholeForm = await send(admin, 'PUT', `/v2/customers/${old._id}`, {
      name: 'Khách Cũ',
      notes: 'Gọi lại sau',
      custom: {},
    });
    expect(wholeForm.statusCode, wholeForm.body).toBe(200);

    // Sent empty, or a value the edit drops, is refused naming the field.
    for (const custom of [{ cccd: null }, { cccd: '' }]) {
      const emptied = await send(admin, 'PUT', `/v2/customers/${old._id}`, { custom });
      expect(emptied.statusCode).toBe(422);
      expect(emptied.json().errors).toEqual([
        { param: 'custom.cccd', message: 'Số CCCD không được bỏ trống' },
      ]);
    }
    const dropped = await send(admin, 'PUT', `/v2/customers/${filled._id}`, { custom: {} });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors[0].param).toBe('custom.cccd');
    // Editing it to a value is fine; the count follows.
    expect(
      (await send(admin, 'PUT', `/v2/customers/${old._id}`, { custom: { cccd: '77' } })).statusCode,
    ).toBe(200);
    expect((await send(admin, 'GET', `/v2/field/${field._id}/missing`)).json().data).toEqual({
      count: 1,
    });
  });
});
