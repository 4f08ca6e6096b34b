import { todaySummaryView } from '@omnicare/shared/reports/reports.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as reports from './reports.service.js';

export const reportsRoutes: RouteModule = (app, platform) => {
  typed(app).get(
    '/v2/reports/summary',
    {
      schema: {
        tags: ['reports'],
        summary: 'Tổng quan hôm nay (trong phạm vi dữ liệu của tôi)',
        response: answers.ok(todaySummaryView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await reports.todaySummary(platform, authOf(request))),
  );
};
