import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { SMTPServer } from 'smtp-server';
import { USER_MESSAGES } from '@omnicare/shared/users/users.schemas';
import { DOVECOT_MISSING, startDovecot, type TestDovecot } from '../../server/src/test/dovecot';
import { ACCOUNTS, screenshotsAtBothSizes, signInAs, unique } from './fixtures';
import { workerServer } from './worker-server';

const MAILBOX = 'support@shop.test';
const IMAP_PASSWORD = 'imap-e2e-secret';
const SMTP_PASSWORD = 'smtp-e2e-secret';

test.skip(!!DOVECOT_MISSING, DOVECOT_MISSING ?? '');

let dovecot: TestDovecot;
let smtp: SMTPServer;
let smtpPort = 0;
const sent: ParsedMail[] = [];

test.beforeAll(async () => {
  dovecot = await startDovecot({ [MAILBOX]: IMAP_PASSWORD });
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === MAILBOX && auth.password === SMTP_PASSWORD)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error('5.7.8 Authentication failed'), { responseCode: 535 }));
    },
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        sent.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await dovecot?.stop();
});

test("a customer's mail becomes a ticket, and the agent's reply with an attachment goes back in its thread", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const run = unique();
  const name = `Hộp thư ${run}`;
  const { token } = await signInAs(page, request, ACCOUNTS.administrator.email);
  // The administrator's signature goes under their email replies.
  await page.goto('/profile');
  await page.getByLabel('Chữ ký email').fill(`Nguyễn Văn An\nCSKH ${run}`);
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  await expect(page.getByText(USER_MESSAGES.profileSaved)).toBeVisible();
  await screenshotsAtBothSizes(page, 'profile-email-signature');

  await page.goto('/settings/multi-channels/email');
  await page.getByRole('button', { name: 'Kết nối hộp thư' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kết nối hộp thư' });
  await dialog.getByLabel('Tên kênh').fill(name);
  await dialog.getByLabel('Địa chỉ gửi').fill(MAILBOX);
  await dialog.getByLabel('Tên hiển thị').fill('CSKH Shop');
  await dialog.getByLabel('Máy chủ IMAP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng IMAP').fill(String(dovecot.port));
  await dialog.getByLabel('Dùng SSL/TLS (cổng 993)').uncheck();
  await dialog.getByLabel('Tài khoản IMAP').fill(MAILBOX);
  await dialog.getByLabel('Mật khẩu IMAP').fill(IMAP_PASSWORD);
  await dialog.getByLabel('Máy chủ SMTP').fill('127.0.0.1');
  await dialog.getByLabel('Cổng SMTP').fill(String(smtpPort));
  await dialog.getByLabel('Mã hóa SMTP').selectOption({ label: 'Không mã hóa' });
  await dialog.getByLabel('Mật khẩu SMTP').fill(SMTP_PASSWORD);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Kết nối kênh thành công')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
  await expect(row).toContainText(/Kết nối IMAP \S+ thành công/);

  // The mailbox's forwarding address, as the page shows it, for the second way in.
  const shown = await row.getByText(/^Địa chỉ chuyển tiếp: /).textContent();
  const forwardTo = /: ([0-9a-f]{32}@in\.omnicare\.test)$/.exec(shown ?? '')?.[1];
  expect(forwardTo, shown ?? '').toBeTruthy();

  // The customer writes to the support address; the mailbox, held open in IMAP IDLE, hears of
  // the mail and it becomes a ticket by itself (no poll, no button).
  const subject = `Xin xuất hóa đơn đơn hàng ${run}`;
  const raw = await new MailComposer({
    from: 'Lê Thu <thu.le@khach.test>',
    to: MAILBOX,
    subject,
    text: `Chào shop, nhờ xuất hóa đơn VAT cho đơn ${run}.`,
    messageId: `<${run}@khach.test>`,
  })
    .compile()
    .build();
  await dovecot.deliver(MAILBOX, raw);
  await expect(async () => {
    const made = await request.get(`/v2/tickets?search=${encodeURIComponent(run)}`, {
      headers: { Authorization: token },
    });
    expect((await made.json()).data).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  // Reading the mailbox now finds nothing more: IDLE took the mail in.
  await row.getByRole('button', { name: 'Nhận thư ngay' }).click();
  await expect(page.getByText('Không có thư mới')).toBeVisible();
  await screenshotsAtBothSizes(page, 'email-channel-fetched');

  await page.goto('/tickets');
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByTestId('record-name')).toContainText(subject);
  await expect(
    page.getByTestId('ticket-comment').filter({ hasText: 'nhờ xuất hóa đơn VAT' }),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Trả lời công khai' }).fill('Dạ shop gửi chị hóa đơn ạ');
  await page.getByLabel('Đính kèm tệp').setInputFiles({
    name: 'hoa-don.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Hóa đơn VAT số 0012345\n'),
  });
  await page.getByRole('button', { name: 'Gửi' }).click();
  const reply = page.getByTestId('ticket-comment').filter({ hasText: 'shop gửi chị hóa đơn' });
  await expect(reply.getByRole('link', { name: 'hoa-don.txt' })).toBeVisible();
  // The send is a job: the comment says it went once the SMTP server took it.
  await expect(reply.getByTestId('comment-delivery')).toContainText('Đã gửi', { timeout: 30_000 });
  await screenshotsAtBothSizes(page, 'email-ticket-replied');

  const mail = sent.find((one) => one.subject?.includes(subject));
  expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toContain('thu.le@khach.test');
  expect(mail?.inReplyTo).toBe(`<${run}@khach.test>`);
  expect(mail?.text).toContain(`Dạ shop gửi chị hóa đơn ạ\n-- \nNguyễn Văn An\nCSKH ${run}`);
  expect(mail?.attachments.map((file) => file.filename)).toEqual(['hoa-don.txt']);

  // Mail forwarded to the mailbox's address (a team keeping its own mail server) is a ticket
  // as soon as the server accepted it.
  const forwarded = `Hỏi lịch giao hàng ${run}`;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: workerServer().inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: 'Phan Minh <minh.phan@khach.test>',
    to: MAILBOX,
    envelope: { from: MAILBOX, to: forwardTo },
    subject: forwarded,
    text: 'Khi nào đơn của tôi được giao?',
  });
  transport.close();
  await page.goto('/tickets');
  await page.getByRole('link', { name: forwarded }).click();
  await expect(page.getByTestId('record-name')).toContainText(forwarded);
});
