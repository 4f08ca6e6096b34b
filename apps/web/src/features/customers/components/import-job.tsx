import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { JobView } from '@omnicare/shared/customers/customers-transfer.schemas';
import { IMPORT_JOB_KIND, fetchJobs } from '../customers.api';
import { customerKeys } from '../customers.queries';
import { IMPORT_TEXT } from '../customers-text';
import { ProgressBar } from './progress-bar';
import { importCounts, isJobActive, useJob } from './use-job';

/**
 * The import being followed: started here, or the latest running one found after a reload.
 * A finished import changes the list: it is reloaded once.
 */
export function useImportJob() {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const recent = useQuery({
    queryKey: ['jobs', 'list', IMPORT_JOB_KIND],
    queryFn: ({ signal }) => fetchJobs(IMPORT_JOB_KIND, signal),
    staleTime: 0,
    meta: { silent: true },
  });
  if (!checked && recent.data) {
    setChecked(true);
    const running = recent.data.find((job) => isJobActive(job));
    if (running && jobId === null) setJobId(running._id);
  }
  const job = useJob(jobId);
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'completed')
      void queryClient.invalidateQueries({ queryKey: customerKeys.customers });
  }, [status, queryClient]);
  return { jobId, setJobId, job: job.data };
}

export function ImportBanner({
  job,
  onOpen,
  onDismiss,
}: {
  job: JobView;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  const active = isJobActive(job);
  const counts = importCounts(job);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-xs">
      <FileUp className="size-4 text-teal-700" aria-hidden="true" />
      {active ? (
        <>
          <span className="font-medium text-slate-800">{IMPORT_TEXT.badge(job.percent)}</span>
          <ProgressBar
            percent={job.percent}
            label={IMPORT_TEXT.stepProgress}
            className="max-w-xs flex-1"
          />
          <span className="text-slate-500 tabular-nums">
            {IMPORT_TEXT.progress(job.processed, job.total)}
          </span>
        </>
      ) : (
        <span className="text-slate-700">
          {job.status === 'failed'
            ? IMPORT_TEXT.jobFailed
            : `${IMPORT_TEXT.done}: ${IMPORT_TEXT.created} ${counts.created}, ${IMPORT_TEXT.updated} ${counts.updated}, ${IMPORT_TEXT.skipped} ${counts.skipped}, ${IMPORT_TEXT.failed} ${counts.failed}`}
        </span>
      )}
      <span className="flex-1" />
      <Button variant="link" size="sm" onClick={onOpen}>
        {IMPORT_TEXT.stepResult}
      </Button>
      {!active && (
        <Button variant="ghost" size="icon-sm" aria-label={IMPORT_TEXT.close} onClick={onDismiss}>
          <X />
        </Button>
      )}
    </div>
  );
}
