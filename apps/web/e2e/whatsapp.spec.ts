import { expect, test } from '@playwright/test';
import { fakeWhatsApp } from '../../server/src/modules/channels/whatsapp-fake';
import { ACCOUNTS, apiLogin, screenshotsAtBothSizes, signInAs, unique } from './fixtures';
import { send } from './livechat-fixtures';

test("an administrator connects a WhatsApp number (against the local Cloud API fake), Meta's handshake is answered with the verify token shown, and a customer's message becomes a conversation", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const wa = await fakeWhatsApp();
  const run = unique();
  const name = `WhatsApp ${run}`;
  try {
    await signInAs(page, request, ACCOUNTS.administrator.email);
    await page.goto('/settings/multi-channels/whatsapp');
    await expect(page.getByRole('heading', { name: 'Kênh WhatsApp' })).toBeVisible();
    await page.getByRole('button', { name: 'Thêm số WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm số WhatsApp' });
    await dialog.getByLabel('Tên kênh').fill(name);
    await dialog.getByLabel('Phone number ID').fill(wa.account.phoneNumberId);
    await dialog.getByLabel('Số hiển thị').fill(wa.account.displayPhoneNumber);
    await dialog.getByLabel('Địa chỉ Graph API').fill(wa.url);
    await dialog.getByLabel('Access token').fill(wa.account.accessToken);
    await dialog.getByLabel('App secret').fill(wa.account.appSecret);
    const verifyToken = await dialog.getByLabel(/^Verify token/).inputValue();
    expect(verifyToken).toMatch(/^[0-9a-f]{32}$/);
    await screenshotsAtBothSizes(page, 'whatsapp-channel-form');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Đã lưu');
    await expect(row).toContainText('Đang hoạt động');
    await expect(row).toContainText(`Phone number ID: ${wa.account.phoneNumberId}`);
    await expect(page.locator('body')).not.toContainText(wa.account.appSecret);
    const webhook = (await row.getByText(/^Webhook URL: /).textContent())!.replace(
      'Webhook URL: ',
      '',
    );
    expect(webhook).toMatch(/\/v2\/webhooks\/whatsapp\/[0-9a-f-]{36}$/);
    await screenshotsAtBothSizes(page, 'whatsapp-channels');

    // Meta's handshake with the verify token the form offered.
    const handshake = await request.get(
      `${webhook}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=4242`,
    );
    expect(handshake.status()).toBe(200);
    expect(await handshake.text()).toBe('4242');

    // A customer's message, signed with the app secret, becomes a WhatsApp conversation.
    const signed = wa.message('84905550001', `Khách ${run}`, {
      type: 'text',
      text: { body: `Xin chào ${run}` },
    });
    expect(await wa.deliver(webhook, signed)).toBe(200);
    const admin = await apiLogin(request, ACCOUNTS.administrator.email);
    await expect
      .poll(async () => {
        const list = await (
          await send(request, admin.token, 'GET', '/v2/conversations?box=all')
        ).json();
        return JSON.stringify(list.data);
      })
      .toContain(`Xin chào ${run}`);

    // Meta refuses the reply's token (190, revoked): the channel is in error, and the channels'
    // index says so with the provider's reason and when.
    const list = await (
      await send(request, admin.token, 'GET', `/v2/conversations?box=all&q=${run}`)
    ).json();
    const ticketId = list.data[0]._id as string;
    wa.failNextSend(
      wa.graphError(401, 190, 'Error validating access token: Session has expired', 'expired'),
    );
    const reply = await send(request, admin.token, 'POST', `/v2/tickets/${ticketId}/comments`, {
      body: 'Dạ em chào anh',
      format: 'text',
      public: true,
    });
    expect(reply.status(), await reply.text()).toBe(201);
    await page.goto('/settings/multi-channels');
    const shown = page
      .getByRole('region', { name: 'WhatsApp' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(shown).toContainText('Lỗi kết nối', { timeout: 20_000 });
    await expect(shown).toContainText('190 Error validating access token');
    await expect(shown).toContainText('Lỗi gần nhất lúc');
    await screenshotsAtBothSizes(page, 'channels-index-error');
  } finally {
    await wa.close();
  }
});
