import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES as M } from '@omnicare/shared/channels/whatsapp.schemas';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  postReplyWithFiles,
  SAMPLE_PDF,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { fakeWhatsApp, type WhatsAppFake } from '../whatsapp-fake.js';
import { TINY_PNG } from '../zalo-fake.js';
import { hubSignature, signatureValid } from './whatsapp-api.js';

let t: TestApp;
let wa: WhatsAppFake;
const waitJobs = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 };

beforeAll(async () => {
  wa = await fakeWhatsApp();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await wa.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const query = async <Row>(sql: string, values: unknown[] = []) =>
  (await t.database.pool.query(sql, values)).rows as Row[];

const channelBody = (name: string) => ({
  kind: 'whatsapp',
  name,
  settings: {
    phone_number_id: wa.account.phoneNumberId,
    business_account_id: wa.account.businessAccountId,
    display_phone_number: wa.account.displayPhoneNumber,
    graph_base_url: wa.url,
    api_version: 'v21.0',
  },
  secrets: {
    access_token: wa.account.accessToken,
    app_secret: wa.account.appSecret,
    verify_token: wa.account.verifyToken,
  },
});

async function connectedTenant(label: string) {
  const tenant = await seedTenant(t, label);
  const admin = await t.login(tenant.email('admin'));
  const created = await staff(admin, 'POST', '/v2/channels', channelBody(`WhatsApp ${label}`));
  expect(created.statusCode, created.body).toBe(201);
  return { tenant, admin, channelId: created.json().data._id as string };
}

const post = (channelId: string, signed: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/webhooks/whatsapp/${channelId}`,
    headers: signed.headers,
    payload: signed.payload,
  });

interface MessageRow {
  id: string;
  ticket_id: string;
  kind: string;
  body: string;
  content: Record<string, unknown> | null;
  author_customer_id: string;
  delivery: string | null;
  delivery_error: string | null;
  delivery_error_code: string | null;
  provider_message_id: string | null;
}
const messageOf = async (providerId: string) =>
  (
    await query<MessageRow>('select * from messages where provider_message_id = $1', [providerId])
  )[0];
const byId = async (id: string) =>
  (await query<MessageRow>('select * from messages where id = $1', [id]))[0];

/** Posts a customer's message and waits until it is written. */
async function receive(channelId: string, signed: ReturnType<WhatsAppFake['message']>) {
  const answer = await post(channelId, signed);
  expect(answer.statusCode, answer.body).toBe(200);
  await expect.poll(() => messageOf(signed.id), waitJobs).toBeDefined();
  return (await messageOf(signed.id))!;
}
const text = (body: string) => ({ type: 'text', text: { body } });

describe('WhatsApp signature (X-Hub-Signature-256)', () => {
  it('is sha256= HMAC-SHA256 of the raw body with the app secret', () => {
    const body = '{"object":"whatsapp_business_account"}';
    const header = hubSignature(body, 'secret');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureValid(header, body, 'secret')).toBe(true);
    expect(signatureValid(header, body, 'other')).toBe(false);
    expect(signatureValid(header, body.replace('whatsapp', 'whatsApp'), 'secret')).toBe(false);
    expect(signatureValid(undefined, body, 'secret')).toBe(false);
  });
});

describe('WhatsApp webhook', () => {
  it('answers the verification handshake with hub.challenge, and refuses a wrong verify token (403)', async () => {
    const { channelId } = await connectedTenant('WA bắt tay');
    const url = (token: string, mode = 'subscribe') =>
      `/v2/webhooks/whatsapp/${channelId}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const accepted = await t.app.inject({ method: 'GET', url: url(wa.account.verifyToken) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['content-type']).toMatch(/^text\/plain/);
    expect(accepted.body).toBe('1158201444');
    expect((await t.app.inject({ method: 'GET', url: url('wrong') })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: url(wa.account.verifyToken, 'unsubscribe') }))
        .statusCode,
    ).toBe(403);
    // No such channel: refused the same way (nothing to say which part was wrong).
    const unknown = url(wa.account.verifyToken).replace(
      channelId,
      '00000000-0000-0000-0000-000000000000',
    );
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(403);
  });

  it('refuses a bad signature (401, nothing stored) and accepts the app secret’s', async () => {
    const { channelId } = await connectedTenant('WA chữ ký');
    const forged = wa.message('84901230001', 'Giả', text('Giả mạo'), { secret: 'not-the-secret' });
    const refused = await post(channelId, forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(M.badSignature);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/v2/webhooks/whatsapp/${channelId}`,
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(401);
    const stored = await query('select 1 from channel_events where channel_id = $1', [channelId]);
    expect(stored).toEqual([]);
    const signed = wa.message('84901230001', 'Thật', text('Xin chào'));
    expect((await post(channelId, signed)).statusCode).toBe(200);
  });

  it("makes a customer's text a conversation (the customer by their phone, named from WhatsApp), continues it, ignores a redelivery", async () => {
    const { admin, channelId } = await connectedTenant('WA hội thoại');
    const first = await receive(
      channelId,
      wa.message('84901234567', 'Nguyễn Lan', {
        ...text('Áo này còn màu khác không?'),
        referral: {
          source_url: 'https://fb.me/ad',
          source_id: 'ad-1',
          source_type: 'ad',
          headline: 'Giảm 20%',
          ctwa_clid:
            'ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-GABDLOPaOdRMv-_zfUQ2a',
        },
      }),
    );
    expect(first).toMatchObject({ kind: 'text', body: 'Áo này còn màu khác không?' });
    expect(first.content).toMatchObject({
      referral: { ctwa_clid: expect.stringMatching(/^ARAk/) },
    });
    expect(
      await query('select ad_id, referral from conversations where ticket_id = $1', [
        first.ticket_id,
      ]),
    ).toEqual([
      {
        ad_id: 'ad-1',
        referral: {
          kind: 'ad',
          ad_id: 'ad-1',
          title: 'Giảm 20%',
          url: 'https://fb.me/ad',
          ref: null,
        },
      },
    ]);
    const [ticket] = await query<{ source: string; requester_id: string }>(
      'select source, requester_id from tickets where id = $1',
      [first.ticket_id],
    );
    expect(ticket).toMatchObject({ source: 'whatsapp', requester_id: first.author_customer_id });
    const [customer] = await query<{ name: string; phone: string }>(
      'select name, primary_phone as phone from customers where id = $1',
      [first.author_customer_id],
    );
    expect(customer!.name).toBe('Nguyễn Lan');
    expect(customer!.phone).toBe('+84901234567');
    const identities = await query<{ external_id: string; channel_kind: string }>(
      'select external_id, channel_kind from customer_identities where channel_id = $1',
      [channelId],
    );
    expect(identities).toEqual([{ external_id: '84901234567', channel_kind: 'whatsapp' }]);

    const followUp = wa.message('84901234567', 'Nguyễn Lan', text('Size M nhé'));
    const second = await receive(channelId, followUp);
    expect(second.ticket_id).toBe(first.ticket_id);
    expect(second.author_customer_id).toBe(first.author_customer_id);
    // Meta delivers the same body again: acknowledged, written once.
    expect((await post(channelId, followUp)).statusCode).toBe(200);
    expect(
      await query('select id from messages where provider_message_id = $1', [followUp.id]),
    ).toHaveLength(1);
    // It is in the chat workspace's list.
    await expect
      .poll(async () => {
        const list = await staff(admin, 'GET', '/v2/conversations?box=all');
        return (list.json().data as { _id?: string; ticket_id?: string }[]).some(
          (row) => (row._id ?? row.ticket_id) === first.ticket_id,
        );
      }, waitJobs)
      .toBe(true);
  });

  it('matches a known customer by the phone the wa_id is', async () => {
    const { admin, channelId } = await connectedTenant('WA số điện thoại');
    const known = await staff(admin, 'POST', '/v2/customers', {
      name: 'Trần Minh',
      phones: [{ phone: '0912345678', is_primary: true }],
    });
    expect(known.statusCode, known.body).toBe(201);
    const written = await receive(
      channelId,
      wa.message('84912345678', 'Minh WA', text('Tôi là khách cũ')),
    );
    expect(written.author_customer_id).toBe(known.json().data._id);
  });

  it('keeps an image as an attachment fetched through the media URL, and a location', async () => {
    const { channelId } = await connectedTenant('WA ảnh');
    const image = await receive(
      channelId,
      wa.message('84907770001', 'Khách Ảnh', {
        type: 'image',
        image: { caption: 'Ảnh lỗi', mime_type: 'image/png', sha256: 'x', id: 'media-123' },
      }),
    );
    expect(image).toMatchObject({ kind: 'image', body: 'Ảnh lỗi' });
    expect(image.content).toMatchObject({ media_id: 'media-123' });
    expect(wa.mediaRequests).toContain('media-123');
    const files = await query<{ content_type: string }>(
      'select content_type from ticket_attachments where ticket_id = $1',
      [image.ticket_id],
    );
    expect(files).toEqual([{ content_type: 'image/png' }]);
    const location = await receive(
      channelId,
      wa.message('84907770001', 'Khách Ảnh', {
        type: 'location',
        location: { latitude: 10.77, longitude: 106.7, name: 'Cửa hàng Quận 1' },
      }),
    );
    expect(location).toMatchObject({ kind: 'location', ticket_id: image.ticket_id });
    expect(location.content).toMatchObject({ latitude: 10.77, longitude: 106.7 });
  });

  it("keeps a channel's conversations in its own tenant (another tenant sees neither them nor the channel)", async () => {
    const ours = await connectedTenant('WA riêng A');
    const theirs = await connectedTenant('WA riêng B');
    const signed = wa.message('84908880001', 'Khách A', text('Cho tenant A'));
    const written = await receive(ours.channelId, signed);
    const [ticket] = await query<{ tenant_id: string }>(
      'select tenant_id from tickets where id = $1',
      [written.ticket_id],
    );
    expect(ticket!.tenant_id).toBe(ours.tenant.tenantId);
    // The other tenant's channel cannot see it.
    const list = await staff(theirs.admin, 'GET', '/v2/conversations?box=all');
    expect(
      (list.json().data as { _id?: string; ticket_id?: string }[]).some(
        (row) => (row._id ?? row.ticket_id) === written.ticket_id,
      ),
    ).toBe(false);
    const elsewhere = await staff(theirs.admin, 'GET', `/v2/channels/${ours.channelId}`);
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('WhatsApp replies', () => {
  async function conversation(label: string, waId: string) {
    const context = await connectedTenant(label);
    const first = await receive(
      context.channelId,
      wa.message(waId, `Khách ${label}`, text('Chào shop')),
    );
    const reply = (body: string) =>
      staff(context.admin, 'POST', `/v2/tickets/${first.ticket_id}/comments`, {
        body,
        public: true,
        format: 'text',
      });
    return { ...context, ticketId: first.ticket_id, reply, waId };
  }

  it('sends the documented request (Bearer token, messaging_product, to, type text) and marks it sent, then delivered and read by statuses', async () => {
    const { reply, channelId, waId } = await conversation('WA gửi', '84909990001');
    const written = await reply('Dạ shop chào anh/chị');
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().data.delivery).toMatchObject({ state: 'queued' });
    const id = written.json().data._id as string;
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('sent');
    const sent = wa.sent.find((one) => one.body.text?.body === 'Dạ shop chào anh/chị');
    expect(sent).toMatchObject({
      authorization: `Bearer ${wa.account.accessToken}`,
      path: `/v21.0/${wa.account.phoneNumberId}/messages`,
      body: { messaging_product: 'whatsapp', to: waId, type: 'text' },
    });
    const wamid = (await byId(id))!.provider_message_id!;
    expect(wamid).toMatch(/^wamid\./);
    expect((await post(channelId, wa.status(wamid, waId, 'delivered'))).statusCode).toBe(200);
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('delivered');
    expect((await post(channelId, wa.status(wamid, waId, 'read'))).statusCode).toBe(200);
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('seen');
    // A late 'sent' status never moves it back.
    const late = wa.status(wamid, waId, 'sent');
    expect((await post(channelId, late)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await query<{ processed_at: Date | null }>(
              `select processed_at from channel_events where event_key = $1`,
              [`status:${wamid}:sent`],
            )
          )[0]?.processed_at,
        waitJobs,
      )
      .toBeTruthy();
    expect((await byId(id))!.delivery).toBe('seen');
  });

  it("uploads a reply's files to WhatsApp and sends each by its media id, the text as the first one's caption", async () => {
    const { admin, ticketId, waId } = await conversation('WA tệp', '84909990009');
    const written = await postReplyWithFiles(t, admin, ticketId, 'Ảnh và báo giá ạ', [
      { name: 'anh-san-pham.png', type: 'image/png', content: TINY_PNG },
      { name: 'bao-gia.pdf', type: 'application/pdf', content: SAMPLE_PDF },
    ]);
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data._id as string;
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('sent');

    // Each file reached Meta byte for byte, with the form's documented fields.
    const image = wa.uploads.find((upload) => upload.fileName === 'anh-san-pham.png');
    const document = wa.uploads.find((upload) => upload.fileName === 'bao-gia.pdf');
    expect(image).toMatchObject({ messagingProduct: 'whatsapp', type: 'image/png' });
    expect(image!.content.equals(TINY_PNG)).toBe(true);
    expect(document).toMatchObject({ messagingProduct: 'whatsapp', type: 'application/pdf' });
    expect(document!.content.equals(SAMPLE_PDF)).toBe(true);
    // The text rides as the image's caption; the PDF goes as a document with its name.
    const mine = wa.sent.filter((one) => one.body.to === waId).map((one) => one.body);
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'image',
        image: { id: image!.id, caption: 'Ảnh và báo giá ạ' },
      }),
      expect.objectContaining({
        type: 'document',
        document: { id: document!.id, filename: 'bao-gia.pdf' },
      }),
    ]);
    expect((await byId(id))!.provider_message_id).toMatch(/^wamid\./);
  });

  it('records a failure after a part went out, without sending the part again', async () => {
    const { admin, ticketId, waId } = await conversation('WA một phần', '84909990010');
    // Too long for a caption: the text goes first; then the upload fails (a transient error).
    wa.failNextUpload({
      status: 500,
      json: { error: { code: 1, message: 'Service unavailable' } },
    });
    const written = await postReplyWithFiles(t, admin, ticketId, 'x'.repeat(1100), [
      { name: 'anh.png', type: 'image/png', content: TINY_PNG },
    ]);
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data._id as string;
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('failed');
    expect(await byId(id)).toMatchObject({ delivery_error_code: '1' });
    // A transient error, yet not tried again: the text would reach the customer twice.
    expect(wa.sent.filter((one) => one.body.to === waId).map((one) => one.body.type)).toEqual([
      'text',
    ]);
  });

  it('records a failed status with its errors[].code and title', async () => {
    const { reply, channelId, waId } = await conversation('WA thất bại', '84909990002');
    const id = (await reply('Tin sẽ lỗi')).json().data._id as string;
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('sent');
    const wamid = (await byId(id))!.provider_message_id!;
    const failed = wa.status(wamid, waId, 'failed', [
      { code: 131026, title: 'Message undeliverable' },
    ]);
    expect((await post(channelId, failed)).statusCode).toBe(200);
    await expect.poll(async () => (await byId(id))?.delivery, waitJobs).toBe('failed');
    expect(await byId(id)).toMatchObject({
      delivery_error_code: '131026',
      delivery_error: 'Message undeliverable',
    });
  });

  it('stores a Graph error on the message (code, message), tries a transient one again, and a revoked token puts the channel in error', async () => {
    const { reply, admin, channelId } = await conversation('WA lỗi Graph', '84909990003');
    wa.failNextSend(
      wa.graphError(400, 100, '(#100) Invalid parameter', 'Parameter value is not valid'),
    );
    const refused = (await reply('Tin bị từ chối')).json().data._id as string;
    await expect.poll(async () => (await byId(refused))?.delivery, waitJobs).toBe('failed');
    expect(await byId(refused)).toMatchObject({
      delivery_error_code: '100',
      delivery_error: '(#100) Invalid parameter: Parameter value is not valid',
    });
    wa.failNextSend(wa.graphError(503, 131000, 'Something went wrong', 'busy'));
    const retried = (await reply('Tin thử lại')).json().data._id as string;
    await expect.poll(async () => (await byId(retried))?.delivery, waitJobs).toBe('sent');
    wa.failNextSend(wa.graphError(401, 190, 'Error validating access token', 'expired'));
    const revoked = (await reply('Token hết hạn')).json().data._id as string;
    await expect.poll(async () => (await byId(revoked))?.delivery, waitJobs).toBe('failed');
    expect((await byId(revoked))!.delivery_error_code).toBe('190');
    const channel = (await staff(admin, 'GET', `/v2/channels/${channelId}`)).json().data;
    expect(channel).toMatchObject({ status: 'error' });
    expect(channel.secrets).toEqual({ access_token: true, app_secret: true, verify_token: true });
  });

  it('refuses a free-text reply outside the 24-hour window in Vietnamese (nothing sent)', async () => {
    const { ticketId, reply } = await conversation('WA cửa sổ', '84909990004');
    await t.database.pool.query(
      `update messages set created_at = now() - interval '25 hours' where ticket_id = $1 and direction = 'in'`,
      [ticketId],
    );
    const refused = await reply('Quá 24 giờ');
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: M.outsideWindow,
      errors: [{ param: 'body', message: M.outsideWindow }],
    });
    expect(wa.sent.some((one) => one.body.text?.body === 'Quá 24 giờ')).toBe(false);
  });

  it('sends an approved template outside the window (its placeholders, in order, as body parameters); refuses one of another kind or elsewhere', async () => {
    const { ticketId, admin } = await conversation('WA mẫu', '84909990005');
    await t.database.pool.query(
      `update messages set created_at = now() - interval '25 hours' where ticket_id = $1 and direction = 'in'`,
      [ticketId],
    );
    const unlinked = await staff(admin, 'POST', '/v2/core/template', {
      kind: 'whatsapp',
      name: 'Chưa gắn mẫu Meta',
      content: 'Chào {{customer.name}}',
    });
    expect(unlinked.statusCode, unlinked.body).toBe(201);
    const notLinked = await staff(
      admin,
      'POST',
      `/v2/conversations/${ticketId}/whatsapp-template`,
      {
        template_id: unlinked.json().data._id,
      },
    );
    expect(notLinked.statusCode).toBe(422);
    expect(notLinked.json().message).toBe(
      'Mẫu này chưa gắn với tên mẫu WhatsApp đã được Meta duyệt',
    );
    const badName = await staff(admin, 'POST', '/v2/core/template', {
      kind: 'whatsapp',
      name: 'Tên sai',
      content: 'Chào',
      wa_template_name: 'Order Ready',
    });
    expect(badName.json().errors).toEqual([
      {
        param: 'wa_template_name',
        message: 'Tên mẫu WhatsApp chỉ gồm chữ thường không dấu, số và "_" (tối đa 512)',
      },
    ]);
    const created = await staff(admin, 'POST', '/v2/core/template', {
      kind: 'whatsapp',
      name: 'Nhắc đơn hàng',
      content: 'Chào {{customer.name}}, đơn {{ticket.code}} của bạn đã sẵn sàng.',
      wa_template_name: 'order_ready',
      wa_language: 'vi',
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json().data._id as string;
    expect(created.json().data).toMatchObject({
      wa_template_name: 'order_ready',
      wa_language: 'vi',
    });

    const sentTemplate = await staff(
      admin,
      'POST',
      `/v2/conversations/${ticketId}/whatsapp-template`,
      {
        template_id: templateId,
      },
    );
    expect(sentTemplate.statusCode, sentTemplate.body).toBe(201);
    const message = sentTemplate.json().data;
    expect(message).toMatchObject({
      kind: 'template',
      public: true,
      delivery: { state: 'queued' },
    });
    expect(message.body).toMatch(/^Chào Khách WA mẫu, đơn #\d{6} của bạn đã sẵn sàng\.$/);
    await expect.poll(async () => (await byId(message._id))?.delivery, waitJobs).toBe('sent');
    const request = wa.sent.find(
      (one) => one.body.type === 'template' && one.body.to === '84909990005',
    );
    expect(request?.body.template).toEqual({
      name: 'order_ready',
      language: { policy: 'deterministic', code: 'vi' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Khách WA mẫu' },
            { type: 'text', text: expect.stringMatching(/^#\d{6}$/) },
          ],
        },
      ],
    });

    // A chat template is no WhatsApp template; a ticket of another channel takes none.
    const chat = await staff(admin, 'POST', '/v2/core/template', {
      kind: 'chat',
      name: 'Chào',
      content: 'Chào bạn',
    });
    const wrongKind = await staff(
      admin,
      'POST',
      `/v2/conversations/${ticketId}/whatsapp-template`,
      {
        template_id: chat.json().data._id,
      },
    );
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().message).toBe('Không tìm thấy mẫu WhatsApp đã duyệt');
    const plain = await staff(admin, 'POST', '/v2/tickets', { subject: 'Ticket thường' });
    const elsewhere = await staff(
      admin,
      'POST',
      `/v2/conversations/${plain.json().data._id}/whatsapp-template`,
      {
        template_id: templateId,
      },
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toBe('Mẫu WhatsApp chỉ gửi được trong hội thoại WhatsApp');
  });
});
