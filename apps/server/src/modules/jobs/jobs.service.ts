import { existsSync } from 'node:fs';
import type { Job, JobStatus } from '@omnicare/shared/jobs/jobs.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import * as repo from './jobs.repository.js';
import { TENANT_MESSAGES } from '@omnicare/shared/tenants/tenants.schemas';

/**
 * Result keys only the server reads: `file` is where the job's file lies on the server, which
 * the client downloads from `download_url` instead.
 */
const SERVER_ONLY_RESULT = new Set(['file']);

type JobResult = Job['result'];

const FILE_GUARD = 'file_needs_import_export';

/** The job's result as its owner sees it: scalar values, nothing naming the server's disk. */
function publicResult(result: Record<string, unknown>): JobResult {
  const shown: JobResult = {};
  for (const [key, value] of Object.entries(result)) {
    if (SERVER_ONLY_RESULT.has(key)) continue;
    if (value === null || ['number', 'string', 'boolean'].includes(typeof value))
      shown[key] = value as JobResult[string];
  }
  return shown;
}

/** The job as its owner follows it (GET /v2/jobs, GET /v2/jobs/:id, the start of a job). */
export const toJobView = (row: repo.JobRow): Job => ({
  _id: row.id,
  kind: row.kind,
  status: row.status as JobStatus,
  processed: row.processed,
  total: row.total,
  percent:
    row.status === 'completed'
      ? 100
      : row.total > 0
        ? Math.floor((row.processed / row.total) * 100)
        : 0,
  result: publicResult(row.result),
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  download_url: typeof row.result.file === 'string' ? `/v2/jobs/${row.id}/file` : null,
});

/** The caller's latest jobs (20), of one kind if given. */
export async function listJobs(platform: Platform, auth: AuthContext, kind?: string) {
  return (await repo.listUserJobs(platform.db, auth.userId, kind)).map(toJobView);
}

/**
 * Creates the job row the user follows, then queues the work. `fileNeedsImportExport`: its file
 * (customer data) is downloaded only while the tenant lets the user's role import and export.
 */
export async function startJob(
  platform: Platform,
  auth: AuthContext,
  kind: string,
  input: Record<string, unknown>,
  options: { fileNeedsImportExport?: boolean } = {},
) {
  const row = await repo.insertJob(platform.db, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    kind,
    input: options.fileNeedsImportExport ? { ...input, [FILE_GUARD]: true } : input,
  });
  await platform.jobs.send(kind, { jobId: row.id });
  return toJobView(row);
}

async function findJob(platform: Platform, auth: AuthContext, id: string) {
  const row = await repo.findUserJob(platform.db, auth.userId, id);
  if (!row) throw notFound('Không tìm thấy tác vụ');
  return row;
}

export async function getJob(platform: Platform, auth: AuthContext, id: string) {
  return toJobView(await findJob(platform, auth, id));
}

/** The file a job of the caller's produced, with the name to save it under. */
export async function jobFile(platform: Platform, auth: AuthContext, id: string) {
  const { input, result } = await findJob(platform, auth, id);
  if (input[FILE_GUARD] === true && !auth.customerImportExport)
    throw new AppError(401, TENANT_MESSAGES.importExportForbidden);
  const file = result.file;
  if (typeof file !== 'string' || !existsSync(file)) throw notFound('Tác vụ không có tệp kết quả');
  const name = typeof result.file_name === 'string' ? result.file_name : 'ket-qua.xlsx';
  return { path: file, name };
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
