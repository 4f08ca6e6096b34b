import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';

export const organizationBody = z.object({
  name: requiredText('Tên tổ chức', 150),
  parent_id: z.uuid('Tổ chức cha không hợp lệ').nullable().optional(),
});
export type OrganizationBody = z.infer<typeof organizationBody>;

/**
 * A node of GET /v2/organizes: the tenant's organizations as a tree. Registered by id: /docs
 * can show a recursive schema only as a named component.
 */
export const organizationNodeView = z
  .object({
    _id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    user_count: z.number().int(),
    get children(): z.ZodArray<typeof organizationNodeView> {
      return z.array(organizationNodeView);
    },
  })
  .meta({ id: 'OrganizationNode' });
export type OrganizationNode = z.infer<typeof organizationNodeView>;

/** One organization: GET /v2/organize/:id and the answers of its writes. */
export const organizationView = z.object({
  _id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type OrganizationDetail = z.infer<typeof organizationView>;
