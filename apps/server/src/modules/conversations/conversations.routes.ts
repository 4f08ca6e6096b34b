import { z } from 'zod';
import {
  CONVERSATION_MESSAGES as M,
  conversationListAnswer,
  conversationListQuery,
  conversationSurveyView,
  conversationTransferBody,
} from '@omnicare/shared/conversations/conversations.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { ticketDetailView } from '@omnicare/shared/tickets/tickets.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import {
  listConversations,
  markConversationRead,
  transferConversation,
} from './conversations.service.js';
import { conversationSurvey } from './conversation-survey.service.js';

const tags = ['conversations'];
const params = z.object({ id: z.uuid(M.notFound) });

/** The chat workspace's own endpoints (messages and fields are the ticket's). */
export const conversationsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/conversations',
    {
      schema: {
        tags,
        summary: 'Danh sách cuộc trò chuyện',
        querystring: conversationListQuery,
        response: {
          200: conversationListAnswer.extend({
            statusCode: z.literal(200),
            message: z.string(),
          }),
        },
      },
      config: { access: 'conversation.work' },
    },
    async (request) => ({
      statusCode: 200 as const,
      message: 'Thành công',
      ...(await listConversations(platform, authOf(request), request.query)),
    }),
  );
  r.put(
    '/v2/conversations/:id/read',
    {
      schema: { tags, summary: 'Đánh dấu đã đọc', params, response: answers.ok(noData) },
      config: { access: 'conversation.work' },
    },
    async (request) => {
      await markConversationRead(platform, authOf(request), request.params.id);
      return ok(null);
    },
  );
  r.post(
    '/v2/conversations/:id/transfer',
    {
      schema: {
        tags,
        summary: 'Chuyển cuộc trò chuyện',
        params,
        body: conversationTransferBody,
        response: answers.ok(ticketDetailView),
      },
      config: { access: 'conversation.work' },
    },
    async (request) =>
      ok(
        await transferConversation(platform, authOf(request), request.params.id, request.body),
        M.transferred,
      ),
  );
  r.get(
    '/v2/conversations/:id/survey',
    {
      schema: {
        tags,
        summary: 'Khảo sát hài lòng của cuộc trò chuyện',
        params,
        response: answers.ok(conversationSurveyView),
      },
      config: { access: 'conversation.work' },
    },
    async (request) => ok(await conversationSurvey(platform, authOf(request), request.params.id)),
  );
};
