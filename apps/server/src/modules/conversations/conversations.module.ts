import type { ServerModule } from '../../platform/modules.js';
import { chatConfigRoutes } from './chat-config.routes.js';

/** Conversations: the chat settings today; the chat workspace's routes join them (issue 31). */
export const conversationsModule: ServerModule = {
  name: 'conversations',
  routes: chatConfigRoutes,
};
