import type {
  Priority,
  PriorityBody,
  Service,
  ServiceBody,
  SmartView,
  SmartViewBody,
  TicketTemplate,
  TicketTemplateBody,
  TicketType,
  TicketTypeBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import type { Schedule, ScheduleBody } from '@omnicare/shared/working-time/working-time.schemas';
import type { SlaOrderBody, SlaPolicy, SlaPolicyBody } from '@omnicare/shared/sla/sla.schemas';
import { apiRequestWithMessage } from '@/lib/http';
import { atPaths, type Catalogue } from '@/components/catalogue/catalogue-api';

/** Every ticket setting's list (`ticketSettingsKeys.all` covers them all). */
const ALL = ['ticket-settings'] as const;
/** The ticket lists' queries (`ticketKeys.lists` of the tickets feature). */
const TICKET_LISTS = ['tickets', 'list'] as const;

/**
 * Lists show names and counts of each other (a service's type, a policy's schedule); the ticket
 * lists show their names too, and a saved view's tickets are its filters' (the list caches them).
 */
const setting = <Row extends { _id: string; name: string }, Body>(
  name: string,
  paths: { list: string; create?: string; one: string },
  updateMethod?: 'POST',
) => atPaths<Row, Body>([...ALL, name], paths, { invalidates: [ALL, TICKET_LISTS], updateMethod });

interface ResourceTypes {
  priorities: { row: Priority; body: PriorityBody };
  types: { row: TicketType; body: TicketTypeBody };
  services: { row: Service; body: ServiceBody };
  templates: { row: TicketTemplate; body: TicketTemplateBody };
  views: { row: SmartView; body: SmartViewBody };
  schedules: { row: Schedule; body: ScheduleBody };
  slaPolicies: { row: SlaPolicy; body: SlaPolicyBody };
}
export type ResourceName = keyof ResourceTypes;

/** The ticket settings as catalogues, at the spec's paths (`/v2/priorities` + `/v2/priority/{id}`). */
export const TICKET_SETTINGS: {
  [N in ResourceName]: Catalogue<ResourceTypes[N]['row'], ResourceTypes[N]['body']>;
} = {
  priorities: setting<Priority, PriorityBody>('priorities', {
    list: '/v2/priorities',
    one: '/v2/priority',
  }),
  types: setting<TicketType, TicketTypeBody>('types', { list: '/v2/types', one: '/v2/type' }),
  services: setting<Service, ServiceBody>('services', {
    list: '/v2/services',
    one: '/v2/service',
  }),
  templates: setting<TicketTemplate, TicketTemplateBody>('templates', {
    list: '/v2/templates',
    one: '/v2/template',
  }),
  views: setting<SmartView, SmartViewBody>(
    'views',
    { list: '/v2/smart-view', one: '/v2/smart-view' },
    'POST',
  ),
  schedules: setting<Schedule, ScheduleBody>('schedules', {
    list: '/v2/time/schedules',
    create: '/v2/time/create-schedule',
    one: '/v2/time/schedules',
  }),
  slaPolicies: setting<SlaPolicy, SlaPolicyBody>('slaPolicies', {
    list: '/v2/sla-policies',
    one: '/v2/sla-policies',
  }),
};

/** PUT /v2/sla-policies/order: every policy, in the order they are to be tried. */
export const reorderSlaPolicies = (ids: string[]) =>
  apiRequestWithMessage<SlaPolicy[]>({
    method: 'PUT',
    url: '/v2/sla-policies/order',
    data: { ids } satisfies SlaOrderBody,
  });
