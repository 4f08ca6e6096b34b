import {
  reportParams,
  reportQuery,
  reportRowView,
  reportRowsQuery,
  reportView,
} from '@omnicare/shared/reports/reports.schemas';
import { authOf } from '../../platform/auth.js';
import { answers, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as reports from './reports.service.js';

const tags = ['reports'];

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
};
