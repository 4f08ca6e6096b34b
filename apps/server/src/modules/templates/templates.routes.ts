import { z } from 'zod';
import {
  messageTemplateView,
  TEMPLATE_MESSAGES,
  userTemplatesQuery,
  znsCheckView,
} from '@omnicare/shared/templates/templates.schemas';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as templates from './templates.service.js';

const userParams = z.object({ id: z.uuid('Mã người dùng không hợp lệ') });

/**
 * Catalogs and templates are catalogues (platform/catalogue.ts): their definitions are in the
 * service, which checks who may write a template from its visibility.
 */
export const templatesRoutes: RouteModule = (app, platform) => {
  catalogueRoutes(templates.templateCatalogs)(app, platform);
  catalogueRoutes(templates.messageTemplates)(app, platform);

  typed(app).post(
    '/v2/core/template/:id/zns-check',
    {
      schema: {
        tags: ['templates'],
        summary: 'Kiểm tra mẫu ZNS với mẫu đã đăng ký trên Zalo (trạng thái, tham số)',
        params: z.object({ id: z.uuid(TEMPLATE_MESSAGES.notFound) }),
        response: answers.ok(znsCheckView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const check = await templates.checkZnsTemplate(platform, authOf(request), request.params.id);
      return ok(check, check.message);
    },
  );

  typed(app).get(
    '/v2/templates/user/:id',
    {
      schema: {
        tags: ['templates'],
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
