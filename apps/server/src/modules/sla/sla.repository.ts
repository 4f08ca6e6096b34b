import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db.js';
import { ticketPriorities, ticketTypes } from '../../db/schema/ticket-config.js';
import { slaPolicies, slaTargets, workingSchedules } from '../../db/schema/ticket-settings.js';
import { vietnameseOrder } from '../../platform/sql.js';

type Db = Database | Transaction;

/** Policies in matching order, with their schedule's name and their targets. */
export async function listPolicies(db: Db, tenantId: string, id?: string) {
  const conditions: SQL[] = [eq(slaPolicies.tenantId, tenantId)];
  if (id) conditions.push(eq(slaPolicies.id, id));
  const policies = await db
    .select({ policy: slaPolicies, scheduleName: workingSchedules.name })
    .from(slaPolicies)
    .leftJoin(workingSchedules, eq(workingSchedules.id, slaPolicies.scheduleId))
    .where(and(...conditions))
    .orderBy(asc(slaPolicies.position), vietnameseOrder(slaPolicies.name));
  const ids = policies.map((row) => row.policy.id);
  const targets = ids.length
    ? await db
        .select({
          target: slaTargets,
          priorityName: ticketPriorities.name,
          typeName: ticketTypes.name,
        })
        .from(slaTargets)
        .innerJoin(ticketPriorities, eq(ticketPriorities.id, slaTargets.priorityId))
        .leftJoin(ticketTypes, eq(ticketTypes.id, slaTargets.typeId))
        .where(inArray(slaTargets.policyId, ids))
        .orderBy(asc(slaTargets.position))
    : [];
  return policies.map((row) => ({
    ...row,
    targets: targets.filter((target) => target.target.policyId === row.policy.id),
  }));
}

export async function scheduleExists(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: workingSchedules.id })
    .from(workingSchedules)
    .where(and(eq(workingSchedules.tenantId, tenantId), eq(workingSchedules.id, id)));
  return row !== undefined;
}

export async function existingIds(
  db: Db,
  table: typeof ticketPriorities | typeof ticketTypes,
  tenantId: string,
  ids: string[],
) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function savePolicy(
  tx: Transaction,
  tenantId: string,
  id: string | null,
  values: { name: string; description: string; scheduleId: string | null; position: number },
  targets: {
    priorityId: string;
    typeId: string | null;
    firstResponseMinutes: number;
    resolutionMinutes: number;
  }[],
) {
  let policyId = id;
  if (policyId)
    await tx
      .update(slaPolicies)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(slaPolicies.tenantId, tenantId), eq(slaPolicies.id, policyId)));
  else {
    const [row] = await tx
      .insert(slaPolicies)
      .values({ tenantId, ...values })
      .returning({ id: slaPolicies.id });
    if (!row) throw new Error('policy not created');
    policyId = row.id;
  }
  await tx.delete(slaTargets).where(eq(slaTargets.policyId, policyId));
  await tx
    .insert(slaTargets)
    .values(targets.map((target, position) => ({ policyId, position, ...target })));
  return policyId;
}

export async function deletePolicy(db: Db, tenantId: string, id: string) {
  await db
    .delete(slaPolicies)
    .where(and(eq(slaPolicies.tenantId, tenantId), eq(slaPolicies.id, id)));
}

/** Gives each policy its place in `ids` (1, 2, 3...), in the caller's transaction. */
export async function setPositions(tx: Transaction, tenantId: string, ids: string[]) {
  for (const [index, id] of ids.entries())
    await tx
      .update(slaPolicies)
      .set({ position: index + 1, updatedAt: new Date() })
      .where(and(eq(slaPolicies.tenantId, tenantId), eq(slaPolicies.id, id)));
}

/** The tenant's policy ids, locked until the transaction ends (one reorder at a time). */
export async function lockPolicyIds(tx: Transaction, tenantId: string) {
  const rows = await tx
    .select({ id: slaPolicies.id })
    .from(slaPolicies)
    .where(eq(slaPolicies.tenantId, tenantId))
    .for('update');
  return rows.map((row) => row.id);
}
