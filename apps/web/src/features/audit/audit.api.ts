import type { AuditEntry } from '@omnicare/shared/audit/audit.schemas';
import { apiList } from '@/lib/http';

export interface AuditParams {
  entity: string;
  entity_id?: string;
  page: number;
  page_size: number;
}

/** The change history administrators read (who, what, before/after). */
export const listAudit = (params: AuditParams, signal?: AbortSignal) =>
  apiList<AuditEntry>({ method: 'GET', url: '/v2/audit-logs', params, signal });
