import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS } from '@omnicare/shared/platform/constants';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { ACCOUNTS, apiLogin, pick, storeSession, unique, phone } from './fixtures';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

async function createCustomer(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<{ _id: string; number: number; name: string }> {
  const response = await request.post('/v2/customers', {
    headers: { Authorization: token },
    data,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string; number: number; name: string } }).data;
}

let token = '';
test.beforeEach(async ({ page, request }) => {
  const user = await apiLogin(request, ACCOUNTS.administrator.email);
  token = user.token;
  await storeSession(page, user);
});

test('a customer created in a new tab: the draft survives a reload, then the tab is the customer', async ({
  page,
}) => {
  const name = `Nguyễn Thị Draft ${unique()}`;
  const number = phone();
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Thêm khách hàng' }).click();
  await expect(page).toHaveURL(/\/customers\/new-[a-z0-9]+$/);
  // A new customer's tab says what it is: the spec's 'Ticket mới' is for new tickets.
  await expect(page.getByRole('tab', { name: 'Khách hàng mới' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByLabel('Tên khách hàng').fill(name);
  await page.getByLabel('Số điện thoại 1').fill(number);
  await page.getByRole('button', { name: 'Thêm email' }).click();
  await page.getByLabel('Email 1').fill(`draft-${number}@example.vn`);
  await page.getByLabel('Giới tính').selectOption({ label: 'Nữ' });
  await page.getByLabel('Hạng khách hàng').selectOption({ label: 'Vàng' });
  await page.getByLabel('Tỉnh/Thành phố').selectOption({ label: 'Thành phố Hà Nội' });
  await expect(page.getByLabel('Quận/Huyện').locator('option')).not.toHaveCount(1);
  await page.getByLabel('Quận/Huyện').selectOption({ index: 1 });
  await page.getByLabel('Ghi chú').fill('Khách hẹn gọi lại lúc 15:00');

  await page.reload();
  await expect(page.getByLabel('Tên khách hàng')).toHaveValue(name);
  // Left, the field shows the number as every screen writes it.
  await expect(page.getByLabel('Số điện thoại 1')).toHaveValue(formatPhone(number));
  await expect(page.getByLabel('Email 1')).toHaveValue(`draft-${number}@example.vn`);
  await expect(page.getByLabel('Hạng khách hàng')).toHaveValue('2');
  await expect(page.getByLabel('Ghi chú')).toHaveValue('Khách hẹn gọi lại lúc 15:00');
  await expect(page.getByText('Bản nháp được giữ cho tab này')).toBeVisible();

  await page.getByRole('button', { name: 'Tạo khách hàng' }).click();
  await expect(toast(page, 'Tạo mới khách hàng thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  const id = page.url().split('/').pop() ?? '';
  // The heading is the customer's name; the tab keeps the spec's title.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('record-name')).toHaveText(name);
  // The new tab gave way to the customer's own tab.
  await expect(page.getByRole('tab')).toHaveText([`Customer ${id}`]);
  // The timeline has its first entry.
  await expect(page.getByText(`Tạo khách hàng: ${name}`)).toBeVisible();

  // The same phone again (in its +84 form): the refusal links to the existing customer.
  await page.goto('/customers');
  await page.getByRole('button', { name: 'Thêm khách hàng' }).click();
  await page.getByLabel('Tên khách hàng').fill(`Trùng ${unique()}`);
  await page.getByLabel('Số điện thoại 1').fill(`+84${number.slice(1)}`);
  await page.getByRole('button', { name: 'Tạo khách hàng' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Số điện thoại đã thuộc về khách hàng ${name}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: `Mở khách hàng ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${id}$`));
  await expect(page.getByTestId('record-name')).toHaveText(name);
});

test('search ignores diacritics and case: "nguyen van a" finds "Nguyễn Văn A"', async ({
  page,
  request,
}) => {
  const u = unique();
  const number = phone();
  await createCustomer(request, token, { name: `Nguyễn Văn A ${u}`, phones: [{ phone: number }] });
  await createCustomer(request, token, { name: `Nguyễn Văn B ${u}`, phones: [{ phone: phone() }] });
  await page.goto('/customers');
  const search = page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' });
  await search.fill(`nguyen van a ${u}`);
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await expect(table.getByRole('link', { name: `Nguyễn Văn A ${u}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Nguyễn Văn B ${u}` })).toHaveCount(0);
  await expect(page.getByText('trong 1 bản ghi')).toBeVisible();

  // Digits from inside the number find it too (a leading 0 would mean the number's start).
  await search.fill(number.slice(2, 9).replace(/^0+/, ''));
  await expect(table.getByRole('link', { name: `Nguyễn Văn A ${u}` })).toBeVisible();
});

test('a customer deleted from its record: back to the list as it was left, without it', async ({
  page,
  request,
}) => {
  const u = unique();
  for (const name of ['Xóa Đi', 'Ở Lại'])
    await createCustomer(request, token, { name: `${name} ${u}`, phones: [{ phone: phone() }] });
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }).fill(u);
  await expect(page).toHaveURL(new RegExp(`q=${u}`));
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await table.getByRole('link', { name: `Xóa Đi ${u}` }).click();
  await page.getByRole('button', { name: 'Xóa khách hàng' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Bạn có chắc chắn muốn xóa Xóa Đi ${u} không?`);
  await confirm.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(toast(page, 'Xóa thành công')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customers\\?q=${u}$`));
  await expect(table.getByRole('link', { name: `Ở Lại ${u}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Xóa Đi ${u}` })).toHaveCount(0);
});

test('a saved filter puts its keyword and filters in place with one request', async ({
  page,
  request,
}) => {
  const u = unique();
  await createCustomer(request, token, {
    name: `Khách hạng vàng ${u}`,
    phones: [{ phone: phone() }],
    tier: 2,
  });
  await createCustomer(request, token, { name: `Khách thường ${u}`, phones: [{ phone: phone() }] });
  const saved = await request.post('/v2/saved-filters', {
    headers: { Authorization: token },
    data: { entity: 'customer', name: `Vàng ${u}`, filters: { keyword: u, tier: 2 } },
  });
  expect(saved.status()).toBe(201);
  const firstLoad = page.waitForResponse((response) => response.url().includes('/v2/customers?'));
  await page.goto('/customers');
  await firstLoad;

  const sent: URLSearchParams[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/v2/customers') sent.push(url.searchParams);
  });
  const applied = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/v2/customers' && url.searchParams.get('keyword') === u;
  });
  await page.getByRole('button', { name: 'Bộ lọc đã lưu' }).click();
  await page.getByRole('menuitem', { name: `Vàng ${u}` }).click();
  await applied;
  const table = page.getByRole('table', { name: 'Danh sách khách hàng' });
  await expect(table.getByRole('link', { name: `Khách hạng vàng ${u}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Khách thường ${u}` })).toHaveCount(0);
  await expect(
    page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }),
  ).toHaveValue(u);
  // Nothing asked with the new filters and the old (empty) keyword, nor again once the
  // search box's debounce has run out.
  await page.waitForTimeout(SEARCH_DEBOUNCE_MS + 100);
  expect(sent.map((params) => [params.get('keyword'), params.get('tier')])).toEqual([[u, '2']]);
});

test('merge: another customer is folded into this one', async ({ page, request }) => {
  const u = unique();
  const keep = await createCustomer(request, token, {
    name: `Giữ lại ${u}`,
    phones: [{ phone: phone(), is_primary: true }],
  });
  const otherPhone = phone();
  const gone = await createCustomer(request, token, {
    name: `Gộp đi ${u}`,
    phones: [{ phone: otherPhone, is_primary: true }],
    emails: [{ email: `gop-${u}@example.vn`, is_primary: true }],
  });
  await page.goto(`/customers/${keep._id}`);
  await expect(page.getByTestId('record-name')).toHaveText(keep.name);
  await page.getByRole('button', { name: 'Gộp khách hàng' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: 'Tìm khách hàng cần gộp' }).fill(`gop di ${u}`);
  await dialog.getByRole('option', { name: new RegExp(gone.name) }).click();
  await dialog.getByRole('button', { name: 'Gộp', exact: true }).click();
  await expect(
    dialog.getByText(`Gộp ${gone.name} vào ${keep.name}?`, { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Gộp', exact: true }).click();
  await expect(toast(page, 'Gộp khách hàng thành công')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The survivor now holds the merged phone and email; the timeline records the merge.
  const phones = page.getByRole('textbox', { name: /^Số điện thoại \d$/ });
  await expect(phones).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Email 1' })).toHaveValue(`gop-${u}@example.vn`);
  await expect(page.getByText(`Gộp khách hàng: ${gone.name}`)).toBeVisible();
  const answer = await request.get(`/v2/customers/${gone._id}`, {
    headers: { Authorization: token },
  });
  expect(answer.status()).toBe(404);
});

test('a customer by its number: its tab and tooltip, and the story of its changes', async ({
  page,
  request,
}) => {
  // Several screens and a background search in one story.
  test.slow();
  const u = unique();
  const customer = await createCustomer(request, token, {
    name: `Số Hiệu ${u}`,
    phones: [{ phone: phone() }],
  });
  const tagName = `Thân thiết ${u}`;
  const tagGroup = await request.post('/v2/group-tag-customer', {
    headers: { Authorization: token },
    data: { name: `Nhãn ${u}`, tags: [tagName] },
  });
  expect(tagGroup.status()).toBe(201);

  // An old link by id moves to the number, in the same tab.
  await page.goto(`/customers/${customer._id}`);
  const title = `Customer ${customer.number}`;
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.number}$`));
  // The heading is the customer's name; the tab keeps the spec's title.
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  await expect(page.getByTestId('record-name')).toHaveText(customer.name);
  await expect(page.getByRole('tab')).toHaveText([title]);
  await expect(page.getByRole('tab', { name: title })).toHaveAttribute(
    'title',
    `${title} · ${customer.name}`,
  );

  // A field edited: the timeline says from what to what.
  await page.getByLabel('Hạng khách hàng').selectOption({ label: 'Vàng' });
  await page.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(toast(page, 'Cập nhật thành công')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Lịch sử hoạt động' });
  const latest = timeline.getByRole('listitem').first();
  await expect(latest).toContainText('Cập nhật thông tin');
  await expect(latest).toContainText('Hạng khách hàng:ThườngVàng');

  // Tagged from the list: the timeline names the tag.
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Tìm theo tên, số điện thoại hoặc email' }).fill(u);
  await expect(page).toHaveURL(new RegExp(`q=${u}`));
  await page.getByRole('checkbox', { name: `Chọn ${customer.name}` }).check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Gắn tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gắn tag' });
  await pick(page, dialog.getByRole('combobox', { name: 'Chọn tag' }), u, tagName);
  await dialog.getByRole('button', { name: 'Áp dụng' }).click();
  await expect(page.getByText('Đã gắn tag cho 1 khách hàng')).toBeVisible();
  await page
    .getByRole('table', { name: 'Danh sách khách hàng' })
    .getByRole('link', {
      name: customer.name,
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customer.number}$`));
  await expect(timeline.getByRole('listitem').first()).toHaveText(
    new RegExp(`Gắn tag: ${tagName}`),
  );
});

test("a merged-away customer's open tab opens the survivor, with a toast", async ({
  page,
  request,
}) => {
  // Several screens and a background search in one story.
  test.slow();
  const u = unique();
  const customer = await createCustomer(request, token, {
    name: `Số Hiệu ${u}`,
    phones: [{ phone: phone() }],
  });
  const survivor = await createCustomer(request, token, {
    name: `Người Nhận ${u}`,
    phones: [{ phone: phone() }],
  });
  const title = `Customer ${customer.number}`;
  await page.goto(`/customers/${customer.number}`);
  await expect(page.getByTestId('record-name')).toHaveText(customer.name);
  // Merged into another customer from the survivor's page: the old tab then opens the survivor.
  await page.goto(`/customers/${survivor.number}`);
  await expect(page.getByRole('tab')).toHaveText([title, `Customer ${survivor.number}`]);
  await page.getByRole('button', { name: 'Gộp khách hàng' }).click();
  const merge = page.getByRole('dialog');
  await merge.getByRole('searchbox', { name: 'Tìm khách hàng cần gộp' }).fill(`so hieu ${u}`);
  await merge.getByRole('option', { name: new RegExp(customer.name) }).click();
  await merge.getByRole('button', { name: 'Gộp', exact: true }).click();
  await merge.getByRole('button', { name: 'Gộp', exact: true }).click();
  await expect(toast(page, 'Gộp khách hàng thành công')).toBeVisible();
  await page.getByRole('tab', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${survivor.number}$`));
  await expect(
    toast(page, `${title} đã được gộp vào Customer ${survivor.number} (${survivor.name})`),
  ).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([`Customer ${survivor.number}`]);
  await expect(page.getByTestId('record-name')).toHaveText(survivor.name);
});
