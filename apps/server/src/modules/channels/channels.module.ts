import { registerSubscriber } from '../../platform/outbox.js';
import type { ServerModule } from '../../platform/modules.js';
import { channelsRoutes } from './channels.routes.js';
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

export const channelsModule: ServerModule = {
  name: 'channels',
  routes: channelsRoutes,
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
  },
};
