import {
  reportParams,
  reportQuery,
  reportRange,
  reportRowView,
  reportRowsQuery,
  reportView,
} from '@omnicare/shared/reports/reports.schemas';
import { authOf } from '../../platform/auth.js';
import { jobView } from '@omnicare/shared/jobs/jobs.schemas';
import {
  AD_SPEND_MESSAGES,
  REPORT_DELIVERY_MESSAGES,
  adSpendUploadView,
  reportExportBody,
} from '@omnicare/shared/reports/report-delivery.schemas';
import { fieldError } from '../../platform/errors.js';
import { uploadAdSpend } from './ad-spend.service.js';
import { z } from 'zod';
import { catalogueRoutes } from '../../platform/catalogue.js';
import { answers, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as reports from './reports.service.js';
import { startReportExport } from './report-export.service.js';
import { reportSchedules, sendScheduleNow } from './report-schedules.service.js';
import { savedReports } from './saved-reports.service.js';

const tags = ['reports'];
const idParams = z.object({ id: z.uuid(REPORT_DELIVERY_MESSAGES.scheduleNotFound) });

/**
 * The reports: summary and call are every staff member's (in their data scope); ticket, group,
 * customer, custom and agent need `report.view` (the service checks, per report).
 */
export const reportsRoutes: RouteModule = (app, platform) => {
  const r = typed(app);
  r.get(
    '/v2/reports/:report',
    {
      schema: {
        tags,
        summary: 'Báo cáo: chỉ số, biểu đồ và bảng (trong phạm vi dữ liệu của tôi)',
        params: reportParams,
        querystring: reportQuery,
        response: answers.ok(reportView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(await reports.getReport(platform, authOf(request), request.params.report, request.query)),
  );
  r.get(
    '/v2/reports/:report/rows',
    {
      schema: {
        tags,
        summary: 'Các dòng dữ liệu phía sau một chỉ số của báo cáo',
        params: reportParams,
        querystring: reportRowsQuery,
        response: answers.list(reportRowView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { data, total } = await reports.getReportRows(
        platform,
        authOf(request),
        request.params.report,
        request.query,
      );
      return list(data, total);
    },
  );
  r.post(
    '/v2/reports/:report/export',
    {
      schema: {
        tags,
        summary: 'Xuất báo cáo ra XLSX hoặc CSV (tác vụ nền; khoảng ngày và bộ lọc như khi xem)',
        params: reportParams,
        querystring: reportQuery,
        body: reportExportBody,
        response: answers.created(jobView),
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await startReportExport(
          platform,
          authOf(request),
          request.params.report,
          request.query,
          request.body,
        ),
        REPORT_DELIVERY_MESSAGES.exportStarted,
      );
    },
  );
  r.post(
    '/v2/reports/ad-funnel/spend',
    {
      schema: {
        tags,
        summary:
          'Tải lên chi phí quảng cáo (multipart, field file: CSV hoặc XLSX với cột ad_id, spend, date tùy chọn)',
        querystring: reportRange,
        response: answers.created(adSpendUploadView),
      },
      config: { access: 'report.ad_spend' },
    },
    async (request, reply) => {
      const file = await request.file();
      if (!file) throw fieldError('file', AD_SPEND_MESSAGES.missingFile);
      const stored = await uploadAdSpend(
        platform,
        authOf(request),
        request.query,
        file.filename,
        file.file,
      );
      reply.status(201);
      return created(stored, AD_SPEND_MESSAGES.uploaded);
    },
  );
  catalogueRoutes(savedReports)(app, platform);
  catalogueRoutes(reportSchedules)(app, platform);
  r.post(
    '/v2/report-schedules/:id/send',
    {
      schema: {
        tags,
        summary: 'Gửi ngay một lịch gửi báo cáo (số liệu đến hết hôm qua)',
        params: idParams,
        response: answers.ok(z.object({ sent: z.number().int(), failed: z.number().int() })),
      },
      config: { access: 'report.schedule' },
    },
    async (request) =>
      ok(await sendScheduleNow(platform, authOf(request), request.params.id), 'Đã gửi báo cáo'),
  );
};
