import { z } from 'zod';
import {
  SMART_VIEW_MESSAGES,
  smartViewBody,
  smartViewView,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as views from './smart-views.service.js';

const idParams = z.object({ id: z.uuid(SMART_VIEW_MESSAGES.notFound) });
const tags = ['smart-views'];
/** Every staff member keeps personal views; the service checks who may share or change one. */
const config = { access: 'authenticated' } as const;

export const smartViewsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/smart-view',
    {
      schema: {
        tags,
        summary: 'View ticket: của tôi và dùng chung',
        response: answers.list(smartViewView),
      },
      config,
    },
    async (request) => {
      const rows = await views.listViews(platform, authOf(request));
      return list(rows, rows.length);
    },
  );
  r.get(
    '/v2/smart-view/:id',
    {
      schema: { tags, summary: 'Một view', params: idParams, response: answers.ok(smartViewView) },
      config,
    },
    async (request) => ok(await views.getView(platform, authOf(request), request.params.id)),
  );
  r.post(
    '/v2/smart-view',
    {
      schema: {
        tags,
        summary: 'Tạo view',
        body: smartViewBody,
        response: answers.created(smartViewView),
      },
      config,
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await views.saveView(platform, authOf(request), null, request.body),
        SMART_VIEW_MESSAGES.created,
      );
    },
  );
  r.post(
    '/v2/smart-view/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật view',
        params: idParams,
        body: smartViewBody,
        response: answers.ok(smartViewView),
      },
      config,
    },
    async (request) =>
      ok(
        await views.saveView(platform, authOf(request), request.params.id, request.body),
        SMART_VIEW_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/smart-view/:id',
    {
      schema: { tags, summary: 'Xóa view', params: idParams, response: answers.ok(noData) },
      config,
    },
    async (request) => {
      await views.deleteView(platform, authOf(request), request.params.id);
      return ok(null, SMART_VIEW_MESSAGES.deleted);
    },
  );
};
