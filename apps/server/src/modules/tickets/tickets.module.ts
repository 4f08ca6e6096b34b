import { customValuesHost } from '../../platform/custom-field-sql.js';
import { tickets } from '../../db/schema/index.js';
import type { ServerModule } from '../../platform/modules.js';
import { ticketsRoutes } from './tickets.routes.js';
import { ticketConversationRoutes } from './ticket-comments.routes.js';
import { registerSubscriber } from '../../platform/outbox.js';
import { getVisibleTicket, pushTicketChange } from './tickets.service.js';
import { notifyMentions } from './ticket-comments.service.js';
import { notifySlaBreach, runSlaBreaches, SLA_BREACH_JOB } from './ticket-sla.js';
import { assigneeGiven, notifyAssignment } from './ticket-assignment.js';
import { registerBulkJob } from './ticket-bulk.service.js';

export const ticketsModule: ServerModule = {
  name: 'tickets',
  // The ticket itself, then its conversation, merge, split and links.
  routes: (app, platform) => {
    ticketsRoutes(app, platform);
    ticketConversationRoutes(app, platform);
  },
  jobs: (platform) => {
    // Live pushes: browsers refetch what they miss, so no delivery bookkeeping.
    registerSubscriber(
      platform,
      'realtime',
      (event) => pushTicketChange(platform, event),
      undefined,
      {
        broadcast: true,
      },
    );
    // Notifications that follow an event (an assignment, a breach, a mention): sent even if the
    // process that wrote the event dies right after its commit, once however often it is
    // delivered.
    registerSubscriber(
      platform,
      'notifications',
      async (event) => {
        await notifyAssignment(platform, event);
        await notifySlaBreach(platform, event);
        await notifyMentions(platform, event);
      },
      (event) =>
        assigneeGiven(event) !== undefined ||
        (event.type === 'ticket.updated' && event.payload.reason === 'sla_breach') ||
        (event.type === 'ticket.commented' &&
          ((event.payload.mentions as unknown[] | undefined)?.length ?? 0) > 0),
    );
    // Bulk actions over many tickets: a resumable job (progress and per-ticket results).
    registerBulkJob(platform);
    platform.jobs.register(
      SLA_BREACH_JOB,
      async () => {
        await runSlaBreaches(platform);
      },
      { cron: '* * * * *' },
    );
  },
  // Who else is on a ticket: only those who may see it (tenant and data scope) join its room.
  realtime: (platform) =>
    platform.realtime.allowWatching('ticket', (auth, id) =>
      getVisibleTicket(platform, auth, id).then(
        () => true,
        () => false,
      ),
    ),
  memoTopics: [
    // Ticket list counts and search probes: the tickets, their tags and followers, and what
    // data scopes read.
    {
      topic: 'tickets',
      tables: ['tickets', 'ticket_tags', 'ticket_followers', 'users', 'group_members'],
    },
  ],
  customFields: [
    {
      entity: 'ticket',
      ...customValuesHost({ table: tickets, tenantId: tickets.tenantId, custom: tickets.custom }),
    },
  ],
};
