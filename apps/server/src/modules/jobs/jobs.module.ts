import type { ServerModule } from '../../platform/modules.js';
import { jobsRoutes } from './jobs.routes.js';

export const jobsModule: ServerModule = { name: 'jobs', routes: jobsRoutes };
