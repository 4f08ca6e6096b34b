import type { ReactNode } from 'react';
import { CheckCircle2, Download, Loader2, X, XCircle } from 'lucide-react';
import { isJobActive, type Job } from '@omnicare/shared/jobs/jobs.schemas';
import { Button } from '@/components/ui/button';

/**
 * A background job a screen follows (an export): while it runs, what `running` shows; then
 * what it made with its file to download, or why it failed; dismissed once it has ended.
 */
export function JobBanner({
  job,
  label,
  running,
  done,
  failed,
  download,
  onDismiss,
}: {
  job: Job;
  /** The region's accessible name. */
  label: string;
  running: ReactNode;
  done: ReactNode;
  failed: string;
  download: { label: string; pending: boolean; start(): void };
  onDismiss: { label: string; run(): void };
}) {
  const active = isJobActive(job);
  return (
    <div
      role="region"
      aria-label={label}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-xs"
    >
      {active && (
        <>
          <Loader2 className="size-4 animate-spin text-teal-700" aria-hidden="true" />
          {running}
        </>
      )}
      {job.status === 'completed' && (
        <>
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
          {done}
        </>
      )}
      {job.status === 'failed' && (
        <>
          <XCircle className="size-4 text-red-600" aria-hidden="true" />
          <span className="text-red-700">{job.error || failed}</span>
        </>
      )}
      <span className="flex-1" />
      {job.status === 'completed' && job.download_url && (
        <Button variant="outline" size="sm" disabled={download.pending} onClick={download.start}>
          {download.pending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {download.label}
        </Button>
      )}
      {!active && (
        <Button variant="ghost" size="icon-sm" aria-label={onDismiss.label} onClick={onDismiss.run}>
          <X />
        </Button>
      )}
    </div>
  );
}
