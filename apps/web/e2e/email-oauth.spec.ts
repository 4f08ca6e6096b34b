import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import MailComposer from 'nodemailer/lib/mail-composer';
import { SMTPServer } from 'smtp-server';
import { DOVECOT_MISSING, startDovecot, type TestDovecot } from '../../server/src/test/dovecot';
import { fakeOauth2, type OauthFake } from '../../server/src/modules/channels/oauth2-fake';
import { ACCOUNTS, screenshotsAtBothSizes, signInAs, unique } from './fixtures';

const MAILBOX = 'oauth-support@shop.test';

test.skip(!!DOVECOT_MISSING, DOVECOT_MISSING ?? '');

let dovecot: TestDovecot;
let oauth: OauthFake;
let smtp: SMTPServer;
let smtpPort = 0;
const smtpLogins: string[] = [];

test.beforeAll(async () => {
  oauth = await fakeOauth2({ username: MAILBOX });
  // Dovecot checks each access token against the fake's introspection endpoint.
  dovecot = await startDovecot(
    { [MAILBOX]: 'delivery-only' },
    { oauth2: { introspectionUrl: oauth.introspectionUrl } },
  );
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['XOAUTH2'],
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      const ok =
        auth.method === 'XOAUTH2' && oauth.isLive(auth.accessToken ?? '', auth.username ?? '');
      smtpLogins.push(`${auth.method}:${ok}`);
      if (ok) return callback(null, { user: auth.username });
      callback(null, { data: { status: '401', schemes: 'bearer' } });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await dovecot?.stop();
  await oauth?.close();
});

test('an administrator connects a mailbox by OAuth2 through the provider (the local fake), lands on /email-redirect, and the mailbox reads mail with its access token', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const run = unique();
  const name = `Hộp thư OAuth2 ${run}`;
  const { token } = await signInAs(page, request, ACCOUNTS.administrator.email);
  await page.goto('/settings/multi-channels/email');
  await page.getByRole('button', { name: 'Kết nối hộp thư' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết nối hộp thư' });
  await dialog.getByLabel('Tên kênh').fill(name);
  await dialog.getByLabel('Địa chỉ gửi').fill(MAILBOX);
  await dialog.getByLabel('Cách đăng nhập').selectOption('oauth2');
  await expect(dialog.getByLabel('Mật khẩu IMAP')).toHaveCount(0);
  // Google is offered first, its endpoints filled in.
  await expect(dialog.getByLabel('Địa chỉ lấy token')).toHaveValue(
    'https://oauth2.googleapis.com/token',
  );
  await expect(dialog.getByRole('button', { name: 'Kết nối bằng Google' })).toBeVisible();
  await screenshotsAtBothSizes(page, 'email-oauth-dialog-google');
  await dialog.getByLabel('Nhà cung cấp OAuth2').selectOption('custom');
  await dialog.getByLabel('Client ID').fill(oauth.clientId);
  await dialog.getByLabel('Client secret').fill(oauth.clientSecret);
  await dialog.getByLabel('Địa chỉ cấp quyền (authorize)').fill(oauth.authorizeUrl);
  await dialog.getByLabel('Địa chỉ lấy token').fill(oauth.tokenUrl);
  await dialog.getByLabel('Địa chỉ thu hồi token (revoke)').fill(oauth.revokeUrl);
  await dialog.getByLabel('Phạm vi quyền (scope)').fill('mail offline_access');
  await dialog.getByLabel('Máy chủ IMAP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng IMAP').fill(String(dovecot.port));
  await dialog.getByLabel('Dùng SSL/TLS (cổng 993)').uncheck();
  await dialog.getByLabel('Tài khoản IMAP').fill(MAILBOX);
  await dialog.getByLabel('Máy chủ SMTP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng SMTP').fill(String(smtpPort));
  await dialog.getByLabel('Mã hóa SMTP').selectOption({ label: 'Không mã hóa' });
  await expect(dialog.getByRole('status')).toHaveText('Chưa kết nối OAuth2');
  await screenshotsAtBothSizes(page, 'email-oauth-dialog');

  // Saved, then to the provider's consent page (the fake consents at once), back to the landing.
  await dialog.getByRole('button', { name: 'Kết nối bằng OAuth2' }).click();
  await page.waitForURL(/\/email-redirect\?/);
  await expect(page.getByRole('heading', { name: 'Đã kết nối hộp thư' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`«${name}» (${MAILBOX})`);
  await screenshotsAtBothSizes(page, 'email-redirect');
  // The browser went through the authorize endpoint with a PKCE S256 challenge.
  expect(oauth.authorizeRequests.at(-1)).toMatchObject({
    code_challenge_method: 'S256',
    redirect_uri: `${new URL(page.url()).origin}/email-redirect`,
  });

  await page.getByRole('link', { name: 'Về cài đặt hộp thư email' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('OAuth2', { exact: true })).toBeVisible();
  await expect(row).toContainText('Đã kết nối');
  await expect(row).toContainText('Đang hoạt động');
  await expect(page.locator('body')).not.toContainText(oauth.clientSecret);
  await row.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
  await expect(row).toContainText(/Lấy access token từ \S+ thành công/);
  await expect(row).toContainText(/Kết nối IMAP \S+ thành công/);
  await expect(row).toContainText(/Kết nối SMTP \S+ thành công/);
  expect(smtpLogins).toContain('XOAUTH2:true');
  await screenshotsAtBothSizes(page, 'email-oauth-connected');

  // A customer's mail, read with the access token (Dovecot's oauth2 passdb checks it).
  const subject = `Hỏi đơn hàng qua OAuth2 ${run}`;
  await dovecot.deliver(
    MAILBOX,
    await new MailComposer({
      from: 'Lê Thu <thu.le@khach.test>',
      to: MAILBOX,
      subject,
      text: 'Đơn của tôi đến đâu rồi?',
    })
      .compile()
      .build(),
  );
  // Held open in IDLE with the token, or read now: either way it becomes a ticket.
  await row.getByRole('button', { name: 'Nhận thư ngay' }).click();
  await expect(page.getByText(/Đã nhận \d+ thư mới|Không có thư mới/)).toBeVisible();
  await expect(async () => {
    const made = await request.get(`/v2/tickets?search=${encodeURIComponent(run)}`, {
      headers: { Authorization: token },
    });
    expect((await made.json()).data).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('Đang hoạt động');

  // 'Ngắt kết nối' in the mailbox's dialog, behind a confirmation: the provider is asked to
  // revoke the token (RFC 7009), the row then says to connect again.
  await row.getByRole('button', { name: `Sửa ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Cập nhật hộp thư' });
  await expect(edit.getByRole('status')).toContainText('Đã kết nối OAuth2 lúc');
  const disconnect = edit.getByRole('button', { name: 'Ngắt kết nối' });
  await disconnect.scrollIntoViewIfNeeded();
  await expect(disconnect).toBeVisible();
  await screenshotsAtBothSizes(page, 'email-oauth-disconnect-button');
  await disconnect.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Ngắt kết nối OAuth2 của hộp thư?');
  await screenshotsAtBothSizes(page, 'email-oauth-disconnect-confirm');
  await confirm.getByRole('button', { name: 'Ngắt kết nối' }).click();
  await expect(page.getByText('Đã ngắt kết nối OAuth2 của hộp thư và thu hồi token')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Chưa kết nối');
  await expect(row).toContainText('Cần kết nối lại hộp thư');
  expect(oauth.revokeRequests).toHaveLength(1);
  expect(oauth.revokeRequests[0]).toMatchObject({ token_type_hint: 'refresh_token' });
  await screenshotsAtBothSizes(page, 'email-oauth-disconnected');
});
