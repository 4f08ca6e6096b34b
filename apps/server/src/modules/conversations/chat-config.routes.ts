import {
  CHAT_CONFIG_MESSAGES as M,
  chatConfigBody,
  chatConfigView,
} from '@omnicare/shared/conversations/chat-config.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { getChatConfig, saveChatConfig } from './chat-config.service.js';

const tags = ['conversations'];

export const chatConfigRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/chat-config',
    {
      schema: { tags, summary: 'Cấu hình chat', response: answers.ok(chatConfigView) },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await getChatConfig(platform.db, authOf(request).tenantId)),
  );
  r.put(
    '/v2/chat-config',
    {
      schema: {
        tags,
        summary: 'Cập nhật cấu hình chat',
        body: chatConfigBody,
        response: answers.ok(chatConfigView),
      },
      config: { access: 'chat.configure' },
    },
    async (request) => ok(await saveChatConfig(platform, authOf(request), request.body), M.saved),
  );
};
