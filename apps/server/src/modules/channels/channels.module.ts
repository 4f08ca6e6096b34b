import { registerSubscriber } from '../../platform/outbox.js';
import type { ServerModule } from '../../platform/modules.js';
import { channelsRoutes } from './channels.routes.js';
import { startForwardingListener } from './email-forwarding.js';
import { watchMailboxes } from './email-idle.js';
import { webhookRoutes } from './webhook-routes.js';
import {
  INBOUND_SWEEP_CRON,
  INBOUND_SWEEP_JOB,
  registerInbound,
  sweepChannelEvents,
} from './channel-events.js';
import {
  EMAIL_POLL_DUE_JOB,
  EMAIL_POLL_JOB,
  EMAIL_REPLIES_SUBSCRIBER,
  EMAIL_SEND_JOB,
  onReplyEvent,
  pollMailbox,
  queueDuePolls,
  sendQueuedReply,
} from './email.service.js';

import { refreshDueTokens, ZALO_REFRESH_CRON, ZALO_REFRESH_JOB } from './zalo/zalo-channel.js';
import { onCommented, sendQueuedMessage, ZALO_SEND_JOB } from './zalo/zalo-outbound.js';
import { handleZaloEvent, zaloWebhook } from './zalo/zalo-webhook.js';
import { zaloRoutes } from './zalo/zalo.routes.js';
// --- Facebook Messenger
import {
  FACEBOOK_SEND_JOB,
  onFacebookCommented,
  sendQueuedFacebookMessage,
} from './facebook/facebook-outbound.js';
import { facebookWebhook, handleFacebookEvent } from './facebook/facebook-webhook.js';
// --- end Facebook Messenger
// --- WhatsApp
import {
  onCommented as onWhatsAppCommented,
  sendQueuedMessage as sendQueuedWhatsApp,
  WHATSAPP_SEND_JOB,
} from './whatsapp/whatsapp-outbound.js';
import { handleWhatsAppEvent, whatsappWebhook } from './whatsapp/whatsapp-webhook.js';
// --- end WhatsApp

declare module '../../platform/tenant-memo.js' {
  interface ChangeTopics {
    /** the connected channels every webhook delivery reads (`channel-loader.ts`). */
    channels: true;
  }
}

export const channelsModule: ServerModule = {
  name: 'channels',
  routes: (app, platform) => {
    channelsRoutes(app, platform);
    zaloRoutes(app, platform);
    for (const hook of [zaloWebhook, facebookWebhook, whatsappWebhook])
      webhookRoutes(hook)(app, platform);
  },
  // Connected channels, as every webhook delivery reads them.
  memoTopics: [{ topic: 'channels', tables: ['channels'] }],
  start: async (platform) => {
    // Email comes in by IMAP IDLE (besides the polls) and, when configured, by forwarding.
    const idle = platform.config.emailIdle ? watchMailboxes(platform) : undefined;
    const listener = platform.config.inboundSmtp
      ? await startForwardingListener(platform, platform.config.inboundSmtp)
      : undefined;
    return async () => {
      await Promise.all([idle?.stop(), listener?.close()]);
    };
  },
  jobs: (platform) => {
    // Email: every minute, each mailbox whose interval is due is read (one poll at a time each).
    platform.jobs.register(EMAIL_POLL_DUE_JOB, () => queueDuePolls(platform), {
      cron: '* * * * *',
    });
    platform.jobs.register(
      EMAIL_POLL_JOB,
      async (data) => void (await pollMailbox(platform, String(data.channel_id))),
      { policy: 'short', workers: 2 },
    );
    // A public reply on an email ticket goes out as a job (retried on transient refusals).
    registerSubscriber(
      platform,
      EMAIL_REPLIES_SUBSCRIBER,
      (event) => onReplyEvent(platform, event),
      (event) => event.type === 'ticket.commented' && event.payload.queued === true,
    );
    platform.jobs.register(
      EMAIL_SEND_JOB,
      (data) => sendQueuedReply(platform, String(data.message_id), Number(data.attempt) || 1),
      { workers: 2 },
    );
    // Chat channels' webhook events: processed by the instance that stored them, each sender's
    // in order; what is left unprocessed a minute later is swept by any instance.
    platform.jobs.register(
      INBOUND_SWEEP_JOB,
      async () => {
        await sweepChannelEvents(platform);
      },
      { cron: INBOUND_SWEEP_CRON },
    );
    // --- Zalo OA: webhook events, replies sent as jobs, tokens refreshed before they expire.
    registerInbound(platform, 'zalo', handleZaloEvent);
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
      (event) => event.type === 'ticket.commented' && event.payload.queued === true,
    );
    // --- end Zalo OA
    // --- Facebook Messenger: the same shape as Zalo's.
    registerInbound(platform, 'facebook', handleFacebookEvent);
    platform.jobs.register(
      FACEBOOK_SEND_JOB,
      async (data) => {
        await sendQueuedFacebookMessage(
          platform,
          String(data.message_id),
          Number(data.attempt) || 1,
        );
      },
      { workers: 2 },
    );
    registerSubscriber(
      platform,
      'channels-facebook-send',
      (event) => onFacebookCommented(platform, event),
      (event) => event.type === 'ticket.commented' && event.payload.queued === true,
    );
    // --- end Facebook Messenger
    // --- WhatsApp: webhook items, replies sent as jobs.
    registerInbound(platform, 'whatsapp', handleWhatsAppEvent);
    platform.jobs.register(
      WHATSAPP_SEND_JOB,
      async (data) => {
        await sendQueuedWhatsApp(platform, String(data.message_id), Number(data.attempt) || 1);
      },
      { workers: 2 },
    );
    registerSubscriber(
      platform,
      'channels-whatsapp-send',
      (event) => onWhatsAppCommented(platform, event),
      (event) => event.type === 'ticket.commented' && event.payload.queued === true,
    );
    // --- end WhatsApp
  },
};
