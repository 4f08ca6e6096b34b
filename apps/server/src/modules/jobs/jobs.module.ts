import type { ServerModule } from '../../platform/modules.js';
import { jobsRoutes } from './jobs.routes.js';
import { registerJobSweep } from './jobs.service.js';

export const jobsModule: ServerModule = {
  name: 'jobs',
  routes: jobsRoutes,
  // Resumable jobs (a bulk change) that lost the process running them go on elsewhere.
  jobs: (platform) => registerJobSweep(platform),
};
