import { z } from 'zod';
import {
  TEMPLATE_MESSAGES,
  messageTemplateView,
  templateBody,
  templateKindParams,
  templateListQuery,
  userTemplatesQuery,
} from '@omnicare/shared/templates/templates.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as templates from './templates.service.js';

const tags = ['templates'];
const templateParams = z.object({ id: z.uuid('Mã mẫu tin nhắn không hợp lệ') });
const userParams = z.object({ id: z.uuid('Mã người dùng không hợp lệ') });
// Catalogs are a catalogue (the administrators' to change); who may write a template depends on its visibility and is
// checked in the service (any staff member for their personal ones).

export const templatesRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  catalogueRoutes(templates.templateCatalogs)(app, platform);

  r.get(
    '/v2/core/templates/:kind',
    {
      schema: {
        tags,
        summary: 'Danh sách mẫu tin nhắn theo loại',
        params: templateKindParams,
        querystring: templateListQuery,
        response: answers.list(messageTemplateView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { data, total } = await templates.listTemplates(
        platform,
        authOf(request),
        request.params.kind,
        request.query,
      );
      return list(data, total);
    },
  );

  r.post(
    '/v2/core/template',
    {
      schema: {
        tags,
        summary: 'Tạo mẫu tin nhắn',
        body: templateBody,
        response: answers.created(messageTemplateView),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await templates.createTemplate(platform, authOf(request), request.body),
        TEMPLATE_MESSAGES.created,
      );
    },
  );

  r.get(
    '/v2/core/template/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết mẫu tin nhắn',
        params: templateParams,
        response: answers.ok(messageTemplateView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(await templates.getTemplate(platform, authOf(request), request.params.id)),
  );

  r.put(
    '/v2/core/template/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật mẫu tin nhắn',
        params: templateParams,
        body: templateBody,
        response: answers.ok(messageTemplateView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        await templates.updateTemplate(platform, authOf(request), request.params.id, request.body),
        TEMPLATE_MESSAGES.updated,
      ),
  );

  r.delete(
    '/v2/core/template/:id',
    {
      schema: {
        tags,
        summary: 'Xóa mẫu tin nhắn',
        params: templateParams,
        response: answers.ok(noData),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await templates.deleteTemplate(platform, authOf(request), request.params.id);
      return ok(null, TEMPLATE_MESSAGES.deleted);
    },
  );

  r.get(
    '/v2/templates/user/:id',
    {
      schema: {
        tags,
        summary: 'Mẫu tin nhắn người dùng được dùng',
        params: userParams,
        querystring: userTemplatesQuery,
        response: answers.list(messageTemplateView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const data = await templates.templatesOfUser(
        platform,
        authOf(request),
        request.params.id,
        request.query,
      );
      return list(data, data.length);
    },
  );
};
