import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';

export const JOB_MESSAGES = {
  actorGone: 'Người tạo tác vụ không còn hoạt động',
} as const;

export const JOB_STATUSES = ['waiting', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Whether a job has not ended yet. */
export const isJobActive = (job: { status: JobStatus } | undefined | null): boolean =>
  job?.status === 'waiting' || job?.status === 'running';

/** GET /v2/jobs: the caller's latest jobs, of one kind if given. */
export const jobsQuery = z.object({ kind: z.string().max(50).optional() });

/** One record's outcome in a job over many records (a bulk change): done, or why not. */
export const jobItemResult = z.object({
  _id: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type JobItemResult = z.infer<typeof jobItemResult>;

/**
 * A background job as its owner follows it. `result` holds what the job's kind reports (an
 * import's counts, an export's total); a file it produced is fetched from `download_url` and
 * never named by its place on the server.
 */
export const jobView = z.object({
  _id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  processed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  result: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  error: z.string().nullable(),
  created_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
  /** Where to download the result file (error report or export), when there is one. */
  download_url: z.string().nullable(),
  /**
   * A job over many records (a bulk change): each record's outcome so far, in the order asked,
   * `processed` of them. Only on the job itself (`GET /v2/jobs/{id}`, the start's answer), not
   * in the list.
   */
  items: z.array(jobItemResult).optional(),
});
export type Job = z.infer<typeof jobView>;
