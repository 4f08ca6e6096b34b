import { registerSubscriber } from '../../platform/outbox.js';
import type { ServerModule } from '../../platform/modules.js';
import { monitorHubOf } from './monitor-hub.js';
import { monitorsChanged } from './monitor-pulse.js';
import { monitorsRoutes } from './monitors.routes.js';

/**
 * Live monitors (README.md): one snapshot per tenant on each instance that has watchers,
 * recomputed when presence, calls, conversations or channels change, pushed over socket.io.
 */
export const monitorsModule: ServerModule = {
  name: 'monitors',
  routes: monitorsRoutes,
  realtime: (platform) => {
    const hub = monitorHubOf(platform);
    platform.realtime.io.on('connection', (socket) => hub.attach(socket));
  },
  jobs: (platform) => {
    // Tickets and conversations (a message, an assignment, a status): a live push, no delivery
    // bookkeeping; the monitors coalesce and recompute on each instance that has watchers.
    registerSubscriber(
      platform,
      'monitors',
      async (event) => monitorsChanged(platform, event.tenantId, 'conversations'),
      (event) => event.type.startsWith('ticket.'),
      { broadcast: true },
    );
  },
};
