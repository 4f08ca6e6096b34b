import type { ServerModule } from '../../platform/modules.js';
import { ticketConfigRoutes } from './ticket-config.routes.js';

declare module '../../platform/tenant-memo.js' {
  interface ChangeTopics {
    /** ticket priorities, types and services. */
    ticket_config: true;
  }
}

export const ticketConfigModule: ServerModule = {
  name: 'ticket-config',
  routes: ticketConfigRoutes,
  // What ticket writes check a priority, type or service against (tickets/ticket-writes.ts).
  memoTopics: [
    { topic: 'ticket_config', tables: ['ticket_priorities', 'ticket_types', 'ticket_services'] },
  ],
};
