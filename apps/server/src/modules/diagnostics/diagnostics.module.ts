import type { ServerModule } from '../../platform/modules.js';
import { diagnosticsRoutes } from './diagnostics.routes.js';

export const diagnosticsModule: ServerModule = { name: 'diagnostics', routes: diagnosticsRoutes };
