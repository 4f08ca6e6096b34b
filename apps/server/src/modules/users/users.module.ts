import type { ServerModule } from '../../platform/modules.js';
import { usersRoutes } from './users.routes.js';

export const usersModule: ServerModule = { name: 'users', routes: usersRoutes };
