import { z } from 'zod';
import { emailField, newPasswordField, pageQuery, requiredText } from '../platform/validation.js';
import { STAFF_ROLES } from './roles.js';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} không được vượt quá ${max} ký tự`)
    .nullish()
    .transform((value) => value || null);

/** One or two comma-separated SIP gateway hosts (wss://...), primary first. */
export const sipGatewayUrlField = () =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => {
      if (!value) return true;
      const hosts = value.split(',').map((host) => host.trim());
      return hosts.length <= 2 && hosts.every((host) => /^wss?:\/\/[^\s,]+$/i.test(host));
    }, 'Địa chỉ SIP gateway phải là một hoặc hai địa chỉ ws:// hoặc wss:// cách nhau bởi dấu phẩy')
    .nullish()
    .transform((value) => value || null);

export const PHONE_PATTERN = /^\+?[0-9 .-]{8,15}$/;

/** What the staff endpoints answer when they refuse. */
export const USER_MESSAGES = {
  notFound: 'Không tìm thấy người dùng',
  emailTaken: 'Email đã tồn tại',
  agentIdTaken: 'Mã nhân viên đã tồn tại',
  lastAdministrator:
    'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng',
  organizationMissing: 'Tổ chức không tồn tại',
  departmentMissing: 'Phòng ban không tồn tại',
} as const;

const userFields = {
  name: requiredText('Họ tên', 120),
  email: emailField(),
  phone: z
    .string()
    .trim()
    .max(20)
    .refine((value) => !value || PHONE_PATTERN.test(value), 'Số điện thoại không hợp lệ')
    .nullish()
    .transform((value) => value || null),
  role: z.enum(STAFF_ROLES, { error: 'Vai trò không hợp lệ' }),
  organization_id: z.uuid('Tổ chức không hợp lệ').nullable().optional(),
  group_ids: z.array(z.uuid('Phòng ban không hợp lệ')).max(50).optional(),
  agent_id: requiredText('Mã nhân viên (agent_id)', 40).regex(
    /^[A-Za-z0-9_.-]+$/,
    'Mã nhân viên chỉ gồm chữ, số và . _ -',
  ),
  sip_username: optionalText('Tài khoản SIP', 100),
  sip_gateway_url: sipGatewayUrlField(),
  /** Write-only: empty keeps the stored password. */
  sip_password: z.string().max(200, 'Mật khẩu SIP quá dài').nullish(),
  hotline: optionalText('Hotline', 30),
};

export const createUserBody = z.object({ ...userFields, password: newPasswordField() });
export type CreateUserBody = z.infer<typeof createUserBody>;
export const updateUserBody = z.object(userFields);
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const adminResetPasswordBody = z.object({ password: newPasswordField() });

export const idsBody = z.object({
  ids: z
    .array(z.uuid('Mã người dùng không hợp lệ'), { error: 'Vui lòng chọn người dùng' })
    .min(1, 'Vui lòng chọn ít nhất một người dùng')
    .max(500, 'Tối đa 500 người dùng mỗi lần'),
});

export const USER_STATUS = ['active', 'disabled'] as const;
export const usersQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  group_id: z.uuid().optional(),
  organization_id: z.uuid().optional(),
  status: z.enum(USER_STATUS).optional(),
});

/** A staff member as the API shows it; the SIP password is never sent back. */
export interface StaffUser {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  role: (typeof STAFF_ROLES)[number];
  is_admin: boolean;
  agent_id: string;
  active: boolean;
  presence: string;
  organization_id: string | null;
  organization_name: string | null;
  groups: { _id: string; name: string }[];
  sip_username: string | null;
  sip_gateway_url: string | null;
  has_sip_password: boolean;
  hotline: string | null;
  created_at: string;
  updated_at: string;
}

/** Per-item result of a bulk action. */
export interface BulkResult {
  id: string;
  /** The record's name when it was found, so a failure can be shown by name. */
  name?: string;
  ok: boolean;
  message?: string;
}
