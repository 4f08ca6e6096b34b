import type { AuditEntry } from '@omnicare/shared/audit/audit.schemas';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import * as repo from './audit.repository.js';

export type { AuditInput } from './audit.repository.js';

/**
 * Records who did what, with the state before and after: every module's service calls this
 * (in its transaction when it has one). The repository's own signature, passed through.
 */
export const writeAudit = repo.writeAudit;
/** `writeAudit` as part of another statement (see `appendEvent`'s `alongside`). */
export const auditInsert = repo.auditInsert;
/** `auditInsert` for many entries, as one statement (`appendEvents`' writes). */
export const auditInserts = repo.auditInserts;
/** `writeAudit` for many entries at once. */
export const writeAuditEntries = repo.writeAuditEntries;

/** One entity's entries (or all), newest first, with their actor's name: for timelines. */
export const listAudit = repo.listAudit;

/** GET /v2/audit-logs: a page of the tenant's audit log. */
export async function auditLogPage(
  platform: Platform,
  auth: AuthContext,
  query: { entity?: string; entity_id?: string; page: number; page_size: number },
) {
  const { rows, total } = await repo.listAudit(platform.db, auth.tenantId, {
    entity: query.entity,
    entityId: query.entity_id,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  const entries: AuditEntry[] = rows.map(({ entry, actorName, impersonatorName }) => ({
    _id: entry.id,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
    impersonator: entry.impersonatorId
      ? { _id: entry.impersonatorId, name: impersonatorName ?? '' }
      : null,
    before: entry.before,
    after: entry.after,
    created_at: entry.createdAt.toISOString(),
  }));
  return { entries, total };
}
