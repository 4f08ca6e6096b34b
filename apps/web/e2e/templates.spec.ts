import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ZNS_CHECK_MESSAGES } from '@omnicare/shared/templates/templates.schemas';
import { fakeZns } from '../../server/src/modules/channels/provider-fakes';
import {
  ACCOUNTS,
  apiLogin,
  expectForbidden,
  screenshotsAtBothSizes,
  signInAs,
  unique,
} from './fixtures';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The tabs of the 'Mẫu tin' settings group above both screens. */
const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Mẫu tin' });

/** Picks an option of a Radix select (a combobox button) by the option's text. */
async function choose(page: Page, trigger: ReturnType<Page['getByRole']>, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator runs catalogs and a chat template with a placeholder and preview', async ({
  page,
  request,
}) => {
  await signInAs(page, request, ACCOUNTS.administrator.email);
  const run = unique();
  // The preview fills the customer variables from the tenant's customer last updated.
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const sample = `Khách Mẫu ${run}`;
  const made = await request.post('/v2/customers', {
    headers: { Authorization: admin.token },
    data: { name: sample },
  });
  expect(made.status()).toBe(201);
  const catalog = `Chào hỏi ${run}`;
  const name = `Lời chào ${run}`;

  // Catalog: blank name refused in Vietnamese, then created.
  await page.goto('/settings/others/template-catalogs');
  await expect(page.getByRole('heading', { name: 'Danh mục mẫu' })).toBeVisible();
  const catalogSearch = page.getByRole('searchbox', { name: 'Tìm danh mục' });
  // The settled search's answer, not the list before it (empty too on a fresh database).
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('/v2/core/template-catalogs') &&
      response.url().includes(`keyword=${run}`),
  );
  await catalogSearch.fill(run);
  await searched;
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
  await page.getByRole('button', { name: 'Thêm danh mục' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Tên danh mục không được bỏ trống')).toBeVisible();
  await dialog.getByLabel('Tên danh mục').fill(catalog);
  await dialog.getByLabel('Mô tả').fill('Mẫu chào khách hàng mới');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Tạo mới danh mục mẫu thành công')).toBeVisible();
  await expect(dialog).toBeHidden();
  const catalogRow = page.getByRole('row').filter({ hasText: catalog });
  await expect(catalogRow).toContainText('Mẫu chào khách hàng mới');
  await expect(catalogRow.getByRole('cell').nth(2)).toHaveText('0');

  // Template: the Chat tab, a placeholder inserted at the caret, the live preview.
  await settingsNav(page).getByRole('link', { name: 'Mẫu tin nhắn' }).click();
  await expect(page.getByRole('heading', { name: 'Mẫu tin nhắn' })).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Thêm mẫu tin nhắn' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thêm mới mẫu tin nhắn' })).toBeVisible();
  await dialog.getByLabel('Tên mẫu').fill(name);
  await choose(page, dialog.getByRole('combobox', { name: 'Danh mục' }), catalog);
  await dialog.getByLabel('Phím tắt').fill(`/chao-${run}`);
  const content = dialog.getByLabel('Nội dung');
  await content.fill('Chào , em có thể giúp gì ạ?');
  // Caret after 'Chào ': the variable goes there.
  await content.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(5, 5));
  await dialog.getByRole('button', { name: 'Chèn biến Tên khách hàng' }).click();
  await expect(content).toHaveValue('Chào {{customer.name}}, em có thể giúp gì ạ?');
  const preview = dialog.getByTestId('template-preview');
  await expect(preview).toHaveText(`Chào ${sample}, em có thể giúp gì ạ?`);
  await expect(dialog.getByTestId('template-preview-sample')).toHaveText(
    `Xem trước với khách hàng ${sample} của doanh nghiệp.`,
  );

  // An unknown variable is refused before anything is sent.
  await content.fill('Chào {{khach}}');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Biến không được hỗ trợ: {{khach}}')).toBeVisible();
  await content.fill('Chào {{customer.name}}, em có thể giúp gì ạ?');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Tạo mới mẫu tin nhắn thành công')).toBeVisible();
  await expect(dialog).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Tìm mẫu tin nhắn' });
  await search.fill(`loi chao ${run}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`/chao-${run}`);
  await expect(row).toContainText('Chào {{customer.name}}, em có thể giúp gì ạ?');
  await expect(row).toContainText(catalog);
  await expect(row).toContainText('Mọi người');
  await expect(page.getByText('trong 1 bản ghi')).toBeVisible();

  // A catalog holding templates is not deleted.
  await settingsNav(page).getByRole('link', { name: 'Danh mục mẫu' }).click();
  await page.getByRole('searchbox', { name: 'Tìm danh mục' }).fill(run);
  await expect(
    page.getByRole('row').filter({ hasText: catalog }).getByRole('cell').nth(2),
  ).toHaveText('1');
  await page.getByRole('button', { name: `Xóa ${catalog}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Bạn có chắc chắn muốn xóa ${catalog} không?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(
    toast(page, 'Không thể xóa danh mục đang có 1 mẫu tin nhắn, hãy chuyển hoặc xóa các mẫu trước'),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: catalog })).toHaveCount(1);

  // Edit the template: the dialog opens filled, the preview follows.
  await page.goto('/settings/others/templates?kind=chat');
  await page.getByRole('searchbox', { name: 'Tìm mẫu tin nhắn' }).fill(run);
  await page.getByRole('button', { name: `Sửa ${name}` }).click();
  await expect(dialog.getByRole('heading', { name: 'Chỉnh sửa mẫu tin nhắn' })).toBeVisible();
  await expect(dialog.getByLabel('Tên mẫu')).toHaveValue(name);
  const renamed = `${name} buổi sáng`;
  await dialog.getByLabel('Tên mẫu').fill(renamed);
  await dialog
    .getByLabel('Nội dung')
    .fill('Chào buổi sáng {{customer.name}}, em là {{agent.name}}.');
  await expect(dialog.getByTestId('template-preview')).toContainText(
    `Chào buổi sáng ${sample}, em là Trần Thị Bình.`,
  );
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(toast(page, 'Cập nhật mẫu tin nhắn thành công')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: renamed })).toContainText(
    'Chào buổi sáng {{customer.name}}, em là {{agent.name}}.',
  );

  // Delete it through the shared confirmation.
  await page.getByRole('button', { name: `Xóa ${renamed}` }).click();
  await expect(confirm.getByText(`Bạn có chắc chắn muốn xóa ${renamed} không?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Xóa mẫu tin nhắn thành công')).toBeVisible();
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();

  // The catalog is empty now and goes.
  await page.goto('/settings/others/template-catalogs');
  await page.getByRole('searchbox', { name: 'Tìm danh mục' }).fill(run);
  await page.getByRole('button', { name: `Xóa ${catalog}` }).click();
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Xóa danh mục mẫu thành công')).toBeVisible();
  await expect(page.getByText('Không có dữ liệu.')).toBeVisible();
});

test("an agent's personal template is in their own templates and nobody else's", async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, ACCOUNTS.agent.email);
  const agent2 = await apiLogin(request, 'agent2@demo.vn');
  const name = `Mẫu riêng ${unique()}`;
  const created = await request.post('/v2/core/template', {
    headers: { Authorization: agent.token },
    data: {
      kind: 'chat',
      name,
      content: 'Dạ {{customer.name}}, em ghi nhận ạ.',
      visibility: 'personal',
    },
  });
  expect(created.status()).toBe(201);
  const template = ((await created.json()) as { data: { _id: string } }).data;

  const namesOf = async (userId: string, token: string) => {
    const response = await request.get(`/v2/templates/user/${userId}?kind=chat`, {
      headers: { Authorization: token },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { name: string }[] }).data.map((t) => t.name);
  };
  expect(await namesOf(agent._id, agent.token)).toContain(name);
  expect(await namesOf(agent2._id, agent2.token)).not.toContain(name);
  // An agent may not read another's templates; an administrator may.
  const refused = await request.get(`/v2/templates/user/${agent._id}`, {
    headers: { Authorization: agent2.token },
  });
  expect(refused.status()).toBe(401);
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  expect(await namesOf(agent._id, admin.token)).toContain(name);

  // Shared templates stay the administrators'.
  const shared = await request.post('/v2/core/template', {
    headers: { Authorization: agent.token },
    data: { kind: 'chat', name: `${name} chung`, content: 'x', visibility: 'everyone' },
  });
  expect(shared.status()).toBe(401);

  // The settings screens are the administrators' (spec section 6).
  await signInAs(page, request, ACCOUNTS.agent.email);
  await page.goto('/settings/others/templates');
  await expectForbidden(page);

  const removed = await request.delete(`/v2/core/template/${template._id}`, {
    headers: { Authorization: agent.token },
  });
  expect(removed.status()).toBe(200);
  expect(await namesOf(agent._id, agent.token)).not.toContain(name);
});

test("an administrator checks a ZNS template against Zalo's registered one", async ({
  page,
  request,
}) => {
  const run = unique();
  const zns = await fakeZns(`zns-e2e-${run}`, {
    '310001': { status: 'ENABLE', params: ['customer_name', 'ticket_code'] },
  });
  const admin = await apiLogin(request, ACCOUNTS.administrator.email);
  const headers = { Authorization: admin.token };
  const channel = await request.post('/v2/channels', {
    headers,
    data: {
      kind: 'zns',
      name: `ZNS ${run}`,
      settings: { base_url: zns.url },
      secrets: { access_token: `zns-e2e-${run}` },
    },
  });
  expect(channel.status(), await channel.text()).toBe(201);
  const channelId = (await channel.json()).data._id as string;
  const name = `Xác nhận yêu cầu ${run}`;
  const template = await request.post('/v2/core/template', {
    headers,
    data: {
      kind: 'zns',
      name,
      content: 'Chào {{customer.name}}, yêu cầu {{ticket.code}} đã được tiếp nhận',
      zns_template_id: '310001',
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  try {
    await signInAs(page, request, ACCOUNTS.administrator.email);
    await page.goto('/settings/others/templates?kind=zns');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: 'Kiểm tra với Zalo' }).click();
    await expect(row.getByRole('status')).toHaveText(ZNS_CHECK_MESSAGES.ok);
    await screenshotsAtBothSizes(page, 'templates-zns-check');
  } finally {
    await request.delete(`/v2/core/template/${(await template.json()).data._id}`, { headers });
    await request.delete(`/v2/channels/${channelId}`, { headers });
    await zns.close();
  }
});
