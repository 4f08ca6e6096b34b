import type {
  priorityBody,
  serviceBody,
  ticketTemplateBody,
  ticketTypeBody,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import {
  PRIORITY_MESSAGES,
  SERVICE_MESSAGES,
  TICKET_TEMPLATE_MESSAGES,
  TYPE_MESSAGES,
  inUseMessage,
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
import type { AuthContext } from '../../platform/auth.js';
import { pgErrorCode } from '../../platform/db.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { writeAudit } from '../audit/audit.service.js';
import { listFields } from '../fields/fields.service.js';
import * as repo from './ticket-config.repository.js';

type AuditInput = Parameters<typeof writeAudit>[1];

type Subject = Pick<AuditInput, 'entity' | 'action'>;

/** Records a change of the configuration in the audit log, and tells the tenant's screens. */
export async function audit(
  platform: Platform,
  auth: AuthContext,
  subject: Subject,
  entityId: string,
  before?: unknown,
  after?: unknown,
) {
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    entityId,
    before,
    after,
    ...subject,
  } as AuditInput);
  // The tenant's open screens read their settings again (the event names only the kind).
  platform.realtime.toTenant(auth.tenantId, REALTIME_EVENTS.ticketSettings, {
    entity: subject.entity,
  });
}

/** 422 naming what uses the value, or nothing when unused. */
export function refuseInUse(subject: string, usage: Usage) {
  const message = inUseMessage(subject, usage);
  if (message) throw new AppError(422, message, [{ param: 'id', message }]);
}

/**
 * Deletes after checking usage; a reference made in the meantime trips the foreign key, and
 * the refusal is then the same.
 */
export async function deleteChecked(
  subject: string,
  usage: () => Promise<Usage>,
  remove: () => Promise<void>,
) {
  refuseInUse(subject, await usage());
  try {
    await remove();
  } catch (error) {
    if (pgErrorCode(error) === '23503') refuseInUse(subject, await usage());
    throw error;
  }
}

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/* ---------------------------------------------------------------------------- priorities */

type PriorityRow = NonNullable<Awaited<ReturnType<typeof repo.findPriority>>>;
const toPriority = (row: PriorityRow): Priority => ({
  _id: row.id,
  name: row.name,
  color: row.color,
  order: row.position,
  ...stamps(row),
});

export async function listPriorities(platform: Platform, tenantId: string) {
  return (await repo.listPriorities(platform.db, tenantId)).map(toPriority);
}

async function mustPriority(platform: Platform, tenantId: string, id: string) {
  const row = await repo.findPriority(platform.db, tenantId, id);
  if (!row) throw notFound(PRIORITY_MESSAGES.notFound);
  return row;
}

export async function savePriority(
  platform: Platform,
  auth: AuthContext,
  id: string | null,
  body: z.output<typeof priorityBody>,
) {
  const before = id ? toPriority(await mustPriority(platform, auth.tenantId, id)) : undefined;
  if (await repo.priorityNameTaken(platform.db, auth.tenantId, body.name, id ?? undefined))
    throw fieldError('name', PRIORITY_MESSAGES.nameTaken);
  const values = { name: body.name, color: body.color, position: body.order };
  const row = id
    ? await repo.updatePriority(platform.db, auth.tenantId, id, values)
    : await repo.insertPriority(platform.db, { tenantId: auth.tenantId, ...values });
  if (!row) throw notFound(PRIORITY_MESSAGES.notFound);
  const after = toPriority(row);
  await audit(
    platform,
    auth,
    { entity: 'ticket_priority', action: id ? 'update' : 'create' },
    row.id,
    before,
    after,
  );
  return after;
}

export async function deletePriority(platform: Platform, auth: AuthContext, id: string) {
  const before = toPriority(await mustPriority(platform, auth.tenantId, id));
  await deleteChecked(
    PRIORITY_MESSAGES.subject,
    () => repo.priorityUsage(platform.db, auth.tenantId, id),
    () => repo.deletePriority(platform.db, auth.tenantId, id),
  );
  await audit(platform, auth, { entity: 'ticket_priority', action: 'delete' }, id, before);
}

/* --------------------------------------------------------------------------------- types */

type TypeRow = NonNullable<Awaited<ReturnType<typeof repo.findType>>>;
const toType = (row: TypeRow): TicketType => ({
  _id: row.id,
  name: row.name,
  order: row.position,
  ...stamps(row),
});

export async function listTypes(platform: Platform, tenantId: string) {
  return (await repo.listTypes(platform.db, tenantId)).map(toType);
}

async function mustType(platform: Platform, tenantId: string, id: string) {
  const row = await repo.findType(platform.db, tenantId, id);
  if (!row) throw notFound(TYPE_MESSAGES.notFound);
  return row;
}

export async function saveType(
  platform: Platform,
  auth: AuthContext,
  id: string | null,
  body: z.output<typeof ticketTypeBody>,
) {
  const before = id ? toType(await mustType(platform, auth.tenantId, id)) : undefined;
  if (await repo.typeNameTaken(platform.db, auth.tenantId, body.name, id ?? undefined))
    throw fieldError('name', TYPE_MESSAGES.nameTaken);
  const values = { name: body.name, position: body.order };
  const row = id
    ? await repo.updateType(platform.db, auth.tenantId, id, values)
    : await repo.insertType(platform.db, { tenantId: auth.tenantId, ...values });
  if (!row) throw notFound(TYPE_MESSAGES.notFound);
  const after = toType(row);
  await audit(
    platform,
    auth,
    { entity: 'ticket_type', action: id ? 'update' : 'create' },
    row.id,
    before,
    after,
  );
  return after;
}

export async function deleteType(platform: Platform, auth: AuthContext, id: string) {
  const before = toType(await mustType(platform, auth.tenantId, id));
  await deleteChecked(
    TYPE_MESSAGES.subject,
    () => repo.typeUsage(platform.db, auth.tenantId, id),
    () => repo.deleteType(platform.db, auth.tenantId, id),
  );
  await audit(platform, auth, { entity: 'ticket_type', action: 'delete' }, id, before);
}

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

export async function listServices(platform: Platform, tenantId: string, typeId?: string) {
  return (await repo.listServices(platform.db, tenantId, { typeId })).map(toService);
}

async function getService(platform: Platform, tenantId: string, id: string) {
  const [row] = await repo.listServices(platform.db, tenantId, { id });
  if (!row) throw notFound(SERVICE_MESSAGES.notFound);
  return toService(row);
}

export async function saveService(
  platform: Platform,
  auth: AuthContext,
  id: string | null,
  body: z.output<typeof serviceBody>,
) {
  const before = id ? await getService(platform, auth.tenantId, id) : undefined;
  if (await repo.serviceNameTaken(platform.db, auth.tenantId, body.name, id ?? undefined))
    throw fieldError('name', SERVICE_MESSAGES.nameTaken);
  if (body.type_id && !(await repo.findType(platform.db, auth.tenantId, body.type_id)))
    throw fieldError('type_id', SERVICE_MESSAGES.typeMissing);
  const values = { name: body.name, typeId: body.type_id, position: body.order };
  const row = id
    ? await repo.updateService(platform.db, auth.tenantId, id, values)
    : await repo.insertService(platform.db, { tenantId: auth.tenantId, ...values });
  if (!row) throw notFound(SERVICE_MESSAGES.notFound);
  const after = await getService(platform, auth.tenantId, row.id);
  await audit(
    platform,
    auth,
    { entity: 'ticket_service', action: id ? 'update' : 'create' },
    row.id,
    before,
    after,
  );
  return after;
}

export async function deleteService(platform: Platform, auth: AuthContext, id: string) {
  const before = await getService(platform, auth.tenantId, id);
  await deleteChecked(
    SERVICE_MESSAGES.subject,
    () => repo.serviceUsage(platform.db, auth.tenantId, id),
    () => repo.deleteService(platform.db, auth.tenantId, id),
  );
  await audit(platform, auth, { entity: 'ticket_service', action: 'delete' }, id, before);
}

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

export async function listTemplates(platform: Platform, tenantId: string) {
  return toTemplates(platform, tenantId, await repo.listTemplates(platform.db, tenantId));
}

export async function getTemplate(platform: Platform, tenantId: string, id: string) {
  const [row] = await toTemplates(
    platform,
    tenantId,
    await repo.listTemplates(platform.db, tenantId, id),
  );
  if (!row) throw notFound(TICKET_TEMPLATE_MESSAGES.notFound);
  return row;
}

/** The references of a template: each must be the tenant's; a typed service must match the type. */
async function checkTemplateRefs(
  platform: Platform,
  tenantId: string,
  body: z.output<typeof ticketTemplateBody>,
) {
  const { db } = platform;
  if (body.type_id && !(await repo.findType(db, tenantId, body.type_id)))
    throw fieldError('type_id', TICKET_TEMPLATE_MESSAGES.typeMissing);
  if (body.priority_id && !(await repo.findPriority(db, tenantId, body.priority_id)))
    throw fieldError('priority_id', TICKET_TEMPLATE_MESSAGES.priorityMissing);
  if (body.service_id) {
    const service = await repo.findService(db, tenantId, body.service_id);
    if (!service) throw fieldError('service_id', TICKET_TEMPLATE_MESSAGES.serviceMissing);
    if (service.typeId && service.typeId !== body.type_id)
      throw fieldError('service_id', TICKET_TEMPLATE_MESSAGES.serviceOtherType);
  }
  if ((await repo.tagsByIds(db, tenantId, body.tag_ids)).length !== body.tag_ids.length)
    throw fieldError('tag_ids', TICKET_TEMPLATE_MESSAGES.tagMissing);
  // A prefill: empty values are dropped, and required fields are left for the ticket form.
  const custom = Object.fromEntries(
    Object.entries(body.custom).filter(([, value]) => !isEmptyCustomValue(value)),
  );
  const problems = validateCustomValues(await listFields(platform, tenantId, 'ticket'), custom, {});
  if (problems.length > 0) throw new AppError(422, problems[0]?.message, problems);
  return custom;
}

export async function saveTemplate(
  platform: Platform,
  auth: AuthContext,
  id: string | null,
  body: z.output<typeof ticketTemplateBody>,
) {
  const before = id ? await getTemplate(platform, auth.tenantId, id) : undefined;
  if (await repo.templateNameTaken(platform.db, auth.tenantId, body.name, id ?? undefined))
    throw fieldError('name', TICKET_TEMPLATE_MESSAGES.nameTaken);
  const custom = await checkTemplateRefs(platform, auth.tenantId, body);
  const values = {
    name: body.name,
    subject: body.subject,
    // Rich text as a ticket's: it becomes the description of the tickets made from it.
    description: sanitizeRichText(body.description),
    typeId: body.type_id,
    priorityId: body.priority_id,
    serviceId: body.service_id,
    tagIds: body.tag_ids,
    custom,
  };
  const row = id
    ? await repo.updateTemplate(platform.db, auth.tenantId, id, values)
    : await repo.insertTemplate(platform.db, { tenantId: auth.tenantId, ...values });
  if (!row) throw notFound(TICKET_TEMPLATE_MESSAGES.notFound);
  const after = await getTemplate(platform, auth.tenantId, row.id);
  await audit(
    platform,
    auth,
    { entity: 'ticket_template', action: id ? 'update' : 'create' },
    row.id,
    before,
    after,
  );
  return after;
}

export async function deleteTemplate(platform: Platform, auth: AuthContext, id: string) {
  const before = await getTemplate(platform, auth.tenantId, id);
  await repo.deleteTemplate(platform.db, auth.tenantId, id);
  await audit(platform, auth, { entity: 'ticket_template', action: 'delete' }, id, before);
}
