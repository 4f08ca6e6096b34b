import type { ServerModule } from '../../platform/modules.js';
import type { RouteModule } from '../../platform/routes.js';
import { callsRoutes } from './calls.routes.js';
import { gatewayRoutes } from './gateway.routes.js';
import { queuesRoutes } from './queues.routes.js';

const routes: RouteModule = (app, platform) => {
  queuesRoutes(app, platform);
  gatewayRoutes(app, platform);
  callsRoutes(app, platform);
};

export const telephonyModule: ServerModule = { name: 'telephony', routes };
