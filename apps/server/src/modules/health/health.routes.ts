import { databaseStatus } from '../../platform/db.js';
import { typed, type RouteModule } from '../../platform/routes.js';

export const healthRoutes: RouteModule = (app, platform) => {
  typed(app).get(
    '/v2/health',
    { schema: { tags: ['platform'], summary: 'Tình trạng dịch vụ' }, config: { access: 'public' } },
    async (_request, reply) => {
      const database = await databaseStatus(platform.database);
      const healthy = database.status === 'ok';
      reply.status(healthy ? 200 : 503);
      return {
        statusCode: healthy ? 200 : 503,
        message: healthy ? 'OK' : 'Cơ sở dữ liệu không phản hồi',
        data: {
          status: healthy ? 'ok' : 'degraded',
          database,
          uptime_s: Math.round(process.uptime()),
        },
      };
    },
  );
};
