import { z } from 'zod';
import { LIVECHAT_SETTINGS_MESSAGES } from '@omnicare/shared/channels/livechat-settings';
import {
  CHANNEL_MESSAGES,
  channelView,
  facebookPagesBody,
} from '@omnicare/shared/channels/channels.schemas';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import {
  channelTestView,
  emailFetchView,
  emailForwardingView,
  EMAIL_SETTINGS_MESSAGES,
} from '@omnicare/shared/channels/email-settings';
import {
  WHATSAPP_MESSAGES,
  whatsappTemplateSendBody,
} from '@omnicare/shared/channels/whatsapp.schemas';
import { ticketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { channelsSummaryView } from '@omnicare/shared/channels/channels-summary';
import {
  channelCatalogue,
  channelsSummary,
  setLivechatAvatar,
  testChannel,
} from './channels.service.js';
import { fetchMailNow } from './email.service.js';
import { completeEmailConnect, disconnectEmailOauth, startEmailConnect } from './email-oauth.js';
import {
  EMAIL_OAUTH_MESSAGES,
  emailOauthCompleteBody,
  emailOauthConnectView,
} from '@omnicare/shared/channels/email-oauth.schemas';
import { sendWhatsAppTemplate } from './whatsapp/whatsapp-template.js';
import { facebookPages } from './facebook/facebook-channel.js';
import { facebookPageView } from '@omnicare/shared/channels/facebook.schemas';

/** Channels are a catalogue (platform/catalogue.ts): the definition is in the service. */
const catalogueOfChannels = catalogueRoutes(channelCatalogue);

const idParams = z.object({ id: z.uuid(CHANNEL_MESSAGES.notFound) });

export const channelsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  // Before the catalogue's `/v2/channels/:id`, which would read 'summary' as an id (and below).
  r.get(
    '/v2/channels/summary',
    {
      schema: {
        tags: ['channels'],
        summary: 'Tổng quan các kênh: trạng thái và số tin nhắn hôm nay',
        response: answers.ok(channelsSummaryView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => ok(await channelsSummary(platform, authOf(request))),
  );
  r.get(
    '/v2/channels/email-forwarding',
    {
      schema: {
        tags: ['channels'],
        summary: 'Miền của địa chỉ chuyển tiếp thư (null: máy chủ không nhận thư chuyển tiếp)',
        response: answers.ok(emailForwardingView),
      },
      config: { access: 'channel.manage' },
    },
    async () => ok({ domain: platform.config.inboundSmtp?.domain ?? null }),
  );
  r.post(
    '/v2/channels/facebook/pages',
    {
      schema: {
        tags: ['channels'],
        summary: 'Các Trang Facebook mà User access token quản lý (để chọn Trang khi kết nối)',
        body: facebookPagesBody,
        response: answers.ok(z.array(facebookPageView)),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => ok(await facebookPages(request.body)),
  );
  catalogueOfChannels(app, platform);
  r.post(
    '/v2/channels/:id/avatar',
    {
      schema: {
        tags: ['channels'],
        summary: 'Tải ảnh đại diện của kênh Livechat (multipart, field file)',
        params: idParams,
        response: answers.ok(channelView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => {
      const file = await request.file();
      return ok(
        await setLivechatAvatar(
          platform,
          authOf(request),
          request.params.id,
          file ? await file.toBuffer() : undefined,
        ),
        LIVECHAT_SETTINGS_MESSAGES.avatarSaved,
      );
    },
  );
  r.post(
    '/v2/channels/:id/test',
    {
      schema: {
        tags: ['channels'],
        summary: 'Kiểm tra kết nối của kênh (email: IMAP và SMTP)',
        params: idParams,
        response: answers.ok(channelTestView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => {
      const result = await testChannel(platform, authOf(request), request.params.id);
      return ok(result, result.message);
    },
  );
  r.post(
    '/v2/channels/:id/email/fetch',
    {
      schema: {
        tags: ['channels'],
        summary: 'Nhận thư của hộp thư ngay (không chờ lần kiểm tra kế tiếp)',
        params: idParams,
        response: answers.ok(emailFetchView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => {
      const result = await fetchMailNow(platform, authOf(request), request.params.id);
      return ok(
        result,
        result.status === 'error'
          ? (result.status_reason ?? EMAIL_SETTINGS_MESSAGES.fetchFailed)
          : EMAIL_SETTINGS_MESSAGES.fetched(result.received),
      );
    },
  );
  r.post(
    '/v2/channels/:id/email/oauth/connect',
    {
      schema: {
        tags: ['channels'],
        summary:
          'Bắt đầu kết nối hộp thư bằng OAuth2 (mã cấp quyền + PKCE): địa chỉ trang cấp quyền của nhà cung cấp',
        params: idParams,
        response: answers.ok(emailOauthConnectView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => {
      const { url, provider } = await startEmailConnect(
        platform,
        authOf(request),
        request.params.id,
      );
      return ok({ url }, EMAIL_OAUTH_MESSAGES.connectStarted(provider));
    },
  );
  r.post(
    '/v2/channels/:id/email/oauth/disconnect',
    {
      schema: {
        tags: ['channels'],
        summary:
          'Ngắt kết nối OAuth2 của hộp thư: thu hồi token tại nhà cung cấp (RFC 7009, nếu có) và xóa token đã lưu',
        params: idParams,
        response: answers.ok(channelView),
      },
      config: { access: 'channel.manage' },
    },
    async (request) => {
      const { channel, message } = await disconnectEmailOauth(
        platform,
        authOf(request),
        request.params.id,
      );
      return ok(channel, message);
    },
  );
  r.post(
    '/v2/email/oauth/complete',
    {
      schema: {
        tags: ['channels'],
        summary: 'Hoàn tất kết nối hộp thư bằng OAuth2 từ trang /email-redirect (code, state)',
        body: emailOauthCompleteBody,
        response: answers.ok(channelView),
      },
      config: { access: 'channel.manage', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      ok(
        await completeEmailConnect(platform, authOf(request), request.body),
        EMAIL_OAUTH_MESSAGES.connected,
      ),
  );
  r.post(
    '/v2/conversations/:id/whatsapp-template',
    {
      schema: {
        tags: ['conversations'],
        summary: 'Gửi mẫu WhatsApp đã duyệt (được gửi cả ngoài 24 giờ)',
        params: z.object({ id: z.string().max(64) }),
        body: whatsappTemplateSendBody,
        response: answers.created(ticketCommentView),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await sendWhatsAppTemplate(
          platform,
          authOf(request),
          request.params.id,
          request.body.template_id,
        ),
        WHATSAPP_MESSAGES.templateSent,
      );
    },
  );
};
