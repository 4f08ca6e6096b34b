import type { ServerModule } from '../../platform/modules.js';
import { smartViewsRoutes } from './smart-views.routes.js';

export const smartViewsModule: ServerModule = { name: 'smart-views', routes: smartViewsRoutes };
