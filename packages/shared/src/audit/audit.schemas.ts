import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { pageQuery } from '../platform/validation.js';

export const auditQuery = pageQuery.extend({
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(64).optional(),
});

/** GET /v2/audit-logs: one entry, who did what with the state before and after. */
export const auditEntryView = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The administrator who made the change in a view-as session as `actor`. */
  impersonator: z.object({ _id: z.string(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntryView>;
