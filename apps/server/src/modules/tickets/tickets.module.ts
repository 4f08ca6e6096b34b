import type { PayloadsOf } from '@omnicare/shared/platform/domain-events';
import { TICKET_EVENTS } from '@omnicare/shared/tickets/ticket-events';
import { customValuesHost } from '../../platform/custom-field-sql.js';
import { tickets } from '../../db/schema/tickets.js';
import type { ServerModule } from '../../platform/modules.js';
import { ticketsRoutes } from './tickets.routes.js';
import { ticketConversationRoutes } from './ticket-comments.routes.js';
import { registerSubscriber } from '../../platform/outbox.js';
import { getVisibleTicket } from './ticket-queries.js';
import { pushTicketChange } from './ticket-realtime.js';
import { notifyMentions } from './ticket-comments.service.js';
import { notifySlaBreach, runSlaBreaches, SLA_BREACH_JOB } from './ticket-sla.js';
import { assigneeGiven, notifyAssignment } from '../routing/assignment.js';
import { registerBulkJob } from './ticket-bulk.service.js';

declare module '../../platform/outbox.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the payload types in
  interface DomainEventPayloads extends PayloadsOf<typeof TICKET_EVENTS> {}
}

declare module '../../platform/tenant-memo.js' {
  interface ChangeTopics {
    /** ticket list counts and search probes. */
    tickets: true;
  }
}

export const ticketsModule: ServerModule = {
  name: 'tickets',
  events: [TICKET_EVENTS],
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
      async (event) => {
        if (event.aggregate === TICKET_EVENTS.aggregate) await pushTicketChange(platform, event);
      },
      undefined,
      { broadcast: true },
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
        (event.type === 'ticket.commented' && event.payload.mentions.length > 0),
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
