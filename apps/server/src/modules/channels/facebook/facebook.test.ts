import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES } from '@omnicare/shared/channels/channels.schemas';
import { FACEBOOK_MESSAGES as M } from '@omnicare/shared/channels/facebook.schemas';
import {
  bearer,
  createTestApp,
  OUTBOX_DELIVERY_WAIT_MS,
  postReplyWithFiles,
  SAMPLE_PDF,
  seedTenant,
  type TestApp,
} from '../../../test/helpers.js';
import { FACEBOOK_FAKE_OTHER_PAGE, fakeFacebook, type FacebookFake } from '../facebook-fake.js';
import { TINY_PNG } from '../zalo-fake.js';
import { hubSignature } from './facebook-api.js';

let t: TestApp;
let fb: FacebookFake;
const waitJobs = { timeout: OUTBOX_DELIVERY_WAIT_MS, interval: 100 };
const VERIFY_TOKEN = 'verify-token-test';

beforeAll(async () => {
  fb = await fakeFacebook();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await fb.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const query = async <Row>(sql: string, values: unknown[] = []) =>
  (await t.database.pool.query(sql, values)).rows as Row[];

const channelBody = (name: string) => ({
  kind: 'facebook',
  name,
  settings: { page_id: fb.page.pageId, page_name: fb.page.pageName, graph_base_url: fb.url },
  secrets: {
    page_access_token: fb.page.pageToken,
    app_secret: fb.page.appSecret,
    verify_token: VERIFY_TOKEN,
  },
});

/** A tenant with a Messenger channel (its admin's token, the channel's id). */
async function connectedTenant(label: string) {
  const tenant = await seedTenant(t, label);
  const admin = await t.login(tenant.email('admin'));
  const created = await staff(admin, 'POST', '/v2/channels', channelBody(`Facebook ${label}`));
  expect(created.statusCode, created.body).toBe(201);
  return { tenant, admin, channelId: created.json().data._id as string };
}

const post = (channelId: string, signed: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/webhooks/facebook/${channelId}`,
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
}
const messageOf = async (providerId: string) =>
  (
    await query<MessageRow>('select * from messages where provider_message_id = $1', [providerId])
  )[0];

/** Posts one messaging item and waits until its message is written. */
async function receive(channelId: string, item: ReturnType<FacebookFake['message']>) {
  const answer = await post(channelId, fb.webhook([item]));
  expect(answer.statusCode, answer.body).toBe(200);
  const mid = (item.message as { mid: string }).mid;
  await expect.poll(() => messageOf(mid), waitJobs).toBeDefined();
  return (await messageOf(mid))!;
}

describe('Messenger signature (shared channels notes 4.1)', () => {
  it('matches the worked example: sha256= HMAC-SHA256 of the raw body with the app secret', () => {
    const body =
      '{"object":"page","entry":[{"id":"PAGE_ID","time":1458692752478,"messaging":[{"sender":{"id":"PSID"},"recipient":{"id":"PAGE_ID"},"timestamp":1458692752478,"message":{"mid":"mid.1457764197618:41d102a3e1ae206a38","text":"hello, world!"}}]}]}';
    expect(hubSignature(body, 'APP_SECRET_TEST')).toBe(
      'sha256=18feaf50104721de890000191dc57a53728b4670c2063c11c3948fa3983c5550',
    );
  });
});

describe('Messenger webhook', () => {
  it('answers the verification handshake with the challenge only for the channel verify token', async () => {
    const { channelId } = await connectedTenant('FB xác minh');
    const url = (mode: string, token: string) =>
      `/v2/webhooks/facebook/${channelId}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`;
    const accepted = await t.app.inject({ method: 'GET', url: url('subscribe', VERIFY_TOKEN) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toBe('1158201444');
    expect(accepted.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await t.app.inject({ method: 'GET', url: url('subscribe', 'guess') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    expect(
      (await t.app.inject({ method: 'GET', url: url('unsubscribe', VERIFY_TOKEN) })).statusCode,
    ).toBe(403);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/v2/webhooks/facebook/00000000-0000-4000-8000-000000000000?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses a bad, missing or stale signature (401, nothing stored); an unknown channel is 404', async () => {
    const { channelId } = await connectedTenant('FB chữ ký');
    const item = fb.message('psid-bad', { text: 'Xin chào' });
    const wrong = await post(channelId, fb.webhook([item], 'another-secret'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(M.badSignature);
    const signed = fb.webhook([item]);
    const tampered = await post(channelId, {
      ...signed,
      payload: signed.payload.replace('Xin chào', 'Xin chao'),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await post(channelId, {
      ...signed,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      await query('select 1 from channel_events where channel_id = $1', [channelId]),
    ).toHaveLength(0);
    expect((await post('00000000-0000-4000-8000-000000000000', signed)).statusCode).toBe(404);
  });

  it("makes a person's message a conversation (named from the Graph API, the ad referral kept), continues it and ignores a redelivery", async () => {
    const { tenant, channelId } = await connectedTenant('FB hội thoại');
    fb.person('psid-lan', 'Nguyễn Thị Lan');
    const referral = {
      ref: 'summer',
      ad_id: '6045246247433',
      source: 'ADS',
      type: 'OPEN_THREAD',
      ads_context_data: { ad_title: 'Khuyến mãi hè', post_id: '104857600000001_42' },
    };
    const first = await receive(
      channelId,
      fb.message('psid-lan', { text: 'Cho mình hỏi giá' }, { referral }),
    );
    expect(first.content).toMatchObject({ referral });
    const [ticket] = await query<{
      source: string;
      subject: string;
      requester_id: string;
      tenant_id: string;
    }>('select * from tickets where id = $1', [first.ticket_id]);
    expect(ticket).toMatchObject({
      source: 'facebook',
      subject: 'Cho mình hỏi giá',
      tenant_id: tenant.tenantId,
    });
    const [customer] = await query<{ name: string; source: string }>(
      'select name, source from customers where id = $1',
      [ticket!.requester_id],
    );
    expect(customer).toEqual({ name: 'Nguyễn Thị Lan', source: 'facebook' });
    expect(
      await query('select channel_id, ad_id, referral from conversations where ticket_id = $1', [
        first.ticket_id,
      ]),
    ).toEqual([
      {
        channel_id: channelId,
        ad_id: '6045246247433',
        referral: {
          kind: 'ad',
          ad_id: '6045246247433',
          title: 'Khuyến mãi hè',
          url: null,
          ref: 'summer',
        },
      },
    ]);

    // A later referral (another ad clicked in the same thread) does not replace the first.
    const other = { ref: 'winter', source: 'SHORTLINK', type: 'OPEN_THREAD' };
    await receive(channelId, fb.message('psid-lan', { text: 'Thêm câu hỏi' }, { referral: other }));
    expect(
      await query('select ad_id from conversations where ticket_id = $1', [first.ticket_id]),
    ).toEqual([{ ad_id: '6045246247433' }]);

    const follow = fb.message('psid-lan', { text: 'Còn hàng không?' });
    const signed = fb.webhook([follow]);
    expect((await post(channelId, signed)).statusCode).toBe(200);
    expect((await post(channelId, signed)).statusCode).toBe(200);
    const mid = (follow.message as { mid: string }).mid;
    await expect.poll(() => messageOf(mid), waitJobs).toBeDefined();
    expect(await messageOf(mid)).toMatchObject({
      ticket_id: first.ticket_id,
      author_customer_id: ticket!.requester_id,
    });
    await expect
      .poll(
        async () =>
          (
            await query(
              'select 1 from channel_events where channel_id = $1 and processed_at is null',
              [channelId],
            )
          ).length,
        waitJobs,
      )
      .toBe(0);
    expect(
      await query('select 1 from messages where provider_message_id = $1', [mid]),
    ).toHaveLength(1);
  });

  it('keeps a postback as its button title with its payload, and an image as an attachment', async () => {
    const { channelId } = await connectedTenant('FB postback');
    const postback = {
      sender: { id: 'psid-pb' },
      recipient: { id: fb.page.pageId },
      timestamp: Date.now(),
      postback: { mid: 'm_pb.1:abc', title: 'Bắt đầu', payload: 'GET_STARTED' },
    };
    expect((await post(channelId, fb.webhook([postback]))).statusCode).toBe(200);
    await expect.poll(() => messageOf('m_pb.1:abc'), waitJobs).toBeDefined();
    expect(await messageOf('m_pb.1:abc')).toMatchObject({
      kind: 'text',
      body: `[${M.postback}] Bắt đầu`,
      content: { postback: { title: 'Bắt đầu', payload: 'GET_STARTED' } },
    });
    const image = await receive(
      channelId,
      fb.message('psid-pb', {
        attachments: [{ type: 'image', payload: { url: `${fb.url}/files/anh.png` } }],
      }),
    );
    expect(image.kind).toBe('image');
    expect(image.ticket_id).toBe((await messageOf('m_pb.1:abc'))!.ticket_id);
    expect(
      await query('select content_type from ticket_attachments where ticket_id = $1', [
        image.ticket_id,
      ]),
    ).toEqual([{ content_type: 'image/png' }]);
  });

  it("keeps another tenant's channel out: its events go to its own tenant only", async () => {
    const one = await connectedTenant('FB riêng 1');
    const two = await connectedTenant('FB riêng 2');
    // Signed with the same app secret, but posted to the first tenant's channel.
    const written = await receive(one.channelId, fb.message('psid-shared', { text: 'Tenant 1' }));
    const [row] = await query<{ tenant_id: string }>(
      'select tenant_id from tickets where id = $1',
      [written.ticket_id],
    );
    expect(row!.tenant_id).toBe(one.tenant.tenantId);
    const listed = await staff(two.admin, 'GET', `/v2/tickets/${written.ticket_id}`);
    expect(listed.statusCode).toBe(404);
    const otherChannel = await staff(two.admin, 'GET', `/v2/channels/${one.channelId}`);
    expect(otherChannel.statusCode).toBe(404);
    // The same PSID on the other tenant's channel is another customer, in that tenant.
    const theirs = await receive(two.channelId, fb.message('psid-shared', { text: 'Tenant 2' }));
    expect(theirs.author_customer_id).not.toBe(written.author_customer_id);
    expect(theirs.ticket_id).not.toBe(written.ticket_id);
    const [their] = await query<{ tenant_id: string }>(
      'select tenant_id from tickets where id = $1',
      [theirs.ticket_id],
    );
    expect(their!.tenant_id).toBe(two.tenant.tenantId);
  });
});

describe('Messenger channel', () => {
  it("keeps its secrets sealed and unanswered, and its connection test reads the Page with the token (Facebook's refusal said in Vietnamese)", async () => {
    const { admin, channelId } = await connectedTenant('FB kiểm tra');
    const view = (await staff(admin, 'GET', `/v2/channels/${channelId}`)).json().data;
    expect(view.secrets).toEqual({ page_access_token: true, app_secret: true, verify_token: true });
    expect(JSON.stringify(view)).not.toMatch(
      /EAAG-page-token-test|APP_SECRET_TEST|verify-token-test/,
    );
    const tested = await staff(admin, 'POST', `/v2/channels/${channelId}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toMatchObject({
      ok: true,
      message: `Đã kết nối Trang ${fb.page.pageName}`,
    });
    const saved = await staff(admin, 'PUT', `/v2/channels/${channelId}`, {
      ...channelBody('FB kiểm tra'),
      secrets: { page_access_token: 'wrong-token' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await staff(admin, 'POST', `/v2/channels/${channelId}/test`);
    expect(refused.json().data).toMatchObject({
      ok: false,
      message: 'Facebook từ chối (190): Invalid OAuth access token.',
    });
    const badPage = await staff(admin, 'POST', '/v2/channels', {
      ...channelBody('FB sai'),
      settings: { page_id: 'my-page' },
    });
    expect(badPage.json()).toMatchObject({
      statusCode: 422,
      errors: [{ param: 'settings.page_id', message: M.pageIdInvalid }],
    });
  });

  it('lists the Pages a User access token manages and connects the picked one with its own Page token', async () => {
    const tenant = await seedTenant(t, 'FB chọn Trang');
    const admin = await t.login(tenant.email('admin'));
    const pages = await staff(admin, 'POST', '/v2/channels/facebook/pages', {
      user_access_token: fb.page.userToken,
      graph_base_url: fb.url,
    });
    expect(pages.statusCode, pages.body).toBe(200);
    // Only the Page the person may message from; no Page token leaves the server.
    expect(pages.json().data).toEqual([{ id: fb.page.pageId, name: fb.page.pageName }]);
    expect(pages.body).not.toContain(fb.page.pageToken);
    const refused = await staff(admin, 'POST', '/v2/channels/facebook/pages', {
      user_access_token: 'EAAG-wrong',
      graph_base_url: fb.url,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      param: 'user_access_token',
      message: M.pagesFailed('190 Invalid OAuth access token.'),
    });
    // The Graph host is checked as the channel's own setting is.
    const badHost = await staff(admin, 'POST', '/v2/channels/facebook/pages', {
      user_access_token: fb.page.userToken,
      graph_base_url: 'not a url',
    });
    expect(badHost.statusCode).toBe(422);
    expect(badHost.json().errors[0]).toEqual({
      param: 'graph_base_url',
      message: CHANNEL_MESSAGES.urlInvalid,
    });
    const agent = await t.login(tenant.email('agent'));
    expect(
      (
        await staff(agent, 'POST', '/v2/channels/facebook/pages', {
          user_access_token: fb.page.userToken,
          graph_base_url: fb.url,
        })
      ).statusCode,
    ).toBe(401);

    const connect = (pageId: string) =>
      staff(admin, 'POST', '/v2/channels', {
        kind: 'facebook',
        name: `Trang ${pageId}`,
        settings: { page_id: pageId, graph_base_url: fb.url },
        secrets: {
          user_access_token: fb.page.userToken,
          app_secret: fb.page.appSecret,
          verify_token: VERIFY_TOKEN,
        },
      });
    // A Page the person cannot message from is refused on the token that was given.
    const viewOnly = await connect(FACEBOOK_FAKE_OTHER_PAGE.id);
    expect(viewOnly.statusCode).toBe(422);
    expect(viewOnly.json().errors[0]).toEqual({
      param: 'secrets.user_access_token',
      message: M.pageNotManaged,
    });
    const created = await connect(fb.page.pageId);
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json().data;
    expect(channel.settings.page_name).toBe(fb.page.pageName);
    // The Page's token is kept; the user's is not.
    expect(channel.secrets).toEqual({
      page_access_token: true,
      app_secret: true,
      verify_token: true,
    });
    const test = await staff(admin, 'POST', `/v2/channels/${channel._id}/test`);
    expect(test.json().data).toMatchObject({ ok: true });
  });

  it("skips another Page's entries and the Page's own echoes", async () => {
    const { channelId } = await connectedTenant('FB trang khác');
    const echo = fb.message('psid-echo', { text: 'Tin của Trang', is_echo: true });
    const signed = fb.webhook([echo]);
    // The same delivery for another Page id, signed again with the app secret.
    const payload = signed.payload.replace(`"id":"${fb.page.pageId}","time"`, '"id":"999","time"');
    const resigned = {
      payload,
      headers: {
        ...signed.headers,
        'x-hub-signature-256': hubSignature(payload, fb.page.appSecret),
      },
    };
    expect((await post(channelId, resigned)).statusCode).toBe(200);
    expect(
      await query('select 1 from channel_events where channel_id = $1', [channelId]),
    ).toHaveLength(0);
    expect((await post(channelId, signed)).statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await query<{ processed_at: Date | null }>(
              'select processed_at from channel_events where channel_id = $1',
              [channelId],
            )
          )[0]?.processed_at ?? null,
        waitJobs,
      )
      .not.toBeNull();
    expect(await messageOf((echo.message as { mid: string }).mid)).toBeUndefined();
  });
});

describe('Messenger replies', () => {
  async function conversation(label: string, psid: string) {
    const context = await connectedTenant(label);
    fb.person(psid, `Khách ${label}`);
    const first = await receive(context.channelId, fb.message(psid, { text: 'Xin chào shop' }));
    const reply = (body: string) =>
      staff(context.admin, 'POST', `/v2/tickets/${first.ticket_id}/comments`, {
        body,
        public: true,
        format: 'text',
      });
    return { ...context, ticketId: first.ticket_id, reply };
  }
  const deliveryOf = async (id: string) =>
    (
      await query<{
        delivery: string;
        delivery_error: string | null;
        delivery_error_code: string | null;
        provider_message_id: string | null;
      }>(
        'select delivery, delivery_error, delivery_error_code, provider_message_id from messages where id = $1',
        [id],
      )
    )[0];

  it('sends the documented Send API request and marks the message sent, then delivered and seen by receipts', async () => {
    const { reply, channelId } = await conversation('FB gửi', 'psid-gui');
    const written = await reply('Dạ shop chào anh/chị');
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().data.delivery).toMatchObject({ state: 'queued' });
    const id = written.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('sent');
    expect(fb.sent.find((sent) => sent.message.text === 'Dạ shop chào anh/chị')).toEqual({
      path: `/v20.0/${fb.page.pageId}/messages`,
      access_token: fb.page.pageToken,
      recipient: { id: 'psid-gui' },
      messaging_type: 'RESPONSE',
      message: { text: 'Dạ shop chào anh/chị' },
    });
    const mid = (await deliveryOf(id))!.provider_message_id!;
    expect(mid).toMatch(/^m_out\./);
    const receipt = (body: Record<string, unknown>) => ({
      sender: { id: 'psid-gui' },
      recipient: { id: fb.page.pageId },
      timestamp: Date.now(),
      ...body,
    });
    await post(
      channelId,
      fb.webhook([receipt({ delivery: { mids: [mid], watermark: Date.now() } })]),
    );
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('delivered');
    await post(channelId, fb.webhook([receipt({ read: { watermark: Date.now() + 1000 } })]));
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('seen');
  });

  it("sends a reply's text, then each file uploaded and sent in one form request, by its kind", async () => {
    const { admin, ticketId } = await conversation('FB tệp', 'psid-tep');
    const written = await postReplyWithFiles(t, admin, ticketId, 'Ảnh và báo giá ạ', [
      { name: 'anh-san-pham.png', type: 'image/png', content: TINY_PNG },
      { name: 'bao-gia.pdf', type: 'application/pdf', content: SAMPLE_PDF },
    ]);
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('sent');
    const mine = fb.sent.filter((sent) => sent.recipient.id === 'psid-tep');
    expect(mine.map((sent) => [sent.messaging_type, sent.message])).toEqual([
      ['RESPONSE', { text: 'Ảnh và báo giá ạ' }],
      ['RESPONSE', { attachment: { type: 'image', payload: {} } }],
      ['RESPONSE', { attachment: { type: 'file', payload: {} } }],
    ]);
    // Each file reached Meta byte for byte under `filedata`, with its name and type.
    expect(mine[1]!.file).toMatchObject({ fileName: 'anh-san-pham.png', contentType: 'image/png' });
    expect(mine[1]!.file!.content.equals(TINY_PNG)).toBe(true);
    expect(mine[2]!.file).toMatchObject({
      fileName: 'bao-gia.pdf',
      contentType: 'application/pdf',
    });
    expect(mine[2]!.file!.content.equals(SAMPLE_PDF)).toBe(true);
    // The message keeps the first part's id.
    expect((await deliveryOf(id))!.provider_message_id).toMatch(/^m_out\./);
  });

  it('stores a Graph error on the message (code/subcode, message), and tries a transient failure again', async () => {
    const { reply } = await conversation('FB lỗi', 'psid-loi');
    fb.failNextSend(fb.graphError(400, 190, 'Invalid OAuth access token.'));
    const refused = await reply('Tin bị từ chối');
    const id = refused.json().data._id as string;
    await expect.poll(async () => (await deliveryOf(id))?.delivery, waitJobs).toBe('failed');
    expect(await deliveryOf(id)).toMatchObject({
      delivery_error_code: '190',
      delivery_error: 'Invalid OAuth access token.',
    });
    fb.failNextSend(fb.graphError(500, 2, 'Service temporarily unavailable'));
    const retried = (await reply('Tin thử lại')).json().data._id as string;
    await expect.poll(async () => (await deliveryOf(retried))?.delivery, waitJobs).toBe('sent');
    // The window refusal by Meta itself (our clock said yes) is recorded with its subcode.
    fb.failNextSend(
      fb.graphError(400, 10, 'This message is sent outside of allowed window.', 2018278),
    );
    const late = (await reply('Tin ngoài cửa sổ')).json().data._id as string;
    await expect.poll(async () => (await deliveryOf(late))?.delivery, waitJobs).toBe('failed');
    expect(await deliveryOf(late)).toMatchObject({ delivery_error_code: '10/2018278' });
  });

  it('refuses a reply outside the 24-hour window in Vietnamese (422); an internal note still goes', async () => {
    const { admin, ticketId, reply } = await conversation('FB cửa sổ', 'psid-cu');
    await t.database.pool.query(
      `update messages set created_at = now() - interval '25 hours' where ticket_id = $1 and direction = 'in'`,
      [ticketId],
    );
    const refused = await reply('Quá hạn');
    expect(refused.json()).toEqual({
      statusCode: 422,
      message: M.outsideWindow,
      errors: [{ param: 'body', message: M.outsideWindow }],
    });
    const note = await staff(admin, 'POST', `/v2/tickets/${ticketId}/comments`, {
      body: 'Ghi chú nội bộ',
      public: false,
      format: 'text',
    });
    expect(note.statusCode, note.body).toBe(201);
  });
});
