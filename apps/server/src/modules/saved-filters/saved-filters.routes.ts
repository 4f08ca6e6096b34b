import { z } from 'zod';
import { noData } from '@omnicare/shared/platform/envelope';
import {
  savedFilterBody,
  savedFiltersQuery,
  savedFilterView,
} from '@omnicare/shared/saved-filters/saved-filters.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as savedFilters from './saved-filters.service.js';

// Each user's own named filters of a list screen: no rules beyond ownership.
export const savedFiltersRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  const tags = ['saved-filters'];
  r.get(
    '/v2/saved-filters',
    {
      schema: {
        tags,
        summary: 'Bộ lọc đã lưu của tôi',
        querystring: savedFiltersQuery,
        response: answers.ok(z.array(savedFilterView)),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(await savedFilters.listSavedFilters(platform, authOf(request), request.query.entity)),
  );
  r.post(
    '/v2/saved-filters',
    {
      schema: {
        tags,
        summary: 'Lưu bộ lọc',
        body: savedFilterBody,
        response: answers.created(savedFilterView),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const saved = await savedFilters.saveFilter(platform, authOf(request), request.body);
      reply.status(201);
      return created(saved, 'Lưu bộ lọc thành công');
    },
  );
  r.delete(
    '/v2/saved-filters/:id',
    {
      schema: {
        tags,
        summary: 'Xóa bộ lọc',
        params: z.object({ id: z.uuid('Mã bộ lọc không hợp lệ') }),
        response: answers.ok(noData),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await savedFilters.deleteSavedFilter(platform, authOf(request), request.params.id);
      return ok(null, 'Xóa thành công');
    },
  );
};
