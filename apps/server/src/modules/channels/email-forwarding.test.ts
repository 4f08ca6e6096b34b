import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { forwardingAddress } from '@omnicare/shared/channels/email-settings';
import { bearer, createTestApp, seedTenant, type TestApp } from '../../test/helpers.js';
import { FORWARDED_MAIL_MAX_BYTES, startForwardingListener } from './email-forwarding.js';

const DOMAIN = 'in.omnicare.test';

const MAILBOX = {
  kind: 'email',
  name: 'Hộp thư chuyển tiếp',
  settings: {
    // Never read in this test: mail comes by forwarding.
    imap_host: '127.0.0.1',
    imap_port: 1,
    imap_tls: false,
    imap_user: 'support@shop.test',
    imap_idle: false,
    poll_minutes: 60,
    smtp_host: '127.0.0.1',
    smtp_port: 1,
    smtp_security: 'none',
    from_address: 'support@shop.test',
  },
  secrets: { imap_password: 'x-secret-1', smtp_password: 'x-secret-2' },
};

let t: TestApp;
let listener: Awaited<ReturnType<typeof startForwardingListener>>;
let tenant: Awaited<ReturnType<typeof seedTenant>>;
let admin: string;
let channelId = '';

const send = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A mail server forwarding to ours, as Gmail's or Microsoft's does: plain SMTP, no login. */
function forward(mail: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: listener.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail(mail).finally(() => transport.close());
}

async function ticketsOf(messageId: string) {
  const { rows } = await t.database.pool.query<{
    ticket_id: string;
    source: string;
    subject: string;
    email: string;
    channel_id: string;
  }>(
    `select m.ticket_id, t.source, t.subject, ce.email, m.channel_id
       from messages m join tickets t on t.id = m.ticket_id
       join customer_emails ce on ce.customer_id = t.requester_id
      where m.tenant_id = $1 and m.provider_message_id = $2`,
    [tenant.tenantId, messageId],
  );
  return rows;
}

describe('email forwarded to the built-in SMTP listener', () => {
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await seedTenant(t, 'Chuyển tiếp');
    admin = await t.login(tenant.email('admin'));
    const created = await send('POST', '/v2/channels', admin, MAILBOX);
    expect(created.statusCode, created.body).toBe(201);
    channelId = created.json().data._id;
    listener = await startForwardingListener(t.app.platform, {
      port: 0,
      host: '127.0.0.1',
      domain: DOMAIN,
    });
  }, 60_000);

  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  it('a forwarded mail becomes an email ticket of its sender; the answer to ours joins it', async () => {
    const to = forwardingAddress(channelId, DOMAIN);
    const sent = await forward({
      from: 'Bình Trần <binh@khach.test>',
      to: 'support@shop.test',
      envelope: { from: 'support@shop.test', to },
      subject: 'Cần đổi hàng',
      messageId: '<fw-1@khach.test>',
      text: 'Tôi muốn đổi size áo.',
    });
    expect(sent.response).toMatch(/^250/);
    const [first] = await ticketsOf('<fw-1@khach.test>');
    // Written before the 250: nothing to wait for.
    expect(first).toMatchObject({
      source: 'email',
      subject: 'Cần đổi hàng',
      email: 'binh@khach.test',
      channel_id: channelId,
    });
    await forward({
      from: 'binh@khach.test',
      to: 'support@shop.test',
      envelope: { from: 'support@shop.test', to: to.toUpperCase() },
      subject: 'Re: Cần đổi hàng',
      messageId: '<fw-2@khach.test>',
      inReplyTo: '<fw-1@khach.test>',
      text: 'Size L nhé.',
    });
    const [second] = await ticketsOf('<fw-2@khach.test>');
    expect(second?.ticket_id).toBe(first?.ticket_id);
  });

  it('refuses addresses that are no mailbox of ours (550) and holds mail of a paused one (450)', async () => {
    const refused = (to: string) =>
      forward({ from: 'a@khach.test', to, subject: 'x', text: 'x' }).then(
        () => undefined,
        (error: { responseCode?: number }) => error.responseCode,
      );
    expect(await refused(`support@${DOMAIN}`)).toBe(550);
    expect(await refused(forwardingAddress(crypto.randomUUID(), DOMAIN))).toBe(550);
    expect(await refused(forwardingAddress(channelId, 'other.test'))).toBe(550);
    const paused = await send('PUT', `/v2/channels/${channelId}`, admin, {
      ...MAILBOX,
      status: 'disabled',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    try {
      expect(await refused(forwardingAddress(channelId, DOMAIN))).toBe(450);
    } finally {
      await send('PUT', `/v2/channels/${channelId}`, admin, MAILBOX);
    }
  });

  it('refuses a mail over the size limit (552) and writes nothing of it', async () => {
    const error = await forward({
      from: 'c@khach.test',
      to: forwardingAddress(channelId, DOMAIN),
      subject: 'Quá lớn',
      messageId: '<fw-big@khach.test>',
      text: 'x',
      attachments: [{ filename: 'lon.bin', content: Buffer.alloc(FORWARDED_MAIL_MAX_BYTES) }],
    }).then(
      () => undefined,
      (failure: { responseCode?: number }) => failure.responseCode,
    );
    expect(error).toBe(552);
    expect(await ticketsOf('<fw-big@khach.test>')).toEqual([]);
  });

  it('defers mail past the rate of one sending server (450 4.7.1) and writes nothing of it', async () => {
    const strict = await startForwardingListener(t.app.platform, {
      port: 0,
      host: '127.0.0.1',
      domain: DOMAIN,
      ratePerMinute: 2,
    });
    // The window counts this address's mails of the tests before.
    await t.app.platform.throttle.clear('smtp-forwarding:127.0.0.1');
    const mail = (n: number) => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: strict.port,
        secure: false,
        ignoreTLS: true,
      });
      return transport
        .sendMail({
          from: 'd@khach.test',
          to: forwardingAddress(channelId, DOMAIN),
          subject: `Nhiều thư ${n}`,
          messageId: `<fw-rate-${n}@khach.test>`,
          text: 'x',
        })
        .then(
          (sent) => sent.response.slice(0, 3),
          (error: { responseCode?: number; response?: string }) =>
            `${error.responseCode} ${error.response?.includes('4.7.1') ? '4.7.1' : ''}`,
        )
        .finally(() => transport.close());
    };
    try {
      expect([await mail(1), await mail(2), await mail(3)]).toEqual(['250', '250', '450 4.7.1']);
      expect(await ticketsOf('<fw-rate-2@khach.test>')).toHaveLength(1);
      expect(await ticketsOf('<fw-rate-3@khach.test>')).toEqual([]);
    } finally {
      await strict.close();
      await t.app.platform.throttle.clear('smtp-forwarding:127.0.0.1');
    }
  });

  it('says the forwarding domain when the server listens, and null when it does not', async () => {
    expect((await send('GET', '/v2/channels/email-forwarding', admin)).json().data).toEqual({
      domain: null,
    });
    const listening = await createTestApp({
      inboundSmtp: {
        port: 0,
        host: '127.0.0.1',
        domain: DOMAIN,
        tlsKey: undefined,
        tlsCert: undefined,
        ratePerMinute: 60,
      },
    });
    try {
      const token = await listening.login(tenant.email('admin'));
      const answer = await listening.app.inject({
        method: 'GET',
        url: '/v2/channels/email-forwarding',
        headers: bearer(token),
      });
      expect(answer.json().data).toEqual({ domain: DOMAIN });
      const agent = await listening.login(tenant.email('agent'));
      const refused = await listening.app.inject({
        method: 'GET',
        url: '/v2/channels/email-forwarding',
        headers: bearer(agent),
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await listening.close();
    }
  });
});
