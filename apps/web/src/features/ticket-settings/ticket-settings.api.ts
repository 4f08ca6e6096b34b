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
import type { SlaPolicy, SlaPolicyBody } from '@omnicare/shared/sla/sla.schemas';
import { apiList, apiRequestWithMessage } from '@/lib/http';

/**
 * One configuration resource: its list path, where it is created, and how one record's path
 * is written (the spec's `/v2/priorities` + `/v2/priority/{id}` pairs).
 */
interface Resource {
  list: string;
  create: string;
  one: (id: string) => string;
  /** Smart views update by POST on their path. */
  updateMethod?: 'PUT' | 'POST';
}

const at = (prefix: string) => (id: string) => `${prefix}/${encodeURIComponent(id)}`;

export const RESOURCES = {
  priorities: { list: '/v2/priorities', create: '/v2/priorities', one: at('/v2/priority') },
  types: { list: '/v2/types', create: '/v2/types', one: at('/v2/type') },
  services: { list: '/v2/services', create: '/v2/services', one: at('/v2/service') },
  templates: { list: '/v2/templates', create: '/v2/templates', one: at('/v2/template') },
  views: {
    list: '/v2/smart-view',
    create: '/v2/smart-view',
    one: at('/v2/smart-view'),
    updateMethod: 'POST',
  },
  schedules: {
    list: '/v2/time/schedules',
    create: '/v2/time/create-schedule',
    one: at('/v2/time/schedules'),
  },
  slaPolicies: {
    list: '/v2/sla-policies',
    create: '/v2/sla-policies',
    one: at('/v2/sla-policies'),
  },
} as const satisfies Record<string, Resource>;

export interface ResourceTypes {
  priorities: { row: Priority; body: PriorityBody };
  types: { row: TicketType; body: TicketTypeBody };
  services: { row: Service; body: ServiceBody };
  templates: { row: TicketTemplate; body: TicketTemplateBody };
  views: { row: SmartView; body: SmartViewBody };
  schedules: { row: Schedule; body: ScheduleBody };
  slaPolicies: { row: SlaPolicy; body: SlaPolicyBody };
}
export type ResourceName = keyof ResourceTypes;

export const listResource = <N extends ResourceName>(
  name: N,
  signal?: AbortSignal,
  params?: Record<string, string>,
) => apiList<ResourceTypes[N]['row']>({ method: 'GET', url: RESOURCES[name].list, params, signal });

export function saveResource<N extends ResourceName>(
  name: N,
  { id, body }: { id: string | null; body: ResourceTypes[N]['body'] },
) {
  const resource: Resource = RESOURCES[name];
  return apiRequestWithMessage<ResourceTypes[N]['row']>(
    id
      ? { method: resource.updateMethod ?? 'PUT', url: resource.one(id), data: body }
      : { method: 'POST', url: resource.create, data: body },
  );
}

export const deleteResource = (name: ResourceName, id: string) =>
  apiRequestWithMessage<null>({ method: 'DELETE', url: RESOURCES[name].one(id) });
