import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNS_CHECK_MESSAGES } from '@omnicare/shared/templates/templates.schemas';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { fakeZns } from '../channels/provider-fakes.js';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let other: Awaited<ReturnType<typeof seedTenant>>;
const tokens: Record<string, string> = {};
let otherAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await seedTenant(t);
  other = await seedTenant(t, 'Khác');
  for (const role of ['admin', 'supervisor', 'leader', 'agent', 'agent2'])
    tokens[role] = await t.login(tenant.email(role));
  otherAdmin = await t.login(other.email('admin'));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const createCatalog = async (name: string, token = tokens.admin as string) => {
  const response = await call('POST', '/v2/core/template-catalogs', token, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; name: string };
};
const createTemplate = async (body: Record<string, unknown>, token = tokens.admin as string) => {
  const response = await call('POST', '/v2/core/template', token, {
    kind: 'chat',
    content: 'Chào {{customer.name}}',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; name: string; visibility: string };
};
const names = (response: { json(): { data: { name: string }[] } }) =>
  response.json().data.map((entry) => entry.name);

describe('template catalogs', () => {
  it('creates, lists with a diacritics-free search and paging, updates and deletes', async () => {
    const blank = await call('POST', '/v2/core/template-catalogs', tokens.admin as string, {
      name: '  ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([
      { param: 'name', message: 'Tên danh mục không được bỏ trống' },
    ]);

    const created = await call('POST', '/v2/core/template-catalogs', tokens.admin as string, {
      name: 'Tư vấn bán hàng',
      description: 'Mẫu cho đội bán hàng',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Tạo mới danh mục mẫu thành công');
    const catalog = created.json().data;
    expect(catalog).toMatchObject({
      name: 'Tư vấn bán hàng',
      description: 'Mẫu cho đội bán hàng',
      template_count: 0,
    });
    await createCatalog('Chăm sóc sau bán');
    await createCatalog('Khiếu nại');

    // Unique without case or diacritics.
    const duplicate = await call('POST', '/v2/core/template-catalogs', tokens.admin as string, {
      name: 'TU VAN BAN HANG',
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual([
      { param: 'name', message: 'Tên danh mục đã tồn tại' },
    ]);

    const search = await call(
      'GET',
      '/v2/core/template-catalogs?keyword=ban',
      tokens.agent as string,
    );
    expect(search.statusCode).toBe(200);
    expect(names(search)).toEqual(['Chăm sóc sau bán', 'Tư vấn bán hàng']);
    expect(search.json().total).toBe(2);
    const page = await call(
      'GET',
      '/v2/core/template-catalogs?page=2&page_size=2',
      tokens.admin as string,
    );
    expect(page.json().total).toBe(3);
    expect(names(page)).toEqual(['Tư vấn bán hàng']);

    const updated = await call(
      'PUT',
      `/v2/core/template-catalogs/${catalog._id}`,
      tokens.admin as string,
      { name: 'Tư vấn', description: '' },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Cập nhật danh mục mẫu thành công',
      data: { name: 'Tư vấn', description: '' },
    });
    // Renaming onto another catalog's name is refused; keeping its own name is not.
    const clash = await call(
      'PUT',
      `/v2/core/template-catalogs/${catalog._id}`,
      tokens.admin as string,
      { name: 'khieu nai' },
    );
    expect(clash.json().errors).toEqual([{ param: 'name', message: 'Tên danh mục đã tồn tại' }]);
    expect(
      (
        await call('PUT', `/v2/core/template-catalogs/${catalog._id}`, tokens.admin as string, {
          name: 'TƯ VẤN',
        })
      ).statusCode,
    ).toBe(200);

    const removed = await call(
      'DELETE',
      `/v2/core/template-catalogs/${catalog._id}`,
      tokens.admin as string,
    );
    expect(removed.json()).toMatchObject({
      statusCode: 200,
      message: 'Xóa danh mục mẫu thành công',
    });
    expect(
      (await call('DELETE', `/v2/core/template-catalogs/${catalog._id}`, tokens.admin as string))
        .statusCode,
    ).toBe(404);

    const audit = await call(
      'GET',
      `/v2/audit-logs?entity=template_catalog&entity_id=${catalog._id}`,
      tokens.admin as string,
    );
    expect(audit.json().data.map((entry: { action: string }) => entry.action)).toEqual([
      'delete',
      'update',
      'update',
      'create',
    ]);
    expect(audit.json().data[0].actor.name).toBe('Quản Trị Viên');
  });

  it('refuses to delete a catalog while templates belong to it', async () => {
    const catalog = await createCatalog('Đang dùng');
    const template = await createTemplate({ name: 'Mẫu trong danh mục', catalog_id: catalog._id });
    // A personal template counts too.
    const personal = await createTemplate(
      { name: 'Cá nhân trong danh mục', catalog_id: catalog._id, visibility: 'personal' },
      tokens.agent as string,
    );
    const refused = await call(
      'DELETE',
      `/v2/core/template-catalogs/${catalog._id}`,
      tokens.admin as string,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Không thể xóa danh mục đang có 2 mẫu tin nhắn, hãy chuyển hoặc xóa các mẫu trước',
    );
    await call('DELETE', `/v2/core/template/${template._id}`, tokens.admin as string);
    await call('DELETE', `/v2/core/template/${personal._id}`, tokens.agent as string);
    expect(
      (await call('DELETE', `/v2/core/template-catalogs/${catalog._id}`, tokens.admin as string))
        .statusCode,
    ).toBe(200);
  });

  it('lets only administrators change catalogs, and keeps tenants apart', async () => {
    const catalog = await createCatalog('Riêng tenant A');
    for (const role of ['supervisor', 'leader', 'agent']) {
      const token = tokens[role] as string;
      expect(
        (await call('POST', '/v2/core/template-catalogs', token, { name: 'X' })).statusCode,
      ).toBe(401);
      expect(
        (await call('PUT', `/v2/core/template-catalogs/${catalog._id}`, token, { name: 'X' }))
          .statusCode,
      ).toBe(401);
      expect(
        (await call('DELETE', `/v2/core/template-catalogs/${catalog._id}`, token)).statusCode,
      ).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/core/template-catalogs' })).statusCode,
    ).toBe(403);

    const foreign = await call('GET', '/v2/core/template-catalogs?keyword=tenant', otherAdmin);
    expect(foreign.json()).toMatchObject({ data: [], total: 0 });
    expect(
      (await call('PUT', `/v2/core/template-catalogs/${catalog._id}`, otherAdmin, { name: 'Y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/v2/core/template-catalogs/${catalog._id}`, otherAdmin)).statusCode,
    ).toBe(404);
    // The same name is free in another tenant.
    expect(
      (await call('POST', '/v2/core/template-catalogs', otherAdmin, { name: 'Riêng tenant A' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('templates', () => {
  it('creates a chat template with a catalog, placeholders and a shortcut, then edits it', async () => {
    const catalog = await createCatalog('Chào hỏi');
    const created = await call('POST', '/v2/core/template', tokens.admin as string, {
      kind: 'chat',
      name: 'Lời chào',
      catalog_id: catalog._id,
      content: 'Chào {{customer.name}}, em là {{ agent.name }}.',
      shortcut: 'Chao',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Tạo mới mẫu tin nhắn thành công');
    const template = created.json().data;
    expect(template).toMatchObject({
      kind: 'chat',
      name: 'Lời chào',
      catalog_id: catalog._id,
      catalog_name: 'Chào hỏi',
      shortcut: '/chao',
      subject: null,
      zns_template_id: null,
      visibility: 'everyone',
      departments: [],
      active: true,
      owner: { _id: tenant.id('admin'), name: 'Quản Trị Viên' },
      placeholders: ['customer.name', 'agent.name'],
    });

    const read = await call('GET', `/v2/core/template/${template._id}`, tokens.agent as string);
    expect(read.json().data.name).toBe('Lời chào');

    const updated = await call('PUT', `/v2/core/template/${template._id}`, tokens.admin as string, {
      kind: 'chat',
      name: 'Lời chào buổi sáng',
      catalog_id: null,
      content: 'Chào buổi sáng {{customer.name}}',
      shortcut: '/chao',
      active: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Cập nhật mẫu tin nhắn thành công',
      data: { name: 'Lời chào buổi sáng', catalog_id: null, active: false, shortcut: '/chao' },
    });

    const audit = await call(
      'GET',
      `/v2/audit-logs?entity=template&entity_id=${template._id}`,
      tokens.admin as string,
    );
    const entries = audit.json().data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0].before.name).toBe('Lời chào');
    expect(entries[0].after.name).toBe('Lời chào buổi sáng');

    const removed = await call(
      'DELETE',
      `/v2/core/template/${template._id}`,
      tokens.admin as string,
    );
    expect(removed.json().message).toBe('Xóa mẫu tin nhắn thành công');
    expect(
      (await call('GET', `/v2/core/template/${template._id}`, tokens.admin as string)).statusCode,
    ).toBe(404);
    const afterDelete = await call(
      'GET',
      `/v2/audit-logs?entity=template&entity_id=${template._id}`,
      tokens.admin as string,
    );
    expect(afterDelete.json().data[0]).toMatchObject({
      action: 'delete',
      before: { name: 'Lời chào buổi sáng' },
    });
  });

  it('answers every rule with a Vietnamese 422 on its field', async () => {
    const post = (body: Record<string, unknown>) =>
      call('POST', '/v2/core/template', tokens.admin as string, {
        kind: 'chat',
        name: 'Mẫu',
        content: 'Nội dung',
        ...body,
      });
    const cases: [Record<string, unknown>, { param: string; message: string }][] = [
      [{ name: ' ' }, { param: 'name', message: 'Tên mẫu không được bỏ trống' }],
      [{ content: '' }, { param: 'content', message: 'Nội dung không được bỏ trống' }],
      [
        { content: 'Chào {{customer.fullname}}' },
        { param: 'content', message: 'Biến không được hỗ trợ: {{customer.fullname}}' },
      ],
      [
        { content: 'Chào {{customer.name' },
        {
          param: 'content',
          message: 'Biến phải có dạng {{tên.biến}}, kiểm tra lại dấu ngoặc {{ }}',
        },
      ],
      [{ kind: 'email' }, { param: 'subject', message: 'Tiêu đề email không được bỏ trống' }],
      [{ kind: 'zns' }, { param: 'zns_template_id', message: 'Mã mẫu ZNS không được bỏ trống' }],
      [
        { kind: 'sms', content: 'a'.repeat(613) },
        {
          param: 'content',
          message: 'Nội dung SMS quá dài: 5 tin (tối đa 4 tin, 612 ký tự không dấu)',
        },
      ],
      [
        { kind: 'sms', shortcut: '/sms' },
        { param: 'shortcut', message: 'Phím tắt chỉ dùng cho mẫu chat' },
      ],
      [
        { shortcut: '/xin chào' },
        {
          param: 'shortcut',
          message: 'Phím tắt bắt đầu bằng "/", chỉ gồm chữ không dấu, số, "-" hoặc "_" (tối đa 30)',
        },
      ],
      [
        { visibility: 'departments' },
        { param: 'department_ids', message: 'Vui lòng chọn ít nhất một phòng ban' },
      ],
      [{ kind: 'fax' }, { param: 'kind', message: 'Loại mẫu không hợp lệ' }],
      [{ visibility: 'team' }, { param: 'visibility', message: 'Phạm vi sử dụng không hợp lệ' }],
    ];
    for (const [body, error] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual([error]);
      expect(response.json().message).toBe(error.message);
    }

    // References must be the tenant's own.
    const foreignCatalog = (
      await call('POST', '/v2/core/template-catalogs', otherAdmin, { name: 'Của tenant B' })
    ).json().data._id;
    expect((await post({ catalog_id: foreignCatalog })).json().errors).toEqual([
      { param: 'catalog_id', message: 'Danh mục không tồn tại' },
    ]);
    const foreignDepartment = (
      await call('POST', '/v2/group', otherAdmin, { target: 'user', name: 'Phòng B' })
    ).json().data._id;
    expect(
      (await post({ visibility: 'departments', department_ids: [foreignDepartment] })).json()
        .errors,
    ).toEqual([{ param: 'department_ids', message: 'Có phòng ban không tồn tại' }]);

    // Shortcuts are unique in the tenant, whatever their spelling.
    await createTemplate({ name: 'Cảm ơn', shortcut: '/camon' });
    expect((await post({ shortcut: 'CAMON' })).json().errors).toEqual([
      { param: 'shortcut', message: 'Phím tắt đã được dùng cho một mẫu khác' },
    ]);
    expect(
      (
        await call('POST', '/v2/core/template', otherAdmin, {
          kind: 'chat',
          name: 'Cảm ơn',
          content: 'Cảm ơn',
          shortcut: '/camon',
        })
      ).statusCode,
    ).toBe(201);

    // Email and ZNS keep their own fields.
    const email = await createTemplate({
      kind: 'email',
      name: 'Xác nhận',
      subject: 'Đơn hàng của {{customer.name}}',
      content: 'Kính gửi {{customer.name}},\nCảm ơn quý khách.\n{{tenant.name}}',
    });
    expect(email).toMatchObject({
      subject: 'Đơn hàng của {{customer.name}}',
      placeholders: ['customer.name', 'tenant.name'],
    });
    const zns = await createTemplate({
      kind: 'zns',
      name: 'OTP',
      content: 'Mã của {{customer.name}}',
      zns_template_id: '245678',
    });
    expect(zns).toMatchObject({ zns_template_id: '245678', shortcut: null });
  });

  it('lists per kind with a diacritics-free keyword, catalog filter and paging', async () => {
    const catalog = await createCatalog('Danh mục lọc');
    await createTemplate({ kind: 'whatsapp', name: 'Xác nhận lịch hẹn', catalog_id: catalog._id });
    await createTemplate({ kind: 'whatsapp', name: 'Nhắc thanh toán', content: 'Hóa đơn đến hạn' });
    await createTemplate({ kind: 'whatsapp', name: 'Đặt lịch thành công' });
    await createTemplate({ kind: 'sms', name: 'Nhắc lịch hẹn SMS', content: 'Nhac lich' });

    const all = await call('GET', '/v2/core/templates/whatsapp', tokens.admin as string);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(names(all)).toEqual(['Đặt lịch thành công', 'Nhắc thanh toán', 'Xác nhận lịch hẹn']);

    const keyword = await call(
      'GET',
      '/v2/core/templates/whatsapp?keyword=LICH',
      tokens.admin as string,
    );
    expect(names(keyword)).toEqual(['Đặt lịch thành công', 'Xác nhận lịch hẹn']);
    // The content is searched too.
    const inContent = await call(
      'GET',
      '/v2/core/templates/whatsapp?keyword=hoa%20don',
      tokens.admin as string,
    );
    expect(names(inContent)).toEqual(['Nhắc thanh toán']);
    const byCatalog = await call(
      'GET',
      `/v2/core/templates/whatsapp?catalog_id=${catalog._id}`,
      tokens.admin as string,
    );
    expect(names(byCatalog)).toEqual(['Xác nhận lịch hẹn']);
    const uncatalogued = await call(
      'GET',
      '/v2/core/templates/whatsapp?catalog_id=none',
      tokens.admin as string,
    );
    expect(uncatalogued.json().total).toBe(2);
    const page = await call(
      'GET',
      '/v2/core/templates/whatsapp?page=2&page_size=2',
      tokens.admin as string,
    );
    expect(page.json()).toMatchObject({ statusCode: 200, total: 3 });
    expect(names(page)).toEqual(['Xác nhận lịch hẹn']);

    const badKind = await call('GET', '/v2/core/templates/fax', tokens.admin as string);
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json().errors).toEqual([{ param: 'kind', message: 'Loại mẫu không hợp lệ' }]);
    expect(
      (await call('GET', '/v2/core/templates/sms?catalog_id=abc', tokens.admin as string)).json()
        .errors[0].message,
    ).toBe('Danh mục không hợp lệ');

    // Another tenant sees none of them.
    const foreign = await call('GET', '/v2/core/templates/whatsapp', otherAdmin);
    expect(foreign.json()).toMatchObject({ data: [], total: 0 });
  });

  it('answers a malformed template id with a Vietnamese 422 on id', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        '/v2/core/template/khong-phai-ma',
        tokens.admin as string,
        method === 'PUT' ? { kind: 'chat', name: 'Mẫu', content: 'Nội dung' } : undefined,
      );
      expect(response.statusCode, method).toBe(422);
      expect(response.json().errors, method).toEqual([
        { param: 'id', message: 'Mã mẫu tin nhắn không hợp lệ' },
      ]);
    }
  });

  it('keeps shared templates to administrators and personal ones to their owner', async () => {
    const shared = await createTemplate({ name: 'Chung của tenant' });

    // Non-administrators may not create, change or delete shared templates.
    for (const role of ['supervisor', 'leader', 'agent']) {
      const token = tokens[role] as string;
      for (const visibility of ['everyone', 'departments']) {
        const response = await call('POST', '/v2/core/template', token, {
          kind: 'chat',
          name: 'Không được',
          content: 'x',
          visibility,
          department_ids: visibility === 'departments' ? [tenant.id('admin')] : [],
        });
        expect(response.statusCode, `${role} ${visibility}`).toBe(401);
        expect(response.json().message).toBe('Bạn không có quyền truy cập');
      }
      expect(
        (
          await call('PUT', `/v2/core/template/${shared._id}`, token, {
            kind: 'chat',
            name: 'Sửa',
            content: 'x',
          })
        ).statusCode,
      ).toBe(401);
      expect((await call('DELETE', `/v2/core/template/${shared._id}`, token)).statusCode).toBe(401);
    }

    // Any staff member runs their own personal templates.
    const mine = await createTemplate(
      { name: 'Của chuyên viên', visibility: 'personal', content: 'Dạ {{customer.name}}' },
      tokens.agent as string,
    );
    expect(mine).toMatchObject({ visibility: 'personal' });
    const edited = await call('PUT', `/v2/core/template/${mine._id}`, tokens.agent as string, {
      kind: 'chat',
      name: 'Của chuyên viên (sửa)',
      content: 'Dạ {{customer.name}}',
      visibility: 'personal',
    });
    expect(edited.statusCode).toBe(200);
    // ...but may not make them shared.
    expect(
      (
        await call('PUT', `/v2/core/template/${mine._id}`, tokens.agent as string, {
          kind: 'chat',
          name: 'Chia sẻ',
          content: 'x',
          visibility: 'everyone',
        })
      ).statusCode,
    ).toBe(401);

    // Nobody else sees or changes them, administrators included.
    for (const token of [tokens.agent2, tokens.admin, otherAdmin] as string[]) {
      expect((await call('GET', `/v2/core/template/${mine._id}`, token)).statusCode).toBe(404);
      expect(
        (
          await call('PUT', `/v2/core/template/${mine._id}`, token, {
            kind: 'chat',
            name: 'Của người khác',
            content: 'x',
            visibility: 'personal',
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/v2/core/template/${mine._id}`, token)).statusCode).toBe(404);
    }
    const adminList = await call(
      'GET',
      '/v2/core/templates/chat?keyword=chuyen%20vien',
      tokens.admin as string,
    );
    expect(names(adminList)).toEqual([]);
    const agentList = await call(
      'GET',
      '/v2/core/templates/chat?visibility=personal',
      tokens.agent as string,
    );
    expect(names(agentList)).toEqual(['Của chuyên viên (sửa)']);

    // An administrator's shared template is theirs to take personal and back.
    const flipped = await call('PUT', `/v2/core/template/${shared._id}`, tokens.admin as string, {
      kind: 'chat',
      name: 'Chung của tenant',
      content: 'x',
      visibility: 'personal',
    });
    expect(flipped.json().data.visibility).toBe('personal');

    expect(
      (await call('DELETE', `/v2/core/template/${mine._id}`, tokens.agent as string)).statusCode,
    ).toBe(200);
    const audit = await call(
      'GET',
      `/v2/audit-logs?entity=template&entity_id=${mine._id}`,
      tokens.admin as string,
    );
    expect(
      audit
        .json()
        .data.map((entry: { action: string; actor: { name: string } }) => [
          entry.action,
          entry.actor.name,
        ]),
    ).toEqual([
      ['delete', 'Chuyên Viên Một'],
      ['update', 'Chuyên Viên Một'],
      ['create', 'Chuyên Viên Một'],
    ]);
  });
});

describe('GET /v2/templates/user/{id}', () => {
  let fresh: Awaited<ReturnType<typeof seedTenant>>;
  const freshTokens: Record<string, string> = {};
  beforeAll(async () => {
    fresh = await seedTenant(t, 'Mẫu người dùng');
    for (const role of ['admin', 'supervisor', 'leader', 'agent', 'agent2'])
      freshTokens[role] = await t.login(fresh.email(role));
    const post = async (body: Record<string, unknown>, token = freshTokens.admin as string) => {
      const response = await call('POST', '/v2/core/template', token, {
        kind: 'chat',
        content: 'Chào {{customer.name}}',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const department = async (name: string, memberIds: string[]) =>
      (
        await call('POST', '/v2/group', freshTokens.admin as string, {
          target: 'user',
          name,
          member_ids: memberIds,
        })
      ).json().data._id as string;
    const sales = await department('Kinh doanh', [fresh.id('agent')]);
    const support = await department('Hỗ trợ', [fresh.id('agent2')]);
    await post({ name: 'Chung' });
    await post({ name: 'Chung đã tắt', active: false });
    await post({ name: 'Email chung', kind: 'email', subject: 'Chào', content: 'Nội dung' });
    await post({ name: 'Cho kinh doanh', visibility: 'departments', department_ids: [sales] });
    await post({ name: 'Cho hỗ trợ', visibility: 'departments', department_ids: [support] });
    await post({ name: 'Riêng agent', visibility: 'personal' }, freshTokens.agent as string);
    await post({ name: 'Riêng agent2', visibility: 'personal' }, freshTokens.agent2 as string);
    await post({ name: 'Riêng admin', visibility: 'personal' });
  });

  const templatesOf = (user: string, token: string, query = '') =>
    call('GET', `/v2/templates/user/${fresh.id(user)}${query}`, token);

  it('answers the active templates the user may use: everyone, departments, personal', async () => {
    const own = await templatesOf('agent', freshTokens.agent as string);
    expect(own.statusCode).toBe(200);
    expect(names(own)).toEqual(['Cho kinh doanh', 'Chung', 'Riêng agent', 'Email chung']);
    expect(own.json().total).toBe(4);
    const other = await templatesOf('agent2', freshTokens.agent2 as string);
    expect(names(other)).toEqual(['Cho hỗ trợ', 'Chung', 'Riêng agent2', 'Email chung']);
    const chatOnly = await templatesOf('agent', freshTokens.agent as string, '?kind=chat');
    expect(names(chatOnly)).toEqual(['Cho kinh doanh', 'Chung', 'Riêng agent']);
    const keyword = await templatesOf('agent', freshTokens.agent as string, '?keyword=rieng');
    expect(names(keyword)).toEqual(['Riêng agent']);
    const badKind = await templatesOf('agent', freshTokens.agent as string, '?kind=fax');
    expect(badKind.statusCode).toBe(422);
  });

  it("lets administrators and supervisors read anyone's, and refuses others", async () => {
    for (const role of ['admin', 'supervisor']) {
      const response = await templatesOf('agent', freshTokens[role] as string);
      expect(response.statusCode, role).toBe(200);
      expect(names(response)).toContain('Riêng agent');
      expect(names(response)).not.toContain('Riêng admin');
    }
    for (const role of ['leader', 'agent2']) {
      const response = await templatesOf('agent', freshTokens[role] as string);
      expect(response.statusCode, role).toBe(401);
      expect(response.json().message).toBe('Bạn không có quyền truy cập');
    }
    expect((await templatesOf('agent', otherAdmin)).statusCode).toBe(404);
    expect((await templatesOf('agent', tokens.admin as string)).json().message).toBe(
      'Không tìm thấy người dùng',
    );
    const badId = await call('GET', '/v2/templates/user/abc', freshTokens.admin as string);
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors).toEqual([{ param: 'id', message: 'Mã người dùng không hợp lệ' }]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v2/templates/user/${fresh.id('agent')}` }))
        .statusCode,
    ).toBe(403);
  });

  it('shows department templates to their members only, in lists and by id', async () => {
    const agentList = await call('GET', '/v2/core/templates/chat', freshTokens.agent as string);
    expect(names(agentList)).toEqual(['Cho kinh doanh', 'Chung', 'Chung đã tắt', 'Riêng agent']);
    const supervisorList = await call(
      'GET',
      '/v2/core/templates/chat',
      freshTokens.supervisor as string,
    );
    expect(names(supervisorList)).toEqual([
      'Cho hỗ trợ',
      'Cho kinh doanh',
      'Chung',
      'Chung đã tắt',
    ]);
    const support = supervisorList
      .json()
      .data.find((entry: { name: string }) => entry.name === 'Cho hỗ trợ');
    expect(support.departments.map((d: { name: string }) => d.name)).toEqual(['Hỗ trợ']);
    expect(
      (await call('GET', `/v2/core/template/${support._id}`, freshTokens.agent as string))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/v2/core/template/${support._id}`, freshTokens.agent2 as string))
        .statusCode,
    ).toBe(200);
    const inactive = await call(
      'GET',
      '/v2/core/templates/chat?active=false',
      freshTokens.admin as string,
    );
    expect(names(inactive)).toEqual(['Chung đã tắt']);
  });
});

describe('POST /v2/core/template/{id}/zns-check', () => {
  it("compares a ZNS template with Zalo's: approved, every parameter filled, what the content adds", async () => {
    const zns = await fakeZns('zns-check-token', {
      '300001': { status: 'ENABLE', params: ['customer_name', 'ticket_code'] },
      '300002': { status: 'PENDING_REVIEW', params: ['customer_name', 'order_total'] },
    });
    try {
      const check = (id: string, token = tokens.admin as string) =>
        call('POST', `/v2/core/template/${id}/zns-check`, token);
      const good = await createTemplate({
        kind: 'zns',
        name: 'Đã nhận yêu cầu',
        content: 'Chào {{customer.name}}, yêu cầu {{ticket.code}} của {{tenant.name}} đã được nhận',
        zns_template_id: '300001',
      });
      // No ZNS channel yet: said so, nothing asked of Zalo.
      expect((await check(good._id)).json().data).toMatchObject({
        ok: false,
        message: ZNS_CHECK_MESSAGES.noChannel,
      });
      const connected = await call('POST', '/v2/channels', tokens.admin as string, {
        kind: 'zns',
        name: 'ZNS',
        settings: { base_url: zns.url },
        secrets: { access_token: 'zns-check-token' },
      });
      expect(connected.statusCode, connected.body).toBe(201);

      const first = await check(good._id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({
        ok: true,
        status: 'ENABLE',
        zalo_params: ['customer_name', 'ticket_code'],
        unfillable: [],
        unused: ['tenant_name'],
        message: `${ZNS_CHECK_MESSAGES.ok}. ${ZNS_CHECK_MESSAGES.unused(['tenant_name'])}`,
      });

      const pending = await createTemplate({
        kind: 'zns',
        name: 'Hóa đơn',
        content: 'Chào {{customer.name}}',
        zns_template_id: '300002',
      });
      expect((await check(pending._id)).json().data).toMatchObject({
        ok: false,
        status: 'PENDING_REVIEW',
        unfillable: ['order_total'],
        message: `${ZNS_CHECK_MESSAGES.status('PENDING_REVIEW')}. ${ZNS_CHECK_MESSAGES.unfillable(['order_total'])}`,
      });

      // An id Zalo does not know: its refusal, in the answer.
      const unknown = await createTemplate({
        kind: 'zns',
        name: 'Không có',
        content: 'Chào',
        zns_template_id: '399999',
      });
      expect((await check(unknown._id)).json().data).toMatchObject({
        ok: false,
        message: ZNS_CHECK_MESSAGES.failed('-109 Template ID invalid'),
      });

      // Not a ZNS template; another tenant's; a malformed id.
      const chat = await createTemplate({ name: 'Chat thường' });
      expect((await check(chat._id)).json()).toMatchObject({
        errors: [{ param: 'id', message: ZNS_CHECK_MESSAGES.notZns }],
      });
      expect((await check(good._id, otherAdmin)).statusCode).toBe(404);
      expect((await check('not-an-id')).statusCode).toBe(422);
    } finally {
      await zns.close();
    }
  });
});
