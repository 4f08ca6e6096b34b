import type { ServerModule } from '../../platform/modules.js';
import { healthRoutes } from './health.routes.js';

export const healthModule: ServerModule = { name: 'health', routes: healthRoutes };
