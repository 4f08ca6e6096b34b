import type { ServerModule } from '../../platform/modules.js';
import { ticketConfigRoutes } from './ticket-config.routes.js';

export const ticketConfigModule: ServerModule = {
  name: 'ticket-config',
  routes: ticketConfigRoutes,
};
