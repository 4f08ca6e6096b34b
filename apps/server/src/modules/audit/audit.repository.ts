import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  builtOnce,
  jsonParam,
  shapeOf,
  type Database,
  type Transaction,
} from '../../platform/db.js';
import type { AuditSubject } from '@omnicare/shared/audit/audit-actions';
import type { AuditVia } from '@omnicare/shared/audit/activity.schemas';
import { auditLog } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';

interface AuditRecord {
  tenantId: string;
  actorId: string | null;
  /** The administrator behind the actor's view-as session (`AuthContext.impersonatorId`). */
  impersonatorId: string | null;
  action: string;
  entity: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  /** What the change was made through (a macro, a workflow, a job); none for a plain edit. */
  via?: AuditVia | null;
}

/** An entry to record: its entity and action one pair of AUDIT_ACTION, so none goes unlabelled. */
export type AuditInput = AuditRecord & AuditSubject;

/** Records who did what, with the state before and after. */
export async function writeAudit(db: Database | Transaction, entry: AuditInput) {
  // Every change writes one: built once per set of fields given, parsed once per connection.
  const shape = shapeOf(entry);
  await builtOnce(db, `audit-insert-${shape.key}`, () =>
    db.insert(auditLog).values(shape.placeholders as unknown as AuditInput),
  ).execute(entry as unknown as Record<string, unknown>);
}

/**
 * The insert of one entry as a statement to run as part of another, so a change's entry costs
 * no round trip of its own (`appendEvent`'s `alongside`: the event and the entry together).
 * With `onlyAfter` (a relation of that statement: the write the entry records), the entry is
 * written only if that relation has a row.
 */
export function auditInsert(entry: AuditInput, onlyAfter?: SQL): SQL {
  const values = sql`${entry.tenantId}::uuid, ${entry.actorId}::uuid, ${entry.impersonatorId}::uuid,
      ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
      ${jsonParam(entry.before)}::jsonb, ${jsonParam(entry.after)}::jsonb,
      ${jsonParam(entry.via ?? undefined)}::jsonb`;
  return sql`insert into ${auditLog}
      (tenant_id, actor_id, impersonator_id, action, entity, entity_id, before, after, via)
    ${onlyAfter ? sql`select ${values} from ${onlyAfter}` : sql`values (${values})`}`;
}

/**
 * auditInsert for many entries (a wave of changes'), their values one JSON parameter: the
 * statement's text is the same for any number of them. Each entry keeps its own moment.
 */
export function auditInserts(entries: AuditInput[]): SQL {
  const rows = entries.map((entry) => ({
    tenant_id: entry.tenantId,
    actor_id: entry.actorId,
    impersonator_id: entry.impersonatorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    via: entry.via ?? null,
  }));
  return sql`insert into ${auditLog}
      (tenant_id, actor_id, impersonator_id, action, entity, entity_id, before, after, via)
    select tenant_id, actor_id, impersonator_id, action, entity, entity_id, before, after, via
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(tenant_id uuid, actor_id uuid,
      impersonator_id uuid, action text, entity text, entity_id text, before jsonb, after jsonb,
      via jsonb)`;
}

/** Records many entries in one statement (a bulk action's, an import batch's). */
export async function writeAuditEntries(db: Database | Transaction, entries: AuditInput[]) {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}

const impersonators = alias(users, 'impersonator');

export async function listAudit(
  db: Database,
  tenantId: string,
  filter: { entity?: string; entityId?: string; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(auditLog.tenantId, tenantId)];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name, impersonatorName: impersonators.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
