import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LIVECHAT_MESSAGES as M,
  livechatConfigView,
  offlineMessageBody,
  VISITOR_TOKEN_HEADER,
  visitorBody,
  visitorConversationView,
  visitorMessageBody,
  visitorMessageView,
  visitorRatingBody,
  visitorSeenBody,
} from '@omnicare/shared/conversations/livechat.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import type { Platform } from '../../platform/context.js';
import { answers, created, ok } from '../../platform/respond.js';
import { perIpLimit, typed, type RouteModule } from '../../platform/routes.js';
import { readCommentRequest, sendAttachment } from '../tickets/ticket-comment-form.js';
import { publicAttachment } from '../tickets/ticket-comments.service.js';
import * as livechat from './livechat.service.js';

const tags = ['livechat'];
const params = z.object({ channelId: z.string().max(64) });
const attachmentParams = params.extend({ attachmentId: z.uuid(M.channelNotFound) });
/** Per IP: a page's widget reads and writes a few times a minute; a flood is refused. */
const READS = perIpLimit(120, '1 minute');
const WRITES = perIpLimit(60, '1 minute');
const SIGN_UPS = perIpLimit(10, '1 minute');

const originOf = (request: FastifyRequest) => request.headers.origin;
const tokenOf = (request: FastifyRequest) => {
  const raw = request.headers[VISITOR_TOKEN_HEADER];
  return typeof raw === 'string' ? raw : undefined;
};

async function channelOf(platform: Platform, request: FastifyRequest) {
  const { channelId } = request.params as { channelId: string };
  return livechat.widgetChannel(platform, channelId, originOf(request));
}

async function visitorOf(platform: Platform, request: FastifyRequest) {
  const channel = await channelOf(platform, request);
  return { channel, visitor: await livechat.visitorOf(platform, channel, tokenOf(request)) };
}

/**
 * The livechat widget's endpoints (public: a site's visitor has no account). The page's origin
 * must be one of the channel's allowed domains; a visitor's token reaches only their own
 * conversation; every route is limited per IP.
 */
export const livechatRoutes: RouteModule = (app, platform) => {
  // Cross-origin calls from the embedding page: the answer names the caller's origin (the
  // channel's allowed domains are checked by each route, which knows the channel).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v2/livechat/')) return;
    const origin = originOf(request);
    if (!origin) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-allow-headers', `content-type, ${VISITOR_TOKEN_HEADER}`);
    reply.header('access-control-allow-methods', 'GET, POST');
    reply.header('access-control-max-age', '600');
  });
  app.options(
    '/v2/livechat/*',
    {
      schema: { tags, summary: 'CORS preflight', response: { 204: z.null() } },
      config: { access: 'public' },
    },
    async (_request, reply) => reply.code(204).send(),
  );

  const r = typed(app);
  r.get(
    '/v2/livechat/:channelId/config',
    {
      schema: {
        tags,
        summary: 'Cấu hình khung chat',
        params,
        response: answers.ok(livechatConfigView),
      },
      config: { access: 'public', ...READS },
    },
    async (request) =>
      ok(await livechat.widgetConfig(platform, await channelOf(platform, request))),
  );
  r.post(
    '/v2/livechat/:channelId/visitors',
    {
      schema: {
        tags,
        summary: 'Bắt đầu phiên chat',
        params,
        body: visitorBody,
        response: answers.created(z.object({ visitor_token: z.string(), name: z.string() })),
      },
      config: { access: 'public', ...SIGN_UPS },
    },
    async (request, reply) => {
      const channel = await channelOf(platform, request);
      reply.status(201);
      return created(await livechat.createVisitor(platform, channel, request.body));
    },
  );
  r.get(
    '/v2/livechat/:channelId/conversation',
    {
      schema: {
        tags,
        summary: 'Cuộc trò chuyện của khách',
        params,
        response: answers.ok(visitorConversationView),
      },
      config: { access: 'public', ...READS },
    },
    async (request) => {
      const { visitor } = await visitorOf(platform, request);
      return ok(await livechat.visitorConversation(platform, visitor));
    },
  );
  // A file goes by `.../attachments` (multipart: `client_message_id`, `body`, `file`) or by
  // `.../messages` as multipart: the same handler.
  for (const path of ['/v2/livechat/:channelId/messages', '/v2/livechat/:channelId/attachments'])
    r.post(
      path,
      {
        schema: {
          tags,
          summary: 'Khách gửi tin nhắn (JSON, hoặc multipart với tệp)',
          params,
          response: answers.created(visitorMessageView),
        },
        config: { access: 'public', ...WRITES },
      },
      async (request, reply) => {
        const { channel, visitor } = await visitorOf(platform, request);
        let files: Awaited<ReturnType<typeof readCommentRequest>>['files'] = [];
        let fields: unknown = request.body;
        if (request.isMultipart()) {
          const form = await readCommentRequest(request, { public: true, format: 'text' });
          files = form.files.slice(0, 1);
          fields = { client_message_id: form.client_message_id, body: form.body };
        }
        const body = visitorMessageBody.parse(fields);
        reply.status(201);
        return created(await livechat.sendVisitorMessage(platform, channel, visitor, body, files));
      },
    );
  r.post(
    '/v2/livechat/:channelId/seen',
    {
      schema: {
        tags,
        summary: 'Khách đã xem',
        params,
        body: visitorSeenBody,
        response: answers.ok(noData),
      },
      config: { access: 'public', ...WRITES },
    },
    async (request) => {
      const { visitor } = await visitorOf(platform, request);
      await livechat.markSeenByVisitor(platform, visitor, request.body.message_id);
      return ok(null);
    },
  );
  r.post(
    '/v2/livechat/:channelId/rating',
    {
      schema: {
        tags,
        summary: 'Đánh giá cuộc trò chuyện',
        params,
        body: visitorRatingBody,
        response: answers.ok(noData),
      },
      config: { access: 'public', ...WRITES },
    },
    async (request) => {
      const { visitor } = await visitorOf(platform, request);
      await livechat.rateConversation(platform, visitor, request.body);
      return ok(null, M.rated);
    },
  );
  r.post(
    '/v2/livechat/:channelId/offline',
    {
      schema: {
        tags,
        summary: 'Để lại lời nhắn ngoài giờ',
        params,
        body: offlineMessageBody,
        response: answers.created(z.object({ _id: z.string(), code: z.string() })),
      },
      config: { access: 'public', ...SIGN_UPS },
    },
    async (request, reply) => {
      const channel = await channelOf(platform, request);
      reply.status(201);
      return created(
        await livechat.leaveOfflineMessage(platform, channel, request.body),
        M.offlineSent,
      );
    },
  );
  r.get(
    '/v2/livechat/:channelId/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Tệp trong cuộc trò chuyện của khách',
        params: attachmentParams,
        response: { 200: z.any().describe('file') },
      },
      config: { access: 'public', ...READS },
    },
    async (request, reply) => {
      const { visitor } = await visitorOf(platform, request);
      const file = await publicAttachment(
        platform,
        visitor.tenantId,
        visitor.ticketId ?? '',
        request.params.attachmentId,
      );
      return sendAttachment(reply, file);
    },
  );
};
