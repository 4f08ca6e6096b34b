import type { ServerModule } from '../../platform/modules.js';
import { usersRoutes } from './users.routes.js';
import { viewerOf } from './users.service.js';

export const usersModule: ServerModule = {
  name: 'users',
  routes: usersRoutes,
  realtime: (platform) => platform.realtime.describeViewersWith((auth) => viewerOf(platform, auth)),
};
