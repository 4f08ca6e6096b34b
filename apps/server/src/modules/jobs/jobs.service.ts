import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repo from './jobs.repository.js';

export interface JobView {
  _id: string;
  kind: string;
  status: 'waiting' | 'running' | 'completed' | 'failed';
  processed: number;
  total: number;
  percent: number;
  result: Record<string, unknown>;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  /** Where to download the result file (error report or export), when there is one. */
  download_url: string | null;
}

export const toJobView = (row: repo.JobRow): JobView => ({
  _id: row.id,
  kind: row.kind,
  status: row.status as JobView['status'],
  processed: row.processed,
  total: row.total,
  percent:
    row.status === 'completed'
      ? 100
      : row.total > 0
        ? Math.floor((row.processed / row.total) * 100)
        : 0,
  result: row.result,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  download_url: typeof row.result.file === 'string' ? `/v2/jobs/${row.id}/file` : null,
});

/** Creates the job row the user follows, then queues the work. */
export async function startJob(
  platform: Platform,
  auth: AuthContext,
  kind: string,
  input: Record<string, unknown>,
) {
  const row = await repo.insertJob(platform.db, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    kind,
    input,
  });
  await platform.jobs.send(kind, { jobId: row.id });
  return toJobView(row);
}

export async function getJob(platform: Platform, auth: AuthContext, id: string) {
  const row = await repo.findUserJob(platform.db, auth.userId, id);
  if (!row) throw notFound('Không tìm thấy tác vụ');
  return row;
}

/**
 * Runs a job's work with its row kept up to date: running with progress, then completed with
 * a result, or failed with the reason.
 */
export async function runJob(
  platform: Platform,
  jobId: string,
  work: (
    job: repo.JobRow,
    progress: (processed: number, total: number) => Promise<void>,
  ) => Promise<Record<string, unknown>>,
) {
  const job = await repo.findJob(platform.db, jobId);
  if (!job) return;
  try {
    const result = await work(job, (processed, total) =>
      repo.setProgress(platform.db, jobId, processed, total),
    );
    await repo.finishJob(platform.db, jobId, result);
  } catch (error) {
    platform.log.error({ err: error, jobId }, 'job failed');
    // Users read this: our own errors say what went wrong, anything else stays in the log.
    await repo.failJob(
      platform.db,
      jobId,
      error instanceof AppError
        ? error.message
        : 'Tác vụ thất bại, vui lòng thử lại hoặc liên hệ quản trị viên',
    );
  }
}
