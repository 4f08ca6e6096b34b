import { registerSubscriber } from '../../platform/outbox.js';
import type { ServerModule } from '../../platform/modules.js';
import { AUTO_RESOLVE_CRON, AUTO_RESOLVE_JOB, runAutoResolve } from './auto-resolve.service.js';
import { chatConfigRoutes } from './chat-config.routes.js';
import { conversationsRoutes } from './conversations.routes.js';
import { hearConversationPushes, onTicketEvent } from './conversations.service.js';
import { livechatRoutes } from './livechat.routes.js';
import { attachLivechatNamespace } from './livechat.socket.js';

const CONVERSATION_EVENT_TYPES = new Set([
  'ticket.created',
  'ticket.commented',
  'ticket.updated',
  'ticket.deleted',
  'ticket.rated',
]);

/** Conversations: the chat workspace, the chat settings and the livechat widget's endpoints. */
export const conversationsModule: ServerModule = {
  name: 'conversations',
  routes: (app, platform) => {
    chatConfigRoutes(app, platform);
    conversationsRoutes(app, platform);
    livechatRoutes(app, platform);
  },
  realtime: (platform) => {
    attachLivechatNamespace(platform);
    hearConversationPushes(platform);
  },
  jobs: (platform) => {
    // The list's rows after each message and change, and their live push to who may see them:
    // up to fifty conversations' events at once (each one's in order), so that under load the
    // delivery's own statements are shared instead of paid per message.
    registerSubscriber(
      platform,
      'conversations',
      (event) => onTicketEvent(platform, event),
      (event) => CONVERSATION_EVENT_TYPES.has(event.type),
      { workers: 4, batch: 50 },
    );
    // Conversations silent longer than the chat settings' auto_resolve_hours are resolved.
    platform.jobs.register(
      AUTO_RESOLVE_JOB,
      async () => {
        await runAutoResolve(platform);
      },
      { cron: AUTO_RESOLVE_CRON },
    );
  },
};
