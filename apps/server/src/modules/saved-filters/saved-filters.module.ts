import type { ServerModule } from '../../platform/modules.js';
import { savedFiltersRoutes } from './saved-filters.routes.js';

export const savedFiltersModule: ServerModule = {
  name: 'saved-filters',
  routes: savedFiltersRoutes,
};
