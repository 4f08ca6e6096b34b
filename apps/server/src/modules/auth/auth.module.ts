import type { ServerModule } from '../../platform/modules.js';
import { authRoutes } from './auth.routes.js';
import { EXPIRED_PRESENCE_JOB, signOutExpiredPresence } from './auth.service.js';

export const authModule: ServerModule = {
  name: 'auth',
  routes: authRoutes,
  jobs: (platform) =>
    platform.jobs.register(
      EXPIRED_PRESENCE_JOB,
      async () => {
        await signOutExpiredPresence(platform);
      },
      { cron: '* * * * *' },
    ),
  memoTopics: [
    // The signed-in callers' contexts: the session query of platform/auth.ts reads these.
    { topic: 'sessions', tables: ['sessions', 'users', 'tenants', 'group_members', 'groups'] },
  ],
};
