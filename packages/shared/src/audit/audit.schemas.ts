import { z } from 'zod';
import { pageQuery } from '../platform/validation.js';

export const auditQuery = pageQuery.extend({
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(64).optional(),
});

export interface AuditEntry {
  _id: string;
  action: string;
  entity: string;
  entity_id: string | null;
  actor: { _id: string; name: string } | null;
  /** The administrator who made the change in a view-as session as `actor`. */
  impersonator: { _id: string; name: string } | null;
  before: unknown;
  after: unknown;
  created_at: string;
}
