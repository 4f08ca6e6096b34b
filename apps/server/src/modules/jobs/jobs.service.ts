import { existsSync } from 'node:fs';
import {
  jobItemResult,
  type Job,
  type JobItemResult,
  type JobStatus,
} from '@omnicare/shared/jobs/jobs.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import type { Transaction } from '../../platform/db.js';
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

/** The items' results a job recorded (`result.items`), as its owner reads them. */
function itemsOf(result: Record<string, unknown>): JobItemResult[] {
  const items = jobItemResult.array().safeParse(result.items ?? []);
  return items.success ? items.data : [];
}

/**
 * The job as its owner follows it (GET /v2/jobs, GET /v2/jobs/:id, the start of a job); with
 * `items`, each record's outcome too (a job over many records).
 */
export const toJobView = (row: repo.JobRow, options: { items?: boolean } = {}): Job => ({
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
  ...(options.items && Array.isArray(row.result.items) ? { items: itemsOf(row.result) } : {}),
});

/** The caller's latest jobs (20), of one kind if given. */
export async function listJobs(platform: Platform, auth: AuthContext, kind?: string) {
  return (await repo.listUserJobs(platform.db, auth.userId, kind)).map((row) => toJobView(row));
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
  options: { fileNeedsImportExport?: boolean; total?: number; items?: boolean } = {},
) {
  const row = await repo.insertJob(platform.db, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    kind,
    input: options.fileNeedsImportExport ? { ...input, [FILE_GUARD]: true } : input,
    total: options.total ?? 0,
    result: options.items ? { items: [] } : {},
  });
  await platform.jobs.send(kind, { jobId: row.id });
  return toJobView(row, { items: options.items });
}

async function findJob(platform: Platform, auth: AuthContext, id: string) {
  const row = await repo.findUserJob(platform.db, auth.userId, id);
  if (!row) throw notFound('Không tìm thấy tác vụ');
  return row;
}

export async function getJob(platform: Platform, auth: AuthContext, id: string) {
  return toJobView(await findJob(platform, auth, id), { items: true });
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

/** A run of a resumable job found another run had recorded its items first: it stops. */
export class JobTakenOver extends Error {}

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
  // Gone, or already ended (a second delivery of its queue message).
  if (!job || job.status === 'completed' || job.status === 'failed') return;
  try {
    const result = await work(job, (processed, total) =>
      repo.setProgress(platform.db, jobId, processed, total),
    );
    await repo.finishJob(platform.db, jobId, result);
  } catch (error) {
    // Another run of the job goes on with it (a resumable job's): this one just stops.
    if (error instanceof JobTakenOver) return;
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

/** What a resumable job's work gets: the job as recorded, and where to record items. */
export interface ResumableRun {
  job: repo.JobRow;
  /** How many items earlier runs recorded (the work goes on from there). */
  done: number;
  /**
   * Records items' results in the transaction that did their work, so a crash never leaves
   * work done and unrecorded (or recorded and undone). Throws JobTakenOver, rolling that work
   * back, if another run of the job recorded items meanwhile.
   */
  record(tx: Transaction, items: JobItemResult[]): Promise<void>;
}

/**
 * The start of the `application_name` of the connection holding a running resumable job's lock,
 * followed by the job's id and the process's pid: an operator (or a test) sees in
 * pg_stat_activity which process runs which job.
 */
export const JOB_LOCK_APPLICATION = 'omnicare job';

/** The kinds of resumable jobs (registerResumableJob), for the sweep that resumes them. */
const resumableKinds = new Set<string>();
export const RESUME_JOBS = 'jobs.resume-orphaned';

/**
 * A job over many records that survives the death of the process running it: each run holds
 * the job's advisory lock (a second delivery, or a resume while it runs, does nothing), goes on
 * from the items recorded so far, and records each batch's results in that batch's transaction
 * (`ResumableRun.record`). Its queue is registered here; the `jobs.resume-orphaned` sweep (every
 * minute, one instance) sends again a job nobody holds, so another instance finishes it. Its
 * result: what `work` answers, with the counts of its items (`succeeded`, `failed`).
 */
export function registerResumableJob(
  platform: Platform,
  kind: string,
  work: (run: ResumableRun) => Promise<Record<string, unknown>>,
) {
  resumableKinds.add(kind);
  platform.jobs.register(kind, async (data) => {
    const jobId = String(data.jobId);
    const lock = await repo.holdJobLock(
      platform.database.url,
      jobId,
      `${JOB_LOCK_APPLICATION} ${jobId} pid ${process.pid}`,
    );
    if (!lock) return;
    try {
      await runJob(platform, jobId, async (job) => {
        let done = job.processed;
        const result = await work({
          job,
          done,
          async record(tx, items) {
            if (!(await repo.appendItems(tx, jobId, done, items))) throw new JobTakenOver();
            done += items.length;
          },
        });
        // The counts over every run's items.
        const items = itemsOf((await repo.findJob(platform.db, jobId))?.result ?? {});
        const failed = items.filter((item) => !item.ok).length;
        return { ...result, succeeded: items.length - failed, failed };
      });
    } finally {
      await lock.release();
    }
  });
}

/** Sends again the resumable jobs that nobody runs (the sweep `jobs.resume-orphaned`). */
export async function resumeOrphanedJobs(platform: Platform) {
  for (const job of await repo.orphanedJobs(platform.db, [...resumableKinds])) {
    platform.log.warn({ jobId: job.id, kind: job.kind }, 'resuming a job nobody runs');
    await platform.jobs.send(job.kind, { jobId: job.id });
  }
}

/** Registers the sweep that resumes orphaned jobs (the jobs module's `jobs` hook). */
export function registerJobSweep(platform: Platform) {
  platform.jobs.register(RESUME_JOBS, () => resumeOrphanedJobs(platform), { cron: '* * * * *' });
}
