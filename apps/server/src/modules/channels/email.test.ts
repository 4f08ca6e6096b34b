import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { EMAIL_TEST_MESSAGES as T } from '@omnicare/shared/channels/email-settings';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  seedTenant,
  type TestApp,
} from '../../test/helpers.js';
import { DOVECOT_MISSING, rawMail, startDovecot, type TestDovecot } from '../../test/dovecot.js';
import type { DeliveredEvent } from '../../platform/outbox.js';
import { handleEvent } from '../automation/engine/engine.service.js';
import { chain, insertWorkflow } from '../automation/engine/engine.test-support.js';
import { pollMailbox } from './email.service.js';

// A refused send that may pass is tried again at once in tests.
process.env.EMAIL_RETRY_SECONDS = '0.001';
process.env.EMAIL_TIMEOUT_MS = '5000';

if (DOVECOT_MISSING) console.warn(DOVECOT_MISSING);

const MAILBOX = 'support@shop.test';
const IMAP_PASSWORD = 'imap-secret-1';
const SMTP_PASSWORD = 'smtp-secret-1';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const wait = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 50 };

let t: TestApp;
let dovecot: TestDovecot;
let smtp: SMTPServer;
let smtpPort = 0;
const received: ParsedMail[] = [];
let busyOnce = true;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let channelId = '';

const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const mailbox = (overrides: Record<string, unknown> = {}) => ({
  kind: 'email',
  name: 'Hộp thư CSKH',
  settings: {
    imap_host: '127.0.0.1',
    imap_port: dovecot.port,
    imap_tls: false,
    imap_user: MAILBOX,
    imap_folder: 'INBOX',
    poll_minutes: 60,
    smtp_host: '127.0.0.1',
    smtp_port: smtpPort,
    smtp_security: 'none',
    smtp_user: '',
    from_address: MAILBOX,
    from_name: 'CSKH Shop',
    ...overrides,
  },
  secrets: { imap_password: IMAP_PASSWORD, smtp_password: SMTP_PASSWORD },
});

async function ticketOfMessage(providerMessageId: string) {
  const { rows } = await t.database.pool.query<{
    ticket_id: string;
    number: number;
    source: string;
    status: string;
    requester_id: string;
    author_customer_id: string;
    body: string;
    cc: string[];
  }>(
    `select m.ticket_id, t.number, t.source, t.status, t.requester_id, m.author_customer_id,
            m.body, t.cc
       from messages m join tickets t on t.id = m.ticket_id
      where m.tenant_id = $1 and m.provider_message_id = $2`,
    [tenant.tenantId, providerMessageId],
  );
  return rows;
}

const poll = () => pollMailbox(t.app.platform, channelId);

describe.skipIf(DOVECOT_MISSING)('email channel (Dovecot IMAP, SMTP test server)', () => {
  beforeAll(async () => {
    dovecot = await startDovecot({ [MAILBOX]: IMAP_PASSWORD });
    smtp = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === MAILBOX && auth.password === SMTP_PASSWORD)
          return callback(null, { user: auth.username });
        return callback(
          Object.assign(new Error('5.7.8 Authentication failed'), { responseCode: 535 }),
        );
      },
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refuse'))
          return callback(
            Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }),
          );
        if (address.address.startsWith('busy') && busyOnce) {
          busyOnce = false;
          return callback(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
        }
        callback();
      },
      onData(stream, _session, callback) {
        void simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp();
    tenant = await seedTenant(t, 'Email');
    admin = await t.login(tenant.email('admin'));
    const created = await send('POST', '/v2/channels', admin, mailbox());
    expect(created.statusCode, created.body).toBe(201);
    channelId = created.json().data._id;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await dovecot?.stop();
  });

  it('keeps the passwords sealed, answered only as set', async () => {
    const read = await send('GET', `/v2/channels/${channelId}`, admin);
    expect(read.json().data.secrets).toEqual({
      imap_password: true,
      smtp_password: true,
      oauth_client_secret: false,
      oauth_refresh_token: false,
    });
    expect(read.body).not.toContain(IMAP_PASSWORD);
    expect(read.body).not.toContain(SMTP_PASSWORD);
  });

  it('a new mail becomes an email ticket of the customer matched by address, once', async () => {
    const customer = await send('POST', '/v2/customers', admin, {
      name: 'Nguyễn Văn An',
      emails: [{ email: 'an@khach.test', is_primary: true }],
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const raw = rawMail({
      from: 'An Nguyễn <AN@khach.test>',
      to: MAILBOX,
      cc: 'sep@khach.test',
      subject: 'Đơn hàng chưa giao',
      messageId: '<first-1@khach.test>',
      html: '<p>Xin chào, <b>đơn</b> của tôi chưa tới.</p><script>alert(1)</script><img src="cid:logo">',
      attachments: [
        { filename: 'hoa-don.pdf', content: PDF },
        { filename: 'logo.png', content: PNG, cid: 'logo' },
      ],
    });
    await dovecot.deliver(MAILBOX, raw);
    // The same mail delivered again (a second copy in the folder): written once.
    await dovecot.deliver(MAILBOX, raw);
    const outcomes = await poll();
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['written', 'duplicate']);
    const rows = await ticketOfMessage('<first-1@khach.test>');
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      source: 'email',
      status: 'new',
      requester_id: customer.json().data._id,
      author_customer_id: customer.json().data._id,
      cc: ['sep@khach.test'],
    });
    expect(row.body).toContain('<b>đơn</b>');
    expect(row.body).not.toMatch(/script|cid:/);
    const files = await t.database.pool.query<{ file_name: string }>(
      `select a.file_name from ticket_attachments a join messages m on m.id = a.comment_id
        where m.provider_message_id = '<first-1@khach.test>' order by a.position`,
    );
    expect(files.rows.map((file) => file.file_name).sort()).toEqual(['hoa-don.pdf', 'logo.png']);
    // Taken mail is flagged seen: the next poll finds nothing.
    expect((await dovecot.flags(MAILBOX)).every((flags) => flags.includes('\\Seen'))).toBe(true);
    expect(await poll()).toEqual([]);
  });

  it('a reply joins its ticket by In-Reply-To, and a mail naming the ticket code by its subject', async () => {
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'binh@khach.test',
        to: MAILBOX,
        subject: 'Hỏi về bảo hành',
        messageId: '<thread-1@khach.test>',
        text: 'Máy bị hỏng.',
      }),
    );
    await poll();
    const [first] = await ticketOfMessage('<thread-1@khach.test>');
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'binh@khach.test',
        to: MAILBOX,
        subject: 'Re: Hỏi về bảo hành',
        messageId: '<thread-2@khach.test>',
        inReplyTo: '<thread-1@khach.test>',
        references: ['<thread-1@khach.test>'],
        text: 'Bổ sung ảnh.',
      }),
    );
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'other@khach.test',
        to: MAILBOX,
        subject: `Về ticket ${formatTicketCode(first!.number)}`,
        messageId: '<thread-3@khach.test>',
        text: 'Tôi cũng gặp lỗi này.',
      }),
    );
    await poll();
    const [second] = await ticketOfMessage('<thread-2@khach.test>');
    const [third] = await ticketOfMessage('<thread-3@khach.test>');
    expect(second!.ticket_id).toBe(first!.ticket_id);
    expect(third!.ticket_id).toBe(first!.ticket_id);
    // The code-only mail's author is its own sender, not the ticket's requester.
    expect(third!.author_customer_id).not.toBe(first!.requester_id);
  });

  it('an auto-reply or a bounce is kept, reopens nothing and starts no workflow; our own mail is ignored', async () => {
    await insertWorkflow(t.database, tenant.tenantId, chain({}, []));
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'cuong@khach.test',
        to: MAILBOX,
        subject: 'Cần hỗ trợ',
        messageId: '<human-1@khach.test>',
        text: 'Xin hỗ trợ.',
      }),
    );
    await poll();
    const [human] = await ticketOfMessage('<human-1@khach.test>');
    const solved = await send('PUT', `/v2/tickets/${human!.ticket_id}`, admin, {
      status: 'solved',
    });
    expect(solved.statusCode, solved.body).toBe(200);
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'cuong@khach.test',
        to: MAILBOX,
        subject: 'Trả lời tự động: Cần hỗ trợ',
        messageId: '<ooo-1@khach.test>',
        inReplyTo: '<human-1@khach.test>',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: 'Tôi đang nghỉ phép.',
      }),
    );
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'MAILER-DAEMON@mx.khach.test',
        to: MAILBOX,
        subject: 'Undelivered Mail Returned to Sender',
        messageId: '<bounce-1@mx.khach.test>',
        text: 'Delivery failed.',
      }),
    );
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: `CSKH <${MAILBOX}>`,
        to: MAILBOX,
        subject: 'Thư vòng lặp',
        messageId: '<loop-1@shop.test>',
        text: 'Của chính hộp thư.',
      }),
    );
    const outcomes = await poll();
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['written', 'written', 'loop']);
    expect(outcomes.slice(0, 2).every((o) => 'automatic' in o && o.automatic)).toBe(true);
    const [ooo] = await ticketOfMessage('<ooo-1@khach.test>');
    expect(ooo).toMatchObject({ ticket_id: human!.ticket_id, status: 'solved' });
    const [bounce] = await ticketOfMessage('<bounce-1@mx.khach.test>');
    expect(bounce!.ticket_id).not.toBe(human!.ticket_id);
    expect(await ticketOfMessage('<loop-1@shop.test>')).toEqual([]);

    // The engine starts a run for a person's new ticket, none for the bounce's.
    const created = async (ticketId: string) => {
      const { rows } = await t.database.pool.query<DeliveredEvent>(
        `select id, tenant_id as "tenantId", aggregate, aggregate_id as "aggregateId", type,
                payload, actor_id as "actorId", created_at as "createdAt"
           from domain_events where aggregate_id = $1 and type = 'ticket.created'`,
        [ticketId],
      );
      return rows[0]!;
    };
    const runs = async (ticketId: string) =>
      (await t.database.pool.query('select id from workflow_runs where ticket_id = $1', [ticketId]))
        .rowCount;
    const bounceEvent = await created(bounce!.ticket_id);
    expect(bounceEvent.payload).toMatchObject({ auto_submitted: true });
    await handleEvent(t.app.platform, await created(human!.ticket_id));
    await handleEvent(t.app.platform, bounceEvent);
    expect(await runs(human!.ticket_id)).toBeGreaterThan(0);
    expect(await runs(bounce!.ticket_id)).toBe(0);
  });

  it('a staff reply goes out by SMTP in the thread with its attachment and signature and is marked sent', async () => {
    const profile = (await send('GET', '/v2/my-profile', admin)).json().data;
    const signed = await send('PUT', '/v2/my-profile', admin, {
      name: profile.name,
      default_presence: profile.default_presence,
      email_signature: 'Trần Quản Trị\r\nCSKH <Shop> · 1900 1234\n',
    });
    expect(signed.json().data.email_signature).toBe('Trần Quản Trị\nCSKH <Shop> · 1900 1234');
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'dung@khach.test',
        to: MAILBOX,
        cc: 'ke-toan@khach.test',
        subject: 'Xin hóa đơn',
        messageId: '<out-1@khach.test>',
        text: 'Gửi giúp hóa đơn.',
      }),
    );
    await poll();
    const [ticket] = await ticketOfMessage('<out-1@khach.test>');
    const boundary = '----omnicare-email';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n<p>Hóa đơn đính kèm ạ.</p>\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="public"\r\n\r\ntrue\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="hoa-don-123.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/v2/tickets/${ticket!.ticket_id}/comments`,
      headers: {
        ...bearer(admin),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const comment = reply.json().data;
    expect(comment.delivery.state).toBe('queued');
    const state = async () =>
      (
        await t.database.pool.query<{
          delivery: string;
          provider_message_id: string | null;
          delivery_error: string | null;
        }>('select delivery, provider_message_id, delivery_error from messages where id = $1', [
          comment._id,
        ])
      ).rows[0]!;
    await vi.waitFor(async () => expect((await state()).delivery).toBe('sent'), wait);
    const mail = received.find((candidate) => candidate.text?.includes('Hóa đơn đính kèm'));
    expect(mail).toBeDefined();
    expect(mail!.inReplyTo).toBe('<out-1@khach.test>');
    expect(mail!.references).toContain('<out-1@khach.test>');
    expect(mail!.subject).toContain(formatTicketCode(ticket!.number));
    expect(mail!.from?.value[0]).toMatchObject({ address: MAILBOX, name: 'CSKH Shop' });
    expect(mail!.to && !Array.isArray(mail!.to) && mail!.to.value[0]?.address).toBe(
      'dung@khach.test',
    );
    expect(mail!.cc && !Array.isArray(mail!.cc) && mail!.cc.value[0]?.address).toBe(
      'ke-toan@khach.test',
    );
    expect(mail!.attachments.map((file) => file.filename)).toEqual(['hoa-don-123.pdf']);
    // The author's signature under the reply, set apart by the usual '-- ' line, escaped.
    expect(mail!.html).toContain('<p>CSKH &lt;Shop&gt; · 1900 1234</p>');
    expect(mail!.text?.trim()).toBe(
      'Hóa đơn đính kèm ạ.\n-- \nTrần Quản Trị\nCSKH <Shop> · 1900 1234',
    );
    expect((await state()).provider_message_id).toBe(mail!.messageId);
    const shown = await send('GET', `/v2/tickets/${ticket!.ticket_id}/comments`, admin);
    expect(
      shown.json().data.find((row: { _id: string }) => row._id === comment._id).delivery,
    ).toMatchObject({ state: 'sent', error: null });

    // The customer's answer to our mail threads by its In-Reply-To.
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'dung@khach.test',
        to: MAILBOX,
        subject: `Re: ${mail!.subject}`,
        messageId: '<out-2@khach.test>',
        inReplyTo: mail!.messageId,
        text: 'Đã nhận, cảm ơn.',
      }),
    );
    await poll();
    expect((await ticketOfMessage('<out-2@khach.test>'))[0]!.ticket_id).toBe(ticket!.ticket_id);
  });

  it('a refused send is failed with the SMTP reason; a busy server is tried again', async () => {
    const customer = async (email: string) =>
      (
        await send('POST', '/v2/customers', admin, {
          name: email,
          emails: [{ email, is_primary: true }],
        })
      ).json().data._id as string;
    const ticketFor = async (email: string) => {
      const created = await send('POST', '/v2/tickets', admin, {
        subject: `Gửi tới ${email}`,
        requester_id: await customer(email),
        source: 'email',
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data._id as string;
    };
    const replyOn = async (ticketId: string) => {
      const reply = await send('POST', `/v2/tickets/${ticketId}/comments`, admin, {
        body: '<p>Xin chào</p>',
        public: true,
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json().data._id as string;
    };
    const refused = await replyOn(await ticketFor('refuse@khach.test'));
    const busy = await replyOn(await ticketFor('busy@khach.test'));
    const row = async (id: string) =>
      (
        await t.database.pool.query<{
          delivery: string;
          delivery_error: string | null;
          delivery_error_code: string | null;
        }>('select delivery, delivery_error, delivery_error_code from messages where id = $1', [id])
      ).rows[0]!;
    await vi.waitFor(async () => expect((await row(refused)).delivery).toBe('failed'), wait);
    expect(await row(refused)).toMatchObject({
      delivery_error_code: '550',
      delivery_error: expect.stringContaining('Mailbox does not exist'),
    });
    await vi.waitFor(async () => expect((await row(busy)).delivery).toBe('sent'), wait);
    expect(busyOnce).toBe(false);
  });

  it('the connection test says in Vietnamese what failed: host, login, TLS', async () => {
    const test = async (overrides: Record<string, unknown>, secrets?: Record<string, string>) => {
      const body = mailbox(overrides);
      const created = await send('POST', '/v2/channels', admin, {
        ...body,
        name: `Thử ${Math.random()}`,
        secrets: { ...body.secrets, ...secrets },
      });
      expect(created.statusCode, created.body).toBe(201);
      const answer = await send('POST', `/v2/channels/${created.json().data._id}/test`, admin);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as {
        ok: boolean;
        message: string;
        checks: { name: string; ok: boolean; message: string }[];
      };
    };
    expect(await test({})).toMatchObject({ ok: true, checks: [{ ok: true }, { ok: true }] });
    const login = await test({}, { imap_password: 'sai', smtp_password: 'sai' });
    expect(login.ok).toBe(false);
    expect(login.checks.map((check) => check.message)).toEqual([
      T.login('IMAP', MAILBOX),
      T.login('SMTP', MAILBOX),
    ]);
    const tls = await test({ imap_tls: true, smtp_security: 'tls' });
    expect(tls.checks[0]!.message).toMatch(/^Lỗi TLS với máy chủ IMAP 127\.0\.0\.1:/);
    expect(tls.checks[1]!.message).toMatch(/^Lỗi TLS với máy chủ SMTP 127\.0\.0\.1:/);
    // A closed port: nothing listens there.
    const host = await test({ imap_port: 1, smtp_port: 1 });
    expect(host.checks[0]!.message).toMatch(/^Không kết nối được máy chủ IMAP 127\.0\.0\.1:1/);
    expect(host.checks[1]!.message).toMatch(/^Không kết nối được máy chủ SMTP 127\.0\.0\.1:1/);
  });

  it("another tenant's administrator can neither see nor test the mailbox", async () => {
    const other = await seedTenant(t, 'Khác');
    const otherAdmin = await t.login(other.email('admin'));
    expect((await send('GET', `/v2/channels/${channelId}`, otherAdmin)).statusCode).toBe(404);
    expect((await send('POST', `/v2/channels/${channelId}/test`, otherAdmin)).statusCode).toBe(404);
    const listed = await send('GET', '/v2/channels?kind=email', otherAdmin);
    expect(listed.json().data).toEqual([]);
    const agent = await t.login(tenant.email('agent'));
    // The project answers a missing permission with 401.
    expect((await send('POST', `/v2/channels/${channelId}/test`, agent)).statusCode).toBe(401);
    expect(
      (await send('POST', `/v2/channels/${channelId}/email/fetch`, otherAdmin)).statusCode,
    ).toBe(404);
    expect((await send('POST', `/v2/channels/${channelId}/email/fetch`, agent)).statusCode).toBe(
      401,
    );
  });

  it('fetches the mailbox on demand: new mail becomes tickets at once, and says how many', async () => {
    await dovecot.deliver(
      MAILBOX,
      rawMail({
        from: 'Trần Bình <binh.fetch@khach.vn>',
        to: MAILBOX,
        subject: 'Cần xuất hóa đơn đỏ',
        text: 'Nhờ bên mình xuất hóa đơn cho đơn 8812.',
        messageId: '<fetch-1@khach.vn>',
      }),
    );
    const fetched = await send('POST', `/v2/channels/${channelId}/email/fetch`, admin);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json()).toMatchObject({
      message: 'Đã nhận 1 thư mới',
      data: { received: 1, status: 'active', status_reason: null },
    });
    expect(await ticketOfMessage('<fetch-1@khach.vn>')).toHaveLength(1);
    const again = await send('POST', `/v2/channels/${channelId}/email/fetch`, admin);
    expect(again.json()).toMatchObject({ message: 'Không có thư mới', data: { received: 0 } });
    // Another kind of channel has no mailbox to fetch.
    const sms = await send('POST', '/v2/channels', admin, {
      kind: 'sms',
      name: 'SMS không có hộp thư',
      settings: { brandname: 'SHOP' },
      secrets: { api_key: 'k', secret_key: 's' },
    });
    const refused = await send('POST', `/v2/channels/${sms.json().data._id}/email/fetch`, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Kênh không phải hộp thư email');
  });

  it('a pause made while a poll is failing stays a pause (the failure does not undo it)', async () => {
    // An IMAP server that greets nobody and hangs up after a moment: the poll fails late.
    const hanging = createServer((socket) => setTimeout(() => socket.destroy(), 800));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const port = (hanging.address() as AddressInfo).port;
      const made = await send('POST', '/v2/channels', admin, {
        ...mailbox({ imap_port: port, from_address: 'slow@shop.test' }),
        name: 'Hộp thư chậm',
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().data._id as string;
      const polling = pollMailbox(t.app.platform, id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const paused = await send('PUT', `/v2/channels/${id}`, admin, {
        ...mailbox({ imap_port: port, from_address: 'slow@shop.test' }),
        name: 'Hộp thư chậm',
        status: 'disabled',
        secrets: {},
      });
      expect(paused.statusCode, paused.body).toBe(200);
      await polling;
      const after = await send('GET', `/v2/channels/${id}`, admin);
      expect(after.json().data.status).toBe('disabled');
    } finally {
      hanging.close();
    }
  });
});
