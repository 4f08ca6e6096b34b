import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { idListParam, pageQuery, requiredText } from '../platform/validation.js';

/** Groups have a target: 'user' groups are departments of staff, 'end_user' groups hold customers. */
export const GROUP_TARGETS = ['user', 'end_user'] as const;
export type GroupTarget = (typeof GROUP_TARGETS)[number];

export const CUSTOMER_GROUP_NAME_REQUIRED = 'Tên nhóm khách hàng không được bỏ trống';
/** The customer-group toasts of spec section 8, answered by the server and shown by the client. */
export const CUSTOMER_GROUP_MESSAGES = {
  created: 'Tạo mới nhóm khách hàng thành công',
  updated: 'Cập nhật nhóm khách hàng thành công',
  deleted: 'Xóa nhóm khách hàng thành công',
} as const;
export const DEPARTMENT_MESSAGES = {
  created: 'Tạo mới phòng ban thành công',
  updated: 'Cập nhật phòng ban thành công',
  deleted: 'Xóa phòng ban thành công',
} as const;
/** The success messages of a group's writes, by target. */
export const groupMessages = (target: GroupTarget) =>
  target === 'end_user' ? CUSTOMER_GROUP_MESSAGES : DEPARTMENT_MESSAGES;

/** What the group endpoints answer when they refuse (departments and customer groups alike). */
export const GROUP_MESSAGES = {
  notFound: 'Không tìm thấy nhóm',
  nameTaken: 'Tên nhóm đã tồn tại',
  departmentNameTaken: 'Tên phòng ban đã tồn tại',
  organizationMissing: 'Tổ chức không tồn tại',
  leaderMissing: 'Trưởng phòng không tồn tại',
  memberMissing: 'Có thành viên không tồn tại',
} as const;

/** Automatic assignment of a department (issue 13): the capacity's bounds and its labels. */
export const ASSIGN_CAPACITY_MIN = 1;
export const ASSIGN_CAPACITY_MAX = 1000;
export const ASSIGNMENT_MESSAGES = {
  capacityInvalid: `Số ticket đang mở tối đa phải là số nguyên từ ${ASSIGN_CAPACITY_MIN} đến ${ASSIGN_CAPACITY_MAX}`,
  flagInvalid: 'Giá trị bật/tắt không hợp lệ',
} as const;
export const ASSIGNMENT_LABELS = {
  auto_assign: 'Tự động phân công ticket',
  assign_capacity: 'Số ticket đang mở tối đa mỗi nhân viên',
  reassign_on_logout: 'Phân công lại khi nhân viên đăng xuất',
} as const;

const assignCapacity = z
  .number({ error: ASSIGNMENT_MESSAGES.capacityInvalid })
  .int(ASSIGNMENT_MESSAGES.capacityInvalid)
  .min(ASSIGN_CAPACITY_MIN, ASSIGNMENT_MESSAGES.capacityInvalid)
  .max(ASSIGN_CAPACITY_MAX, ASSIGNMENT_MESSAGES.capacityInvalid);
const flag = z.boolean({ error: ASSIGNMENT_MESSAGES.flagInvalid });

const departmentFields = {
  target: z.literal('user'),
  name: requiredText('Tên phòng ban', 150),
  organization_id: z.uuid('Tổ chức không hợp lệ').nullable().optional(),
  leader_id: z.uuid('Trưởng phòng không hợp lệ').nullable().optional(),
  member_ids: z.array(z.uuid('Thành viên không hợp lệ')).max(1000).optional(),
  description: z.string().trim().max(500, 'Mô tả không được vượt quá 500 ký tự').optional(),
  /**
   * Automatic assignment settings. Left out: off / no limit on create, kept as stored on
   * update (so a client that does not know them never turns them off); `null` capacity = no limit.
   */
  auto_assign: flag.optional(),
  assign_capacity: assignCapacity.nullable().optional(),
  reassign_on_logout: flag.optional(),
};
const customerGroupFields = {
  target: z.literal('end_user'),
  name: z
    .string({ error: CUSTOMER_GROUP_NAME_REQUIRED })
    .trim()
    .min(1, CUSTOMER_GROUP_NAME_REQUIRED)
    .max(150, 'Tên nhóm khách hàng không được vượt quá 150 ký tự'),
};

/** POST /v2/group: `id` may be sent (the spec's payload has it) and is ignored. */
export const createGroupBody = z.discriminatedUnion(
  'target',
  [
    z.object({ id: z.string().optional(), ...departmentFields }),
    z.object({ id: z.string().optional(), ...customerGroupFields }),
  ],
  { error: 'target không hợp lệ' },
);
/** PUT /v2/updateGroup carries the id in the body. */
export const updateGroupBody = z.discriminatedUnion(
  'target',
  [
    z.object({ id: z.uuid('Mã nhóm không hợp lệ'), ...departmentFields }),
    z.object({ id: z.uuid('Mã nhóm không hợp lệ'), ...customerGroupFields }),
  ],
  { error: 'target không hợp lệ' },
);
export type CreateGroupBody = z.infer<typeof createGroupBody>;
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;

export const groupListQuery = z.object({
  target: z.enum(GROUP_TARGETS, { error: 'target không hợp lệ' }).default('end_user'),
  name: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  ids: idListParam('Danh sách mã nhóm không hợp lệ'),
});
export const allGroupQuery = pageQuery.extend({
  target: z.enum(GROUP_TARGETS, { error: 'target không hợp lệ' }).default('user'),
  name: z.string().trim().max(100).optional(),
  ids: idListParam('Danh sách mã nhóm không hợp lệ'),
});

export const groupView = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  target: z.enum(GROUP_TARGETS),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  leader_id: z.string().nullable(),
  leader_name: z.string().nullable(),
  description: z.string(),
  members: z.array(z.object({ _id: z.string(), name: z.string(), role: z.string() })),
  /** Customers in a customer group (target end_user); 0 for a department. */
  customer_count: z.number().int(),
  /** Departments: automatic assignment (false, null, false for customer groups). */
  auto_assign: z.boolean(),
  assign_capacity: z.number().int().nullable(),
  reassign_on_logout: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Group = z.infer<typeof groupView>;

/** GET /v2/groups, /v2/all-group: the spec reads `list` (DESIGN.md section 4). */
export const groupPageView = z.object({ list: z.array(groupView), total: z.number().int() });
export type GroupPage = z.infer<typeof groupPageView>;
