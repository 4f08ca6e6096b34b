import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DiagnosticKind } from '@omnicare/shared/diagnostics/diagnostics.schemas';
import type { Database } from '../../platform/db.js';
import { diagnostics } from '../../db/schema/diagnostics.js';

export async function insertReports(db: Database, rows: (typeof diagnostics.$inferInsert)[]) {
  await db.insert(diagnostics).values(rows);
}

export async function listReports(
  db: Database,
  tenantId: string,
  filter: { kind?: DiagnosticKind; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(diagnostics.tenantId, tenantId)];
  if (filter.kind) conditions.push(eq(diagnostics.kind, filter.kind));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(diagnostics)
      .where(where)
      .orderBy(desc(diagnostics.createdAt))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(diagnostics).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
