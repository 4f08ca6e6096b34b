import type { ServerModule } from '../../platform/modules.js';
import { ticketConversationRoutes } from './ticket-comments.routes.js';

/** The conversation inside a ticket, merge, split and links (the core module has the ticket). */
export const ticketConversationModule: ServerModule = {
  name: 'tickets',
  routes: ticketConversationRoutes,
};
