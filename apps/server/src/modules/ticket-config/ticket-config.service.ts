import {
  PRIORITY_MESSAGES,
  SERVICE_MESSAGES,
  TICKET_TEMPLATE_MESSAGES,
  TYPE_MESSAGES,
  inUseMessage,
  priorityBody,
  priorityView,
  serviceBody,
  serviceQuery,
  serviceView,
  ticketTemplateBody,
  ticketTemplateView,
  ticketTypeBody,
  ticketTypeView,
  type Priority,
  type Service,
  type TicketTemplate,
  type TicketType,
  type Usage,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { isEmptyCustomValue, validateCustomValues } from '@omnicare/shared/fields/fields.schemas';
import { REALTIME_EVENTS } from '@omnicare/shared/notifications/notifications.schemas';
import type { z } from 'zod';
import type { Platform } from '../../platform/context.js';
import {
  catalogue,
  inUseError,
  tableCatalogue,
  tableWrites,
  type CatalogueContext,
  type CatalogueEntity,
} from '../../platform/catalogue.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { ticketPriorities, ticketServices, ticketTypes } from '../../db/schema/ticket-config.js';
import { ticketTemplates as ticketTemplatesTable } from '../../db/schema/ticket-settings.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { listFields } from '../fields/fields.service.js';
import * as repo from './ticket-config.repository.js';

/** Reading the lists: every staff member (the ticket form needs them); changing: administrators. */
export const SETTINGS_ACCESS = { read: 'authenticated', manage: 'ticket_config.manage' } as const;

/** The tenant's open screens read their settings again (the event names only the kind). */
export function ticketSettingsChanged(ctx: CatalogueContext, entity: CatalogueEntity) {
  ctx.platform.realtime.toTenant(ctx.tenantId, REALTIME_EVENTS.ticketSettings, { entity });
}

/** What the ticket settings of this module share: their tag, access, and telling screens. */
const SETTING = {
  tag: 'ticket-config',
  access: SETTINGS_ACCESS,
  changed: ticketSettingsChanged,
} as const;

/** The in-use refusal of a ticket setting: 'Mức độ ưu tiên đang được dùng bởi 12 ticket'. */
export const usageError = (subject: string, usage: Usage) =>
  inUseError(inUseMessage(subject, usage));

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/* ---------------------------------------------------------------------------- priorities */

export const priorities = catalogue({
  ...SETTING,
  entity: 'ticket_priority',
  messages: PRIORITY_MESSAGES,
  paths: { list: '/v2/priorities', create: '/v2/priorities', one: '/v2/priority/:id' },
  summaries: {
    list: 'Mức độ ưu tiên',
    record: 'mức độ ưu tiên',
  },
  schemas: { view: priorityView, body: priorityBody },
  ...tableCatalogue(ticketPriorities, {
    toView: (row): Priority => ({
      _id: row.id,
      name: row.name,
      color: row.color,
      order: row.position,
      ...stamps(row),
    }),
    toValues: (_ctx, body: z.output<typeof priorityBody>) => ({
      name: body.name,
      color: body.color,
      position: body.order,
    }),
  }),
  inUse: async (ctx, id) =>
    usageError(PRIORITY_MESSAGES.subject, await repo.priorityUsage(ctx.db, ctx.tenantId, id)),
});

/* --------------------------------------------------------------------------------- types */

export const types = catalogue({
  ...SETTING,
  entity: 'ticket_type',
  messages: TYPE_MESSAGES,
  paths: { list: '/v2/types', create: '/v2/types', one: '/v2/type/:id' },
  summaries: {
    list: 'Loại ticket',
    record: 'loại ticket',
  },
  schemas: { view: ticketTypeView, body: ticketTypeBody },
  ...tableCatalogue(ticketTypes, {
    toView: (row): TicketType => ({
      _id: row.id,
      name: row.name,
      order: row.position,
      ...stamps(row),
    }),
    toValues: (_ctx, body: z.output<typeof ticketTypeBody>) => ({
      name: body.name,
      position: body.order,
    }),
  }),
  inUse: async (ctx, id) =>
    usageError(TYPE_MESSAGES.subject, await repo.typeUsage(ctx.db, ctx.tenantId, id)),
});

/* ------------------------------------------------------------------------------ services */

type ServiceListed = Awaited<ReturnType<typeof repo.listServices>>[number];
const toService = ({ service, typeName }: ServiceListed): Service => ({
  _id: service.id,
  name: service.name,
  type_id: service.typeId,
  type_name: typeName,
  order: service.position,
  ...stamps(service),
});

export const services = catalogue({
  ...SETTING,
  entity: 'ticket_service',
  messages: SERVICE_MESSAGES,
  paths: { list: '/v2/services', create: '/v2/services', one: '/v2/service/:id' },
  summaries: {
    list: 'Dịch vụ (type_id: của loại đó và dùng cho mọi loại)',
    record: 'dịch vụ',
  },
  schemas: { view: serviceView, body: serviceBody, query: serviceQuery },
  list: async (ctx, query) =>
    (await repo.listServices(ctx.db, ctx.tenantId, { typeId: query.type_id })).map(toService),
  find: async (ctx, id) => {
    const [row] = await repo.listServices(ctx.db, ctx.tenantId, { id });
    return row && toService(row);
  },
  ...tableWrites(ticketServices, async (ctx, body: z.output<typeof serviceBody>) => {
    if (body.type_id && !(await types.definition.find(ctx, body.type_id)))
      throw fieldError('type_id', SERVICE_MESSAGES.typeMissing);
    return { name: body.name, typeId: body.type_id, position: body.order };
  }),
  inUse: async (ctx, id) =>
    usageError(SERVICE_MESSAGES.subject, await repo.serviceUsage(ctx.db, ctx.tenantId, id)),
});

/* ----------------------------------------------------------------------- ticket templates */

type TemplateListed = Awaited<ReturnType<typeof repo.listTemplates>>[number];

async function toTemplates(platform: Platform, tenantId: string, rows: TemplateListed[]) {
  const tagIds = [...new Set(rows.flatMap((row) => row.template.tagIds))];
  const names = new Map(
    (await repo.tagsByIds(platform.db, tenantId, tagIds)).map((tag) => [tag.id, tag.name]),
  );
  const named = (id: string | null, name: string | null) =>
    id && name !== null ? { _id: id, name } : null;
  return rows.map(({ template, typeName, priorityName, serviceName }): TicketTemplate => ({
    _id: template.id,
    name: template.name,
    subject: template.subject,
    description: template.description,
    type_id: template.typeId,
    priority_id: template.priorityId,
    service_id: template.serviceId,
    type: named(template.typeId, typeName),
    priority: named(template.priorityId, priorityName),
    service: named(template.serviceId, serviceName),
    // A tag deleted since drops out of the prefill.
    tag_ids: template.tagIds.filter((id) => names.has(id)),
    tags: template.tagIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ _id: id, name }];
    }),
    custom: template.custom as TicketTemplate['custom'],
    ...stamps(template),
  }));
}

/** The references of a template: each must be the tenant's; a typed service must match the type. */
async function checkTemplateRefs(ctx: CatalogueContext, body: z.output<typeof ticketTemplateBody>) {
  if (body.type_id && !(await types.definition.find(ctx, body.type_id)))
    throw fieldError('type_id', TICKET_TEMPLATE_MESSAGES.typeMissing);
  if (body.priority_id && !(await priorities.definition.find(ctx, body.priority_id)))
    throw fieldError('priority_id', TICKET_TEMPLATE_MESSAGES.priorityMissing);
  if (body.service_id) {
    const service = await services.definition.find(ctx, body.service_id);
    if (!service) throw fieldError('service_id', TICKET_TEMPLATE_MESSAGES.serviceMissing);
    if (service.type_id && service.type_id !== body.type_id)
      throw fieldError('service_id', TICKET_TEMPLATE_MESSAGES.serviceOtherType);
  }
  if ((await repo.tagsByIds(ctx.db, ctx.tenantId, body.tag_ids)).length !== body.tag_ids.length)
    throw fieldError('tag_ids', TICKET_TEMPLATE_MESSAGES.tagMissing);
  // A prefill: empty values are dropped, and required fields are left for the ticket form.
  const custom = Object.fromEntries(
    Object.entries(body.custom).filter(([, value]) => !isEmptyCustomValue(value)),
  );
  const fields = await listFields(ctx.platform, ctx.tenantId, 'ticket');
  const problems = validateCustomValues(fields, custom, {});
  if (problems.length > 0) throw new AppError(422, problems[0]?.message, problems);
  return custom;
}

/** Ticket templates (the spec's `/v2/templates`: message templates live under `/v2/core`). */
export const ticketTemplates = catalogue({
  ...SETTING,
  entity: 'ticket_template',
  messages: TICKET_TEMPLATE_MESSAGES,
  paths: { list: '/v2/templates', create: '/v2/templates', one: '/v2/template/:id' },
  summaries: {
    list: 'Mẫu ticket',
    get: 'Một mẫu ticket',
    record: 'mẫu ticket',
  },
  schemas: { view: ticketTemplateView, body: ticketTemplateBody },
  list: async (ctx) =>
    toTemplates(ctx.platform, ctx.tenantId, await repo.listTemplates(ctx.db, ctx.tenantId)),
  find: async (ctx, id) => {
    const rows = await repo.listTemplates(ctx.db, ctx.tenantId, id);
    const [row] = await toTemplates(ctx.platform, ctx.tenantId, rows);
    return row;
  },
  ...tableWrites(ticketTemplatesTable, async (ctx, body: z.output<typeof ticketTemplateBody>) => ({
    name: body.name,
    subject: body.subject,
    // Rich text as a ticket's: it becomes the description of the tickets made from it.
    description: sanitizeRichText(body.description),
    typeId: body.type_id,
    priorityId: body.priority_id,
    serviceId: body.service_id,
    tagIds: body.tag_ids,
    custom: await checkTemplateRefs(ctx, body),
  })),
});
