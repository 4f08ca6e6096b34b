import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { JobBanner } from '@/components/feedback/job-banner';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCurrentUser } from '@/stores/session-store';
import type { Job } from '@omnicare/shared/jobs/jobs.schemas';
import { EXPORT_JOB_KIND, downloadJobFile, fetchJobs, startExport } from '../customers.api';
import { CUSTOMER_TEXT, EXPORT_TEXT } from '../customers-text';
import { ProgressBar } from './progress-bar';
import { isJobActive, useJob } from './use-job';

/**
 * The export this tab follows, kept in session storage until its file is downloaded or the
 * banner is dismissed: a reload (even one during which the export ended) finds it again.
 */
export const EXPORT_JOB_STORAGE_KEY = 'customerExportJob';

interface StoredExport {
  user_id: string;
  job_id: string;
}

function readStoredExport(userId: string | undefined): string | null {
  try {
    const raw = sessionStorage.getItem(EXPORT_JOB_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<StoredExport>) : null;
    return stored && stored.user_id === userId && typeof stored.job_id === 'string'
      ? stored.job_id
      : null;
  } catch {
    return null;
  }
}

function storeExport(value: StoredExport | null): void {
  try {
    if (value) sessionStorage.setItem(EXPORT_JOB_STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(EXPORT_JOB_STORAGE_KEY);
  } catch {
    // Storage disabled: the export still runs, only a reload loses sight of it.
  }
}

const exportedCount = (job: Job) =>
  typeof job.result.total === 'number' ? job.result.total : job.processed;

/**
 * The customer export being followed: started here, kept across reloads, or the newest one
 * still running on the server (started in another tab). One started here downloads itself
 * when it ends; one found after a reload offers its file.
 */
export function useExportJob() {
  const userId = useCurrentUser()?.user_id;
  const [jobId, setJobId] = useState<string | null>(() => readStoredExport(userId));
  const [checked, setChecked] = useState(false);
  // The export started by a click on this page, downloaded as soon as it is ready.
  const autoDownload = useRef<string | null>(null);
  const recent = useQuery({
    queryKey: ['jobs', 'list', EXPORT_JOB_KIND],
    queryFn: ({ signal }) => fetchJobs(EXPORT_JOB_KIND, signal),
    enabled: jobId === null && !checked,
    staleTime: 0,
    meta: { silent: true },
  });
  if (!checked && recent.data) {
    setChecked(true);
    const running = recent.data.find((job) => isJobActive(job));
    if (running && jobId === null) setJobId(running._id);
  }
  const followed = useJob(jobId, { silent: true });
  const job = followed.data?._id === jobId ? followed.data : undefined;

  // A stored job that is gone (or not this user's) is forgotten quietly.
  const lost = followed.isError && jobId !== null;
  useEffect(() => {
    if (lost) storeExport(null);
  }, [lost]);

  const forget = () => {
    storeExport(null);
    autoDownload.current = null;
    setJobId(null);
  };

  const download = useMutation({
    mutationFn: (target: Job) => downloadJobFile(target.download_url ?? '', EXPORT_TEXT.fileName),
    // The file is saved: a reload need not offer it again (the banner stays until closed).
    onSuccess: () => storeExport(null),
  });

  const saveFile = download.mutate;
  useEffect(() => {
    if (!job || autoDownload.current !== job._id || isJobActive(job)) return;
    autoDownload.current = null;
    if (job.status === 'completed' && job.download_url) {
      toast.success(EXPORT_TEXT.done);
      saveFile(job);
    }
  }, [job, saveFile]);

  const start = useMutation({
    mutationFn: (query: Record<string, unknown>) => startExport(query),
    onSuccess: (started) => {
      autoDownload.current = started._id;
      if (userId) storeExport({ user_id: userId, job_id: started._id });
      setJobId(started._id);
    },
  });

  return {
    job: lost ? undefined : job,
    active: start.isPending || isJobActive(job),
    start: (query: Record<string, unknown>) => start.mutate(query),
    download: (target: Job) => download.mutate(target),
    downloading: download.isPending,
    dismiss: forget,
  };
}

export type ExportJobState = ReturnType<typeof useExportJob>;

export function ExportButton({
  exportJob,
  query,
}: {
  exportJob: ExportJobState;
  query: Record<string, unknown>;
}) {
  const { job, active } = exportJob;
  return (
    <Button variant="outline" onClick={() => exportJob.start(query)} disabled={active}>
      {active ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download />}
      {active
        ? EXPORT_TEXT.running(job && isJobActive(job) ? job.percent : 0)
        : CUSTOMER_TEXT.export}
    </Button>
  );
}

/** Progress of the followed export, then its file to download (or why it failed). */
export function ExportBanner({ exportJob }: { exportJob: ExportJobState }) {
  const { job } = exportJob;
  if (!job) return null;
  return (
    <JobBanner
      job={job}
      label={EXPORT_TEXT.title}
      running={
        <>
          <span className="font-medium text-slate-800">{EXPORT_TEXT.running(job.percent)}</span>
          <ProgressBar
            percent={job.percent}
            label={EXPORT_TEXT.progressLabel}
            className="max-w-xs flex-1"
          />
          <span className="text-slate-500 tabular-nums">
            {EXPORT_TEXT.progress(job.processed, job.total)}
          </span>
        </>
      }
      done={<span className="text-slate-800">{EXPORT_TEXT.finished(exportedCount(job))}</span>}
      failed={EXPORT_TEXT.failed}
      download={{
        label: EXPORT_TEXT.download,
        pending: exportJob.downloading,
        start: () => exportJob.download(job),
      }}
      onDismiss={{ label: EXPORT_TEXT.dismiss, run: exportJob.dismiss }}
    />
  );
}
