import { z } from 'zod';
import { noData } from '@omnicare/shared/platform/envelope';
import {
  TICKET_CONVERSATION_MESSAGES as M,
  ticketAttachmentParams,
  ticketCommentBody,
  ticketCommentView,
  ticketCommentsQuery,
  ticketConversationParams,
  ticketLinkBody,
  ticketLinkParams,
  ticketLinkView,
  ticketMergeBody,
  ticketMergeView,
  ticketRefView,
  ticketSplitBody,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { readCommentRequest, sendAttachment } from './ticket-comment-form.js';
import * as comments from './ticket-comments.service.js';
import * as merging from './ticket-merge.service.js';

const tags = ['tickets'];
const STAFF = 'authenticated' as const;

export const ticketConversationRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/tickets/:id/comments',
    {
      schema: {
        tags,
        summary: 'Hội thoại của ticket (cũ nhất trước, theo trang)',
        params: ticketConversationParams,
        querystring: ticketCommentsQuery,
        response: answers.list(ticketCommentView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total } = await comments.listComments(
        platform,
        authOf(request),
        request.params.id,
        request.query,
      );
      return list(data, total);
    },
  );
  r.post(
    '/v2/tickets/:id/comments',
    {
      schema: {
        tags,
        summary: 'Trả lời công khai hoặc ghi chú nội bộ (JSON, hoặc multipart với tệp đính kèm)',
        params: ticketConversationParams,
        // Optional here so a multipart form reaches the handler, which checks both shapes.
        body: ticketCommentBody.nullish(),
        response: answers.created(ticketCommentView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      const input = await readCommentRequest(request);
      reply.status(201);
      return created(
        await comments.addComment(platform, authOf(request), request.params.id, input),
        M.commented,
      );
    },
  );
  r.get(
    '/v2/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Tải tệp đính kèm của ticket',
        params: ticketAttachmentParams,
        // The file itself, not an envelope.
        response: { 200: z.any().describe('file') },
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      const file = await comments.getAttachment(
        platform,
        authOf(request),
        request.params.id,
        request.params.attachmentId,
      );
      return sendAttachment(reply, file);
    },
  );
  r.post(
    '/v2/tickets/:id/merge',
    {
      schema: {
        tags,
        summary: 'Gộp ticket vào ticket khác',
        params: ticketConversationParams,
        body: ticketMergeBody,
        response: answers.ok(ticketMergeView),
      },
      config: { access: STAFF },
    },
    async (request) =>
      ok(
        await merging.mergeTicket(
          platform,
          authOf(request),
          request.params.id,
          request.body.target_id,
        ),
        M.merged,
      ),
  );
  r.post(
    '/v2/tickets/:id/split',
    {
      schema: {
        tags,
        summary: 'Tách một bình luận thành ticket mới',
        params: ticketConversationParams,
        body: ticketSplitBody,
        response: answers.created(ticketRefView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await merging.splitTicket(
          platform,
          authOf(request),
          request.params.id,
          request.body.comment_id,
        ),
        M.split,
      );
    },
  );
  r.get(
    '/v2/tickets/:id/links',
    {
      schema: {
        tags,
        summary: 'Ticket liên kết',
        params: ticketConversationParams,
        response: answers.list(ticketLinkView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const links = await merging.listLinks(platform, authOf(request), request.params.id);
      return list(links, links.length);
    },
  );
  r.post(
    '/v2/tickets/:id/links',
    {
      schema: {
        tags,
        summary: 'Liên kết ticket liên quan',
        params: ticketConversationParams,
        body: ticketLinkBody,
        response: answers.created(ticketLinkView),
      },
      config: { access: STAFF },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await merging.addLink(
          platform,
          authOf(request),
          request.params.id,
          request.body.related_id,
        ),
        M.linked,
      );
    },
  );
  r.delete(
    '/v2/tickets/:id/links/:linkedId',
    {
      schema: {
        tags,
        summary: 'Gỡ liên kết ticket',
        params: ticketLinkParams,
        response: answers.ok(noData),
      },
      config: { access: STAFF },
    },
    async (request) => {
      await merging.removeLink(
        platform,
        authOf(request),
        request.params.id,
        request.params.linkedId,
      );
      return ok(null, M.unlinked);
    },
  );
};
