import { z } from 'zod';
import { ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { listCities, listDistricts } from './locations.repository.js';

export const locationsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/cities',
    {
      schema: { tags: ['locations'], summary: 'Tỉnh/thành phố' },
      config: { access: 'authenticated' },
    },
    async () => {
      const rows = await listCities(platform.db);
      return ok(rows.map((row) => ({ _id: row.code, code: row.code, name: row.name })));
    },
  );
  r.get(
    '/v2/districts',
    {
      schema: {
        tags: ['locations'],
        summary: 'Quận/huyện của một tỉnh',
        querystring: z.object({
          city_id: z.string().trim().min(1, 'Vui lòng chọn tỉnh/thành phố').max(10),
        }),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const rows = await listDistricts(platform.db, request.query.city_id);
      return ok(
        rows.map((row) => ({
          _id: row.code,
          code: row.code,
          city_id: row.cityCode,
          name: row.name,
        })),
      );
    },
  );
};
