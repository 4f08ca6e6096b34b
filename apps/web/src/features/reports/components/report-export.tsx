import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ChevronDown, Download, Loader2 } from 'lucide-react';
import { JobBanner } from '@/components/feedback/job-banner';
import {
  REPORT_EXPORT_FORMAT,
  REPORT_EXPORT_GRAIN,
  type ReportExportFormat,
  type ReportExportGrain,
} from '@omnicare/shared/reports/report-delivery.schemas';
import type { ReportName } from '@omnicare/shared/reports/reports.schemas';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/lib/toast';
import { downloadJobFile } from '@/features/customers/customers.api';
import { useJob } from '@/features/customers/components/use-job';
import { startReportExport, type ReportParams } from '../reports.api';

/** The export followed on the page: `?export={jobId}` (the notification's link opens it too). */
const EXPORT_PARAM = 'export';

export const REPORT_EXPORT_TEXT = {
  menu: 'Xuất báo cáo',
  started: 'Đã bắt đầu xuất báo cáo',
  region: 'Xuất báo cáo',
  running: (percent: number) => `Đang xuất báo cáo${percent > 0 ? ` ${percent}%` : ''}…`,
  done: (lines: number) => `Đã xuất xong ${lines.toLocaleString('vi-VN')} dòng`,
  failed: 'Xuất báo cáo thất bại',
  download: 'Tải tệp',
  dismiss: 'Đóng thông báo xuất báo cáo',
} as const;

/** The followed export's id in the address, and a way to change it. */
function useFollowedExport(): [string | null, (id: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const follow = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(EXPORT_PARAM, id);
        else next.delete(EXPORT_PARAM);
        return next;
      },
      { replace: true },
    );
  return [search.get(EXPORT_PARAM), follow];
}

/** 'Xuất báo cáo': per day or per interaction, Excel or CSV, of the report as shown. */
export function ReportExportMenu({ report, params }: { report: ReportName; params: ReportParams }) {
  const [, follow] = useFollowedExport();
  const start = useMutation({
    mutationFn: (choice: { format: ReportExportFormat; grain: ReportExportGrain }) =>
      startReportExport(report, params, choice),
    onSuccess: (job) => {
      toast.success(REPORT_EXPORT_TEXT.started);
      follow(job._id);
    },
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={start.isPending}>
          {start.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download />}
          {REPORT_EXPORT_TEXT.menu}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {REPORT_EXPORT_GRAIN.values.map((grain, index) => (
          <div key={grain}>
            {index > 0 && <DropdownMenuSeparator />}
            <DropdownMenuLabel>{REPORT_EXPORT_GRAIN.label(grain)}</DropdownMenuLabel>
            {REPORT_EXPORT_FORMAT.values.map((format) => (
              <DropdownMenuItem key={format} onSelect={() => start.mutate({ format, grain })}>
                {REPORT_EXPORT_FORMAT.label(format)}
              </DropdownMenuItem>
            ))}
          </div>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The followed export: its progress, then its file to download (or why it failed). */
export function ReportExportBanner() {
  const [jobId, follow] = useFollowedExport();
  const followed = useJob(jobId, { silent: true });
  const job = followed.data?._id === jobId ? followed.data : undefined;
  const download = useMutation({
    mutationFn: (url: string) => downloadJobFile(url, 'bao-cao.xlsx'),
  });
  if (!jobId || !job) return null;
  const lines = typeof job.result.total === 'number' ? job.result.total : job.processed;
  return (
    <JobBanner
      job={job}
      label={REPORT_EXPORT_TEXT.region}
      running={
        <span className="font-medium text-slate-800">
          {REPORT_EXPORT_TEXT.running(job.percent)}
        </span>
      }
      done={
        <>
          <span className="text-slate-800">{REPORT_EXPORT_TEXT.done(lines)}</span>
          {typeof job.result.file_name === 'string' && (
            <span className="text-slate-500">{job.result.file_name}</span>
          )}
        </>
      }
      failed={REPORT_EXPORT_TEXT.failed}
      download={{
        label: REPORT_EXPORT_TEXT.download,
        pending: download.isPending,
        start: () => download.mutate(job.download_url ?? ''),
      }}
      onDismiss={{ label: REPORT_EXPORT_TEXT.dismiss, run: () => follow(null) }}
    />
  );
}
