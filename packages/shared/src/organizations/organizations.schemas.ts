import { z } from 'zod';
import { requiredText } from '../platform/validation.js';

export const organizationBody = z.object({
  name: requiredText('Tên tổ chức', 150),
  parent_id: z.uuid('Tổ chức cha không hợp lệ').nullable().optional(),
});
export type OrganizationBody = z.infer<typeof organizationBody>;

export interface OrganizationNode {
  _id: string;
  name: string;
  parent_id: string | null;
  user_count: number;
  children: OrganizationNode[];
}
