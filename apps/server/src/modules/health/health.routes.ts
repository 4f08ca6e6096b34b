import { healthView, unhealthyBody } from '@omnicare/shared/platform/health.schemas';
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
        response: { ...answers.ok(healthView), 503: unhealthyBody },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      const database = await databaseStatus(platform.database);
      const healthy = database.status === 'ok';
      const data = {
        status: healthy ? ('ok' as const) : ('degraded' as const),
        database,
        uptime_s: Math.round(process.uptime()),
      };
      if (healthy) return ok(data, 'OK');
      reply.status(503);
      return { statusCode: 503 as const, message: 'Cơ sở dữ liệu không phản hồi', data };
    },
  );
};
