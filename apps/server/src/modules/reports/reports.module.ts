import { REPORT_EXPORT_JOB } from '@omnicare/shared/reports/report-delivery.schemas';
import type { ServerModule } from '../../platform/modules.js';
import { reportsRoutes } from './reports.routes.js';
import { runReportExport } from './report-export.service.js';
import { SCHEDULED_REPORTS_JOB, sendDueSchedules } from './report-schedules.service.js';
import {
  REPORT_ROLL_JOB,
  REPORT_ROLL_RECENT_JOB,
  rollRecentDays,
  rollTenantDays,
} from './metrics.service.js';

export const reportsModule: ServerModule = {
  name: 'reports',
  routes: reportsRoutes,
  jobs: (platform) => {
    platform.jobs.register(REPORT_EXPORT_JOB, (data) =>
      runReportExport(platform, String(data.jobId)),
    );
    // Every minute: a schedule is mailed within a minute of its hour in the tenant's zone.
    platform.jobs.register(
      SCHEDULED_REPORTS_JOB,
      async () => {
        await sendDueSchedules(platform);
      },
      {
        cron: '* * * * *',
      },
    );
    // One waiting roll per tenant (its key): a second report meanwhile adds none.
    platform.jobs.register(
      REPORT_ROLL_JOB,
      async (data) => {
        await rollTenantDays(platform, String(data.tenantId), String(data.from), String(data.last));
      },
      { policy: 'short' },
    );
    platform.jobs.register(
      REPORT_ROLL_RECENT_JOB,
      async () => {
        await rollRecentDays(platform);
      },
      { cron: '17 * * * *' },
    );
  },
};
