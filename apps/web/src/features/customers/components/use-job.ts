import { useQuery } from '@tanstack/react-query';
import { isJobActive, type Job } from '@omnicare/shared/jobs/jobs.schemas';
import { fetchJob } from '../customers.api';

export const JOB_POLL_MS = 1_000;
export { isJobActive };

/**
 * Follows a background job, polling about once a second until it ends (or cannot be read:
 * `silent` leaves that failure to the caller instead of a toast).
 */
export function useJob(jobId: string | null, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: ({ signal }) => fetchJob(jobId ?? '', signal),
    enabled: Boolean(jobId),
    staleTime: 0,
    meta: { silent: options.silent },
    refetchInterval: (query) =>
      query.state.status !== 'error' &&
      (query.state.data === undefined || isJobActive(query.state.data))
        ? JOB_POLL_MS
        : false,
  });
}

/** The counts of a finished import. */
export function importCounts(job: Job | undefined) {
  const result = job?.result ?? {};
  const count = (key: string) => (typeof result[key] === 'number' ? (result[key] as number) : 0);
  return {
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    failed: count('failed'),
    total: count('total'),
  };
}
