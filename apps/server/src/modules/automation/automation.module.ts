import type { ServerModule } from '../../platform/modules.js';
import { workflowsRoutes } from './workflows.routes.js';

export const automationModule: ServerModule = { name: 'automation', routes: workflowsRoutes };
