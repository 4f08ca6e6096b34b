import { registerSubscriber } from '../../platform/outbox.js';
import type { ServerModule } from '../../platform/modules.js';
import { channelsRoutes } from './channels.routes.js';
import { refreshDueTokens, ZALO_REFRESH_CRON, ZALO_REFRESH_JOB } from './zalo/zalo-channel.js';
import { onCommented, sendQueuedMessage, ZALO_SEND_JOB } from './zalo/zalo-outbound.js';
import { processZaloEvent, ZALO_INBOUND_JOB } from './zalo/zalo-webhook.js';
import { zaloRoutes } from './zalo/zalo.routes.js';

export const channelsModule: ServerModule = {
  name: 'channels',
  routes: (app, platform) => {
    channelsRoutes(app, platform);
    zaloRoutes(app, platform);
  },
  jobs: (platform) => {
    // --- Zalo OA: webhook events processed after they were stored (one worker: a follower's
    // messages keep their order), replies sent as jobs, tokens refreshed before they expire.
    platform.jobs.register(ZALO_INBOUND_JOB, async (data) => {
      await processZaloEvent(platform, String(data.event_id));
    });
    platform.jobs.register(
      ZALO_SEND_JOB,
      async (data) => {
        await sendQueuedMessage(platform, String(data.message_id), Number(data.attempt) || 1);
      },
      { workers: 2 },
    );
    platform.jobs.register(
      ZALO_REFRESH_JOB,
      async () => {
        await refreshDueTokens(platform);
      },
      { cron: ZALO_REFRESH_CRON },
    );
    registerSubscriber(
      platform,
      'channels-zalo-send',
      (event) => onCommented(platform, event),
      (event) => event.type === 'ticket.commented',
    );
    // --- end Zalo OA
  },
};
