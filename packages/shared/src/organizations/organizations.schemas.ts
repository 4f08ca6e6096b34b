import { z } from 'zod';
import { requiredText } from '../platform/validation.js';

/** What the organization endpoints answer when they refuse. */
export const ORGANIZATION_MESSAGES = {
  notFound: 'Không tìm thấy tổ chức',
  parentMissing: 'Tổ chức cha không tồn tại',
  nameTaken: 'Tên tổ chức đã tồn tại',
  cycle: 'Không thể chuyển tổ chức vào chính nó hoặc tổ chức con của nó',
  hasChildren: 'Không thể xóa tổ chức còn tổ chức con',
  hasUsers: 'Không thể xóa tổ chức đang có nhân viên',
  hasDepartments: 'Không thể xóa tổ chức đang có phòng ban',
  hasCustomers: 'Không thể xóa tổ chức đang có khách hàng',
} as const;

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
