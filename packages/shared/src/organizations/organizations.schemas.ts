import { z } from 'zod';
import { recordNumber, recordRefParam } from '../platform/record-ref.js';
import { isoDateTime } from '../platform/envelope.js';
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

/**
 * A node of GET /v2/organizes: the tenant's organizations as a tree. Registered by id: /docs
 * can show a recursive schema only as a named component.
 */
export const organizationNodeView = z
  .object({
    _id: z.string(),
    number: recordNumber,
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
  /** The short number of the organization in its tenant: its address and tab title. */
  number: recordNumber,
  name: z.string(),
  parent_id: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type OrganizationDetail = z.infer<typeof organizationView>;

/** `GET /v2/organize/{id}`: the organization's id or its short number. */
export const organizationRefParams = z.object({
  id: recordRefParam('Mã tổ chức không hợp lệ'),
});
