import type { ServerModule } from '../../platform/modules.js';
import { slaRoutes } from './sla.routes.js';

export const slaModule: ServerModule = { name: 'sla', routes: slaRoutes };
