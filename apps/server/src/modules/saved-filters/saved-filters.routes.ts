import { z } from 'zod';
import { savedFilterBody } from '@omnicare/shared/customers/customers.schemas';
import { authOf } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { created, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as repo from './saved-filters.repository.js';
import { saveFilter } from './saved-filters.service.js';

const toView = (row: Awaited<ReturnType<typeof repo.insertSavedFilter>>) => ({
  _id: row.id,
  name: row.name,
  entity: row.entity,
  filters: row.filters,
});

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
        querystring: z.object({ entity: z.enum(['customer', 'ticket']) }),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        (
          await repo.listSavedFilters(platform.db, authOf(request).userId, request.query.entity)
        ).map(toView),
      ),
  );
  r.post(
    '/v2/saved-filters',
    {
      schema: { tags, summary: 'Lưu bộ lọc', body: savedFilterBody },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const saved = await saveFilter(platform, authOf(request), request.body);
      reply.status(201);
      return created(toView(saved), 'Lưu bộ lọc thành công');
    },
  );
  r.delete(
    '/v2/saved-filters/:id',
    {
      schema: {
        tags,
        summary: 'Xóa bộ lọc',
        params: z.object({ id: z.uuid('Mã bộ lọc không hợp lệ') }),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      if (!(await repo.deleteSavedFilter(platform.db, authOf(request).userId, request.params.id)))
        throw notFound('Không tìm thấy bộ lọc');
      return ok(null, 'Xóa thành công');
    },
  );
};
