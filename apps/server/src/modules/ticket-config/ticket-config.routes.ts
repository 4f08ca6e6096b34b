import { z } from 'zod';
import {
  PRIORITY_MESSAGES,
  SERVICE_MESSAGES,
  TICKET_TEMPLATE_MESSAGES,
  TYPE_MESSAGES,
  priorityBody,
  priorityView,
  serviceBody,
  serviceQuery,
  serviceView,
  ticketTemplateBody,
  ticketTemplateView,
  ticketTypeBody,
  ticketTypeView,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as service from './ticket-config.service.js';

const idParams = (message: string) => z.object({ id: z.uuid(message) });
const tags = ['ticket-config'];
/** Reading the lists: every staff member (the ticket form needs them); changing: administrators. */
const read = { access: 'authenticated' } as const;
const manage = { access: 'ticket_config.manage' } as const;

export const ticketConfigRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  /* -------------------------------------------------------------------------- priorities */
  const priorityId = idParams(PRIORITY_MESSAGES.notFound);
  r.get(
    '/v2/priorities',
    {
      schema: { tags, summary: 'Mức độ ưu tiên', response: answers.list(priorityView) },
      config: read,
    },
    async (request) => {
      const rows = await service.listPriorities(platform, authOf(request).tenantId);
      return list(rows, rows.length);
    },
  );
  r.post(
    '/v2/priorities',
    {
      schema: {
        tags,
        summary: 'Tạo mức độ ưu tiên',
        body: priorityBody,
        response: answers.created(priorityView),
      },
      config: manage,
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await service.savePriority(platform, authOf(request), null, request.body),
        PRIORITY_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/priority/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật mức độ ưu tiên',
        params: priorityId,
        body: priorityBody,
        response: answers.ok(priorityView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await service.savePriority(platform, authOf(request), request.params.id, request.body),
        PRIORITY_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/priority/:id',
    {
      schema: {
        tags,
        summary: 'Xóa mức độ ưu tiên',
        params: priorityId,
        response: answers.ok(noData),
      },
      config: manage,
    },
    async (request) => {
      await service.deletePriority(platform, authOf(request), request.params.id);
      return ok(null, PRIORITY_MESSAGES.deleted);
    },
  );

  /* ------------------------------------------------------------------------------- types */
  const typeId = idParams(TYPE_MESSAGES.notFound);
  r.get(
    '/v2/types',
    {
      schema: { tags, summary: 'Loại ticket', response: answers.list(ticketTypeView) },
      config: read,
    },
    async (request) => {
      const rows = await service.listTypes(platform, authOf(request).tenantId);
      return list(rows, rows.length);
    },
  );
  r.post(
    '/v2/types',
    {
      schema: {
        tags,
        summary: 'Tạo loại ticket',
        body: ticketTypeBody,
        response: answers.created(ticketTypeView),
      },
      config: manage,
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await service.saveType(platform, authOf(request), null, request.body),
        TYPE_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/type/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật loại ticket',
        params: typeId,
        body: ticketTypeBody,
        response: answers.ok(ticketTypeView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await service.saveType(platform, authOf(request), request.params.id, request.body),
        TYPE_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/type/:id',
    {
      schema: { tags, summary: 'Xóa loại ticket', params: typeId, response: answers.ok(noData) },
      config: manage,
    },
    async (request) => {
      await service.deleteType(platform, authOf(request), request.params.id);
      return ok(null, TYPE_MESSAGES.deleted);
    },
  );

  /* ---------------------------------------------------------------------------- services */
  const serviceId = idParams(SERVICE_MESSAGES.notFound);
  r.get(
    '/v2/services',
    {
      schema: {
        tags,
        summary: 'Dịch vụ (type_id: của loại đó và dùng cho mọi loại)',
        querystring: serviceQuery,
        response: answers.list(serviceView),
      },
      config: read,
    },
    async (request) => {
      const rows = await service.listServices(
        platform,
        authOf(request).tenantId,
        request.query.type_id,
      );
      return list(rows, rows.length);
    },
  );
  r.post(
    '/v2/services',
    {
      schema: {
        tags,
        summary: 'Tạo dịch vụ',
        body: serviceBody,
        response: answers.created(serviceView),
      },
      config: manage,
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await service.saveService(platform, authOf(request), null, request.body),
        SERVICE_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/service/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật dịch vụ',
        params: serviceId,
        body: serviceBody,
        response: answers.ok(serviceView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await service.saveService(platform, authOf(request), request.params.id, request.body),
        SERVICE_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/service/:id',
    {
      schema: { tags, summary: 'Xóa dịch vụ', params: serviceId, response: answers.ok(noData) },
      config: manage,
    },
    async (request) => {
      await service.deleteService(platform, authOf(request), request.params.id);
      return ok(null, SERVICE_MESSAGES.deleted);
    },
  );

  /* -------------------------------------------------------------------- ticket templates */
  const templateId = idParams(TICKET_TEMPLATE_MESSAGES.notFound);
  r.get(
    '/v2/templates',
    {
      schema: { tags, summary: 'Mẫu ticket', response: answers.list(ticketTemplateView) },
      config: read,
    },
    async (request) => {
      const rows = await service.listTemplates(platform, authOf(request).tenantId);
      return list(rows, rows.length);
    },
  );
  r.get(
    '/v2/template/:id',
    {
      schema: {
        tags,
        summary: 'Một mẫu ticket',
        params: templateId,
        response: answers.ok(ticketTemplateView),
      },
      config: read,
    },
    async (request) =>
      ok(await service.getTemplate(platform, authOf(request).tenantId, request.params.id)),
  );
  r.post(
    '/v2/templates',
    {
      schema: {
        tags,
        summary: 'Tạo mẫu ticket',
        body: ticketTemplateBody,
        response: answers.created(ticketTemplateView),
      },
      config: manage,
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await service.saveTemplate(platform, authOf(request), null, request.body),
        TICKET_TEMPLATE_MESSAGES.created,
      );
    },
  );
  r.put(
    '/v2/template/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật mẫu ticket',
        params: templateId,
        body: ticketTemplateBody,
        response: answers.ok(ticketTemplateView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await service.saveTemplate(platform, authOf(request), request.params.id, request.body),
        TICKET_TEMPLATE_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/template/:id',
    {
      schema: { tags, summary: 'Xóa mẫu ticket', params: templateId, response: answers.ok(noData) },
      config: manage,
    },
    async (request) => {
      await service.deleteTemplate(platform, authOf(request), request.params.id);
      return ok(null, TICKET_TEMPLATE_MESSAGES.deleted);
    },
  );
};
