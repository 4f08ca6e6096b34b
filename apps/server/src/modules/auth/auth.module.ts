import type { ServerModule } from '../../platform/modules.js';
import { authRoutes } from './auth.routes.js';

export const authModule: ServerModule = {
  name: 'auth',
  routes: authRoutes,
  memoTopics: [
    // The signed-in callers' contexts: the session query of platform/auth.ts reads these.
    { topic: 'sessions', tables: ['sessions', 'users', 'tenants', 'group_members', 'groups'] },
  ],
};
