import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';

export const organizationBody = z.object({
  name: requiredText('Tên tổ chức', 150),
  parent_id: z.uuid('Tổ chức cha không hợp lệ').nullable().optional(),
});
export type OrganizationBody = z.infer<typeof organizationBody>;

/** A node of GET /v2/organizes: the tenant's organizations as a tree. */
export interface OrganizationNode {
  _id: string;
  name: string;
  parent_id: string | null;
  user_count: number;
  children: OrganizationNode[];
}
export const organizationNodeView: z.ZodType<OrganizationNode> = z.object({
  _id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  user_count: z.number().int(),
  get children() {
    return z.array(organizationNodeView);
  },
});

/** One organization: GET /v2/organize/:id and the answers of its writes. */
export const organizationView = z.object({
  _id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type OrganizationDetail = z.infer<typeof organizationView>;
