import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db.js';
import { jobs } from '../../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(db: Database, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning();
  if (!row) throw new Error('job not created');
  return row;
}

export function findJob(db: Database, id: string) {
  return db.query.jobs.findFirst({ where: eq(jobs.id, id) });
}

export function findUserJob(db: Database, userId: string, id: string) {
  return db.query.jobs.findFirst({ where: and(eq(jobs.userId, userId), eq(jobs.id, id)) });
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

export async function finishJob(db: Database, id: string, result: Record<string, unknown>) {
  await db
    .update(jobs)
    .set({ status: 'completed', result, processed: sql`${jobs.total}`, finishedAt: new Date() })
    .where(eq(jobs.id, id));
}

export async function failJob(db: Database, id: string, error: string) {
  await db
    .update(jobs)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(eq(jobs.id, id));
}
