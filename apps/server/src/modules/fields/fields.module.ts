import type { ServerModule } from '../../platform/modules.js';
import { fieldsRoutes } from './fields.routes.js';

export const fieldsModule: ServerModule = { name: 'fields', routes: fieldsRoutes };
