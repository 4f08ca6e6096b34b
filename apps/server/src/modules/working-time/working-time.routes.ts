import {
  WORKING_TIME_MESSAGES,
  createPeriodsBody,
  periodView,
  schedulePeriodsQuery,
  scheduleView,
} from '@omnicare/shared/working-time/working-time.schemas';
import { authOf } from '../../platform/auth.js';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as workingTime from './working-time.service.js';

const tags = ['working-time'];
const read = { access: 'authenticated' } as const;
const manage = { access: 'ticket_config.manage' } as const;

export const workingTimeRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  catalogueRoutes(workingTime.schedules)(app, platform);
  r.get(
    '/v2/time/schedule-periods',
    {
      schema: {
        tags,
        summary: 'Khung giờ làm việc trong tuần (schedule_id, mặc định: lịch mặc định)',
        querystring: schedulePeriodsQuery,
        response: answers.list(periodView),
      },
      config: read,
    },
    async (request) => {
      const rows = await workingTime.listPeriods(
        platform,
        authOf(request).tenantId,
        request.query.schedule_id,
      );
      return list(rows, rows.length);
    },
  );
  r.post(
    '/v2/time/create-period',
    {
      schema: {
        tags,
        summary: 'Đặt lại khung giờ làm việc trong tuần của một lịch',
        body: createPeriodsBody,
        response: answers.ok(scheduleView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await workingTime.savePeriods(platform, authOf(request), request.body),
        WORKING_TIME_MESSAGES.periodsSaved,
      ),
  );
};
