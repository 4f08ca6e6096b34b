import type { ServerModule } from '../../platform/modules.js';
import { organizationsRoutes } from './organizations.routes.js';

export const organizationsModule: ServerModule = {
  name: 'organizations',
  routes: organizationsRoutes,
};
