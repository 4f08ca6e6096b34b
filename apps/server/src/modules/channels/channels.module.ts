import type { ServerModule } from '../../platform/modules.js';
import { channelsRoutes } from './channels.routes.js';

export const channelsModule: ServerModule = { name: 'channels', routes: channelsRoutes };
