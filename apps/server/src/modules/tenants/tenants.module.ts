import type { ServerModule } from '../../platform/modules.js';
import { tenantsRoutes } from './tenants.routes.js';

export const tenantsModule: ServerModule = { name: 'tenants', routes: tenantsRoutes };
