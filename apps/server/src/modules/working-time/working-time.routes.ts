import { z } from 'zod';
import {
  WORKING_TIME_MESSAGES,
  createPeriodsBody,
  periodView,
  schedulePeriodsQuery,
  scheduleBody,
  scheduleView,
} from '@omnicare/shared/working-time/working-time.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { authOf } from '../../platform/auth.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as workingTime from './working-time.service.js';

const idParams = z.object({ id: z.uuid(WORKING_TIME_MESSAGES.notFound) });
const tags = ['working-time'];
const read = { access: 'authenticated' } as const;
const manage = { access: 'ticket_config.manage' } as const;

export const workingTimeRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/time/schedules',
    {
      schema: { tags, summary: 'Lịch làm việc', response: answers.list(scheduleView) },
      config: read,
    },
    async (request) => {
      const rows = await workingTime.listSchedules(platform, authOf(request).tenantId);
      return list(rows, rows.length);
    },
  );
  // The spec names two creating calls; both take the same body.
  for (const url of ['/v2/time/schedules', '/v2/time/create-schedule']) {
    r.post(
      url,
      {
        schema: {
          tags,
          summary: 'Tạo lịch làm việc',
          body: scheduleBody,
          response: answers.created(scheduleView),
        },
        config: manage,
      },
      async (request, reply) => {
        reply.status(201);
        return created(
          await workingTime.saveSchedule(platform, authOf(request), null, request.body),
          WORKING_TIME_MESSAGES.created,
        );
      },
    );
  }
  r.put(
    '/v2/time/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật lịch làm việc',
        params: idParams,
        body: scheduleBody,
        response: answers.ok(scheduleView),
      },
      config: manage,
    },
    async (request) =>
      ok(
        await workingTime.saveSchedule(platform, authOf(request), request.params.id, request.body),
        WORKING_TIME_MESSAGES.updated,
      ),
  );
  r.delete(
    '/v2/time/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Xóa lịch làm việc',
        params: idParams,
        response: answers.ok(noData),
      },
      config: manage,
    },
    async (request) => {
      await workingTime.deleteSchedule(platform, authOf(request), request.params.id);
      return ok(null, WORKING_TIME_MESSAGES.deleted);
    },
  );
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
