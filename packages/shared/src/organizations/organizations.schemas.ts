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
  /** A delete refused: what still belongs to the organization ('1 tổ chức con và 3 khách hàng'). */
  attached: (what: string) => `Không thể xóa tổ chức còn ${what}`,
} as const;

/** What belongs to an organization and keeps it from being deleted. */
export interface OrganizationAttachments {
  children: number;
  users: number;
  departments: number;
  customers: number;
}

/**
 * What is attached, as people read it ('2 tổ chức con, 1 nhân viên và 5 khách hàng'), or null
 * when nothing is: the tree screen says it before asking to confirm, the server when it refuses.
 */
export function organizationAttachments(counts: OrganizationAttachments): string | null {
  const parts = [
    counts.children > 0 && `${counts.children} tổ chức con`,
    counts.users > 0 && `${counts.users} nhân viên`,
    counts.departments > 0 && `${counts.departments} phòng ban`,
    counts.customers > 0 && `${counts.customers} khách hàng`,
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return null;
  const last = parts.pop()!;
  return parts.length > 0 ? `${parts.join(', ')} và ${last}` : last;
}

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
    /** Departments placed in it: with children, staff and customers, they block its deletion. */
    department_count: z.number().int(),
    customer_count: z.number().int(),
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
