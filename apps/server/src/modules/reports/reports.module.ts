import type { ServerModule } from '../../platform/modules.js';
import { reportsRoutes } from './reports.routes.js';

export const reportsModule: ServerModule = { name: 'reports', routes: reportsRoutes };
