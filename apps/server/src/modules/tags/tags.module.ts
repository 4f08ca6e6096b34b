import type { ServerModule } from '../../platform/modules.js';
import { tagsRoutes } from './tags.routes.js';

export const tagsModule: ServerModule = { name: 'tags', routes: tagsRoutes };
