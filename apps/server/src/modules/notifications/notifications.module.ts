import type { ServerModule } from '../../platform/modules.js';
import { notificationsRoutes } from './notifications.routes.js';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: notificationsRoutes,
};
