import type { ServerModule } from '../../platform/modules.js';
import type { RouteModule } from '../../platform/routes.js';
import { callsRoutes } from './calls.routes.js';
import { gatewayRoutes } from './gateway.routes.js';
import { queuesRoutes } from './queues.routes.js';
import { sweepWrapUps, WRAP_UP_SWEEP_JOB } from './wrap-up.service.js';

const routes: RouteModule = (app, platform) => {
  queuesRoutes(app, platform);
  gatewayRoutes(app, platform);
  callsRoutes(app, platform);
};

export const telephonyModule: ServerModule = {
  name: 'telephony',
  routes,
  jobs: (platform) =>
    // Sent for each wrap-up's due time, and every minute in case one was lost.
    platform.jobs.register(
      WRAP_UP_SWEEP_JOB,
      async () => {
        await sweepWrapUps(platform);
      },
      { cron: '* * * * *' },
    ),
};
