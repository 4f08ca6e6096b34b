import type { ServerModule } from '../../platform/modules.js';
import { locationsRoutes } from './locations.routes.js';

export const locationsModule: ServerModule = { name: 'locations', routes: locationsRoutes };
