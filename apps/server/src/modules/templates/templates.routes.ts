import { z } from 'zod';
import {
  messageTemplateView,
  userTemplatesQuery,
} from '@omnicare/shared/templates/templates.schemas';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, list } from '../../platform/respond.js';
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
