import { z } from 'zod';
import {
  cityView,
  districtsQuery,
  districtView,
} from '@omnicare/shared/locations/locations.schemas';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import { listCities, listDistricts } from './locations.service.js';

export const locationsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Tỉnh/thành phố',
        response: answers.ok(z.array(cityView)),
      },
      config: { access: 'authenticated' },
    },
    async () => ok(await listCities(platform)),
  );
  r.get(
    '/v2/districts',
    {
      schema: {
        tags: ['locations'],
        summary: 'Quận/huyện của một tỉnh',
        querystring: districtsQuery,
        response: answers.ok(z.array(districtView)),
      },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await listDistricts(platform, request.query.city_id)),
  );
};
