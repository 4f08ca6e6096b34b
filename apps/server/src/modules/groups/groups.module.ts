import type { ServerModule } from '../../platform/modules.js';
import { groupsRoutes } from './groups.routes.js';

export const groupsModule: ServerModule = { name: 'groups', routes: groupsRoutes };
