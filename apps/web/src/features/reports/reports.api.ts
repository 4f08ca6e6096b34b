import type { z } from 'zod';
import type {
  ReportName,
  ReportRowView,
  ReportView,
} from '@omnicare/shared/reports/reports.schemas';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import type {
  AdSpendUpload,
  ReportExportFormat,
  ReportExportGrain,
  ReportSchedule,
  reportScheduleBody,
  SavedReport,
  savedReportBody,
} from '@omnicare/shared/reports/report-delivery.schemas';
import { apiList, apiRequest } from '@/lib/http';

/** A schedule as the form sends it (the server fills the defaults). */
export type ReportScheduleInput = z.input<typeof reportScheduleBody>;
export type SavedReportInput = z.input<typeof savedReportBody>;

/** A report's range and filters as the query sends them (business_hours as 'true'). */
export interface ReportParams {
  from: string;
  to: string;
  group_id?: string;
  agent_id?: string;
  queue_id?: string;
  source?: string;
  tag_id?: string;
  priority_id?: string;
  business_hours?: 'true';
  metrics?: string;
  dimension?: string;
}

export const fetchReport = (report: ReportName, params: ReportParams, signal?: AbortSignal) =>
  apiRequest<ReportView>({ method: 'GET', url: `/v2/reports/${report}`, params, signal });

export interface DrillParams extends ReportParams {
  metric: string;
  dimension?: string;
  value?: string;
  page: number;
  page_size: number;
}

/** The rows one figure counts (`total` is the figure). */
export const fetchReportRows = (report: ReportName, params: DrillParams, signal?: AbortSignal) =>
  apiList<ReportRowView>({ method: 'GET', url: `/v2/reports/${report}/rows`, params, signal });

/** Starts an export of the report as shown (its range and filters), a background job. */
export const startReportExport = (
  report: ReportName,
  params: ReportParams,
  body: { format: ReportExportFormat; grain: ReportExportGrain; metric?: string },
) => apiRequest<Job>({ method: 'POST', url: `/v2/reports/${report}/export`, params, data: body });

export const fetchSavedReports = (signal?: AbortSignal) =>
  apiRequest<SavedReport[]>({ method: 'GET', url: '/v2/saved-reports', signal });
export const saveReport = (body: SavedReportInput, id?: string) =>
  apiRequest<SavedReport>({
    method: id ? 'PUT' : 'POST',
    url: id ? `/v2/saved-reports/${encodeURIComponent(id)}` : '/v2/saved-reports',
    data: body,
  });
export const deleteSavedReport = (id: string) =>
  apiRequest<null>({ method: 'DELETE', url: `/v2/saved-reports/${encodeURIComponent(id)}` });

export const fetchReportSchedules = (signal?: AbortSignal) =>
  apiRequest<ReportSchedule[]>({ method: 'GET', url: '/v2/report-schedules', signal });
export const saveReportSchedule = (body: ReportScheduleInput, id?: string) =>
  apiRequest<ReportSchedule>({
    method: id ? 'PUT' : 'POST',
    url: id ? `/v2/report-schedules/${encodeURIComponent(id)}` : '/v2/report-schedules',
    data: body,
  });
export const deleteReportSchedule = (id: string) =>
  apiRequest<null>({ method: 'DELETE', url: `/v2/report-schedules/${encodeURIComponent(id)}` });
export const sendReportScheduleNow = (id: string) =>
  apiRequest<{ sent: number; failed: number }>({
    method: 'POST',
    url: `/v2/report-schedules/${encodeURIComponent(id)}/send`,
  });

/** Uploads an ad spend file (CSV or XLSX); lines without a date cover `range`. */
export function uploadAdSpend(file: File, range: { from: string; to: string }) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<AdSpendUpload>({
    method: 'POST',
    url: '/v2/reports/ad-funnel/spend',
    params: range,
    data: form,
    timeout: 120_000,
  });
}
