import type { ServerModule } from '../../platform/modules.js';
import { templatesRoutes } from './templates.routes.js';

export const templatesModule: ServerModule = { name: 'templates', routes: templatesRoutes };
