import type {
  ReportName,
  ReportRowView,
  ReportView,
} from '@omnicare/shared/reports/reports.schemas';
import { apiList, apiRequest } from '@/lib/http';

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
