import { degradedBody, healthView } from '@omnicare/shared/health/health.schemas';
import { databaseStatus } from '../../platform/db.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';

export const healthRoutes: RouteModule = (app, platform) => {
  typed(app).get(
    '/v2/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Tình trạng dịch vụ',
        response: { ...answers.ok(healthView), 503: degradedBody },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const database = await databaseStatus(platform.database);
      const data = {
        status: database.status === 'ok' ? ('ok' as const) : ('degraded' as const),
        database,
        uptime_s: Math.round(process.uptime()),
      };
      if (data.status === 'ok') return ok(data, 'OK');
      return reply
        .status(503)
        .send({ statusCode: 503 as const, message: 'Cơ sở dữ liệu không phản hồi', data });
    },
  );
};
