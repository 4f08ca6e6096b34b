import { catalogueRoutes } from '../../platform/catalogue.js';
import type { RouteModule } from '../../platform/routes.js';
import { priorities, services, ticketTemplates, types } from './ticket-config.service.js';

/** Priorities, types, services and ticket templates: catalogues (platform/catalogue.ts). */
export const ticketConfigRoutes: RouteModule = (app, platform) => {
  catalogueRoutes(priorities)(app, platform);
  catalogueRoutes(types)(app, platform);
  catalogueRoutes(services)(app, platform);
  catalogueRoutes(ticketTemplates)(app, platform);
};
