import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Transaction } from '../../platform/db.js';
import { jobs } from '../../db/schema/jobs.js';

export type JobRow = typeof jobs.$inferSelect;

const UNFINISHED = ['waiting', 'running'];

export async function insertJob(db: Database, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning();
  if (!row) throw new Error('job not created');
  return row;
}

export async function findJob(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

export async function findUserJob(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.id, id)))
    .limit(1);
  return row;
}

export function listUserJobs(db: Database, userId: string, kind?: string) {
  const conditions = [eq(jobs.userId, userId)];
  if (kind) conditions.push(eq(jobs.kind, kind));
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt))
    .limit(20);
}

export async function setProgress(db: Database, id: string, processed: number, total: number) {
  await db.update(jobs).set({ status: 'running', processed, total }).where(eq(jobs.id, id));
}

/** Completed: `result` added to what the job recorded on its way (its items stay). */
export async function finishJob(db: Database, id: string, result: Record<string, unknown>) {
  await db
    .update(jobs)
    .set({
      status: 'completed',
      result: sql`${jobs.result} || ${JSON.stringify(result)}::jsonb`,
      processed: sql`${jobs.total}`,
      finishedAt: new Date(),
    })
    .where(eq(jobs.id, id));
}

/**
 * Appends items' results to a running job (`result.items`) and counts them, in the transaction
 * that did their work, only if `expected` items were counted before (the job row stays locked
 * until that transaction ends). Answers false, writing nothing, when another run has moved on.
 */
export async function appendItems(
  tx: Transaction,
  id: string,
  expected: number,
  items: Record<string, unknown>[],
) {
  const rows = await tx
    .update(jobs)
    .set({
      status: 'running',
      processed: sql`${jobs.processed} + ${items.length}`,
      result: sql`jsonb_set(${jobs.result}, '{items}', coalesce(${jobs.result} -> 'items', '[]'::jsonb) || ${JSON.stringify(items)}::jsonb)`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.processed, expected), inArray(jobs.status, UNFINISHED)))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** A job's advisory lock: held by whichever process runs it, for as long as it runs. */
const jobLockKey = (id: string) => sql`hashtextextended(${`omnicare-job:${id}`}, 0)`;

/**
 * Unfinished jobs of these kinds that no process runs (nobody holds their lock): running ones
 * (whoever ran them died), and those waiting for over a minute (their queue message was lost,
 * or its queue is busy: a second message then finds the job done and does nothing).
 */
export async function orphanedJobs(db: Database, kinds: string[]) {
  if (kinds.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          sql`(${jobs.status} = 'running' or (${jobs.status} = 'waiting' and ${jobs.createdAt} < now() - interval '1 minute'))`,
        ),
      );
    const free: typeof rows = [];
    // Tried one by one (a lock taken for the transaction only is let go at its end).
    for (const row of rows) {
      const [tried] = (
        await tx.execute<{ free: boolean }>(
          sql`select pg_try_advisory_xact_lock(${jobLockKey(row.id)}) as free`,
        )
      ).rows;
      if (tried?.free) free.push(row);
    }
    return free;
  });
}

/**
 * Takes a job's advisory lock on a connection of its own, held until `release()` (or until the
 * process dies: PostgreSQL lets go of a dead session's locks at once). Undefined when another
 * process holds it.
 */
export async function holdJobLock(databaseUrl: string, id: string, applicationName: string) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: applicationName,
  });
  client.on('error', () => {});
  await client.connect();
  const key = `omnicare-job:${id}`;
  const { rows } = await client.query<{ taken: boolean }>(
    'select pg_try_advisory_lock(hashtextextended($1, 0)) as taken',
    [key],
  );
  if (!rows[0]?.taken) {
    await client.end();
    return undefined;
  }
  return { release: () => client.end() };
}

export async function failJob(db: Database, id: string, error: string) {
  await db
    .update(jobs)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(eq(jobs.id, id));
}
