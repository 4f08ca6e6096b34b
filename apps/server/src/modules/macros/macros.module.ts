import type { ServerModule } from '../../platform/modules.js';
import { macrosRoutes } from './macros.routes.js';

export const macrosModule: ServerModule = { name: 'macros', routes: macrosRoutes };
