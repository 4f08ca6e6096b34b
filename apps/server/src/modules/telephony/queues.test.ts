import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { freshHotline, type Tenant } from '../../test/telephony.js';

let t: TestApp;
let tenant: Tenant;
let admin: string;
let supervisor: string;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t, 'Hàng chờ');
  admin = await t.login(tenant.email('admin'));
  supervisor = await t.login(tenant.email('supervisor'));
  agent = await t.login(tenant.email('agent'));
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('/v2/queues', () => {
  it('creates with defaults, lists for everyone, updates and deletes', async () => {
    const hotline = freshHotline();
    const created = await send('POST', '/v2/queues', supervisor, {
      name: 'Chăm sóc khách hàng',
      hotlines: [hotline],
      member_ids: [tenant.id('agent')],
    });
    expect(created.statusCode).toBe(201);
    const queue = created.json().data;
    expect(created.json().message).toBe('Tạo hàng chờ thành công');
    expect(queue).toMatchObject({
      name: 'Chăm sóc khách hàng',
      hotlines: [hotline],
      members: [{ _id: tenant.id('agent'), name: 'Chuyên Viên Một', agent_id: 'G1' }],
      strategy: 'longest_idle',
      ring_timeout_seconds: 20,
      max_wait_seconds: 120,
      overflow_action: 'none',
      overflow_queue: null,
    });
    const listed = await t.app.inject({ method: 'GET', url: '/v2/queues', headers: bearer(agent) });
    expect(listed.json().data.map((q: { _id: string }) => q._id)).toContain(queue._id);
    const updated = await send('PUT', `/v2/queues/${queue._id}`, admin, {
      name: 'CSKH',
      hotlines: [],
      member_ids: [tenant.id('agent'), tenant.id('agent2')],
      strategy: 'round_robin',
      ring_timeout_seconds: 15,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'CSKH',
      hotlines: [],
      strategy: 'round_robin',
    });
    expect(updated.json().data.members).toHaveLength(2);
    const deleted = await send('DELETE', `/v2/queues/${queue._id}`, admin);
    expect(deleted.json()).toEqual({
      statusCode: 200,
      message: 'Xóa hàng chờ thành công',
      data: null,
    });
  });

  it('only administrators and supervisors manage queues (401 for others)', async () => {
    const refused = await send('POST', '/v2/queues', agent, { name: 'Không được' });
    expect(refused.statusCode).toBe(401);
    const leader = await t.login(tenant.email('leader'));
    expect((await send('POST', '/v2/queues', leader, { name: 'Không được' })).statusCode).toBe(401);
  });

  it('refuses in Vietnamese: empty name, taken name, bad and taken hotlines, missing member, overflow', async () => {
    const expect422 = async (
      payload: object,
      errors: object[],
      url = '/v2/queues',
      method: 'POST' | 'PUT' = 'POST',
    ) => {
      const response = await send(method, url, admin, payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual(errors);
    };
    await expect422({ name: ' ' }, [
      { param: 'name', message: 'Tên hàng chờ không được bỏ trống' },
    ]);
    await expect422({ name: 'A', hotlines: ['abc'] }, [
      { param: 'hotlines.0', message: 'Số hotline không hợp lệ' },
    ]);
    await expect422({ name: 'A', hotlines: ['19001000', '19001000'] }, [
      { param: 'hotlines.1', message: 'Số hotline bị trùng trong danh sách' },
    ]);
    await expect422({ name: 'A', ring_timeout_seconds: 1 }, [
      { param: 'ring_timeout_seconds', message: 'Thời gian đổ chuông tối thiểu 5 giây' },
    ]);
    // what the gateway can hold a caller for (gateway/README.md, "Routing")
    await expect422({ name: 'A', max_wait_seconds: 601 }, [
      { param: 'max_wait_seconds', message: 'Thời gian chờ tối đa tối đa 600 giây' },
    ]);
    await expect422({ name: 'A', overflow_action: 'queue' }, [
      { param: 'overflow_queue_id', message: 'Vui lòng chọn hàng chờ tràn' },
    ]);
    const hotline = freshHotline();
    const first = (
      await send('POST', '/v2/queues', admin, { name: 'Hàng một', hotlines: [hotline] })
    ).json().data;
    await expect422({ name: 'hang mot' }, [{ param: 'name', message: 'Tên hàng chờ đã tồn tại' }]);
    await expect422({ name: 'Hàng hai', hotlines: [hotline] }, [
      { param: 'hotlines.0', message: `Số hotline ${hotline} đã thuộc hàng chờ Hàng một` },
    ]);
    // Another tenant's hotline: its queue is not named.
    const other = await seedTenant(t, 'Khác');
    const otherAdmin = await t.login(other.email('admin'));
    const foreign = await send('POST', '/v2/queues', otherAdmin, {
      name: 'Khác',
      hotlines: [hotline],
    });
    expect(foreign.json().errors).toEqual([
      { param: 'hotlines.0', message: `Số hotline ${hotline} đã được sử dụng` },
    ]);
    await expect422({ name: 'Hàng hai', member_ids: [other.id('agent')] }, [
      { param: 'member_ids.0', message: 'Chuyên viên không tồn tại hoặc đã bị vô hiệu hóa' },
    ]);
    await expect422(
      { name: 'Hàng một', overflow_action: 'queue', overflow_queue_id: first._id },
      [{ param: 'overflow_queue_id', message: 'Hàng chờ không thể tràn sang chính nó' }],
      `/v2/queues/${first._id}`,
      'PUT',
    );
    const second = (
      await send('POST', '/v2/queues', admin, {
        name: 'Hàng hai',
        overflow_action: 'queue',
        overflow_queue_id: first._id,
      })
    ).json().data;
    await expect422(
      { name: 'Hàng một', overflow_action: 'queue', overflow_queue_id: second._id },
      [{ param: 'overflow_queue_id', message: 'Hàng chờ tràn tạo thành vòng lặp' }],
      `/v2/queues/${first._id}`,
      'PUT',
    );
  });

  it("a queue used as another one's overflow is not deleted: the 422 says where", async () => {
    const target = (await send('POST', '/v2/queues', admin, { name: 'Tràn đích' })).json().data;
    await send('POST', '/v2/queues', admin, {
      name: 'Tràn nguồn',
      overflow_action: 'queue',
      overflow_queue_id: target._id,
    });
    const refused = await send('DELETE', `/v2/queues/${target._id}`, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      statusCode: 422,
      message: 'Không thể xóa: hàng chờ đang là hàng chờ tràn của Tràn nguồn',
      used_by: [{ name: 'Tràn nguồn' }],
    });
  });

  it("another tenant's queue is not found", async () => {
    const queue = (await send('POST', '/v2/queues', admin, { name: 'Riêng' })).json().data;
    const other = await seedTenant(t, 'Ngoài');
    const outsider = await t.login(other.email('admin'));
    const response = await send('DELETE', `/v2/queues/${queue._id}`, outsider);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Không tìm thấy hàng chờ');
  });
});
