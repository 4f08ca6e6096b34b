import type { ServerModule } from '../../platform/modules.js';
import { workingTimeRoutes } from './working-time.routes.js';

export const workingTimeModule: ServerModule = { name: 'working-time', routes: workingTimeRoutes };
