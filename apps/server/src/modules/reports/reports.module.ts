import { REPORT_EXPORT_JOB } from '@omnicare/shared/reports/report-delivery.schemas';
import type { ServerModule } from '../../platform/modules.js';
import { reportsRoutes } from './reports.routes.js';
import { runReportExport } from './report-export.service.js';
import { SCHEDULED_REPORTS_JOB, sendDueSchedules } from './report-schedules.service.js';

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
  },
};
