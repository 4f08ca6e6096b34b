import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportName } from '@omnicare/shared/reports/reports.schemas';
import { fetchReport, fetchReportRows, type DrillParams, type ReportParams } from './reports.api';

export const reportKeys = {
  all: ['reports'] as const,
  report: (report: ReportName, params: ReportParams) => ['reports', report, params] as const,
  rows: (report: ReportName, params: DrillParams) => ['reports', report, 'rows', params] as const,
};

export function useReport(report: ReportName, params: ReportParams) {
  return useQuery({
    queryKey: reportKeys.report(report, params),
    queryFn: ({ signal }) => fetchReport(report, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReportRows(report: ReportName, params: DrillParams | null) {
  return useQuery({
    queryKey: reportKeys.rows(report, params ?? ({} as DrillParams)),
    queryFn: ({ signal }) => fetchReportRows(report, params as DrillParams, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
