import { z } from 'zod';
import { httpStatusMessage } from '../platform/errors.js';
import { emailField, newPasswordField, pageQuery, requiredText } from '../platform/validation.js';
import { bulkResult, isoDateTime } from '../platform/envelope.js';
import { presenceField } from './presence.schemas.js';
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
  sipUsernameTaken: 'Tài khoản SIP đã được dùng',
  lastAdministrator:
    'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng',
  organizationMissing: 'Tổ chức không tồn tại',
  inviteSent: 'Đã gửi lời mời',
  avatarType: 'Ảnh đại diện phải là PNG, JPEG, WEBP hoặc GIF',
  avatarSize: 'Ảnh đại diện tối đa 2 MB',
  inviteResent: 'Đã gửi lại lời mời',
  /** Resending an invitation the person already accepted. */
  inviteAccepted: 'Người dùng đã nhận lời mời',
  inviteInvalid: 'Liên kết mời không đúng hoặc đã hết hạn',
  currentPasswordWrong: 'Mật khẩu hiện tại không đúng',
  samePassword: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  profileSaved: 'Cập nhật hồ sơ thành công',
  passwordChanged: 'Đổi mật khẩu thành công',
  otherSessionsEnded: 'Đã đăng xuất khỏi các phiên khác',
  departmentMissing: 'Phòng ban không tồn tại',
  /** An account with more power than the caller's (per item of a bulk answer too). */
  forbidden: httpStatusMessage(401),
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

/** Empty means 'the next free number of the tenant' (see the users service). */
const optionalAgentId = z
  .union([userFields.agent_id, z.literal('')])
  .nullish()
  .transform((value) => value || null);

export const createUserBody = z.object({
  ...userFields,
  agent_id: optionalAgentId,
  password: newPasswordField(),
});
/** POST /v2/users/invite: the invitee sets their own password from the mailed link. */
export const inviteUserBody = z.object({ ...userFields, agent_id: optionalAgentId });
export type InviteUserBody = z.infer<typeof inviteUserBody>;
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
export const staffUserView = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  is_admin: z.boolean(),
  agent_id: z.string(),
  active: z.boolean(),
  presence: presenceField,
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  groups: z.array(z.object({ _id: z.string(), name: z.string() })),
  sip_username: z.string().nullable(),
  sip_gateway_url: z.string().nullable(),
  has_sip_password: z.boolean(),
  hotline: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Invited by email and not yet accepted ('Chờ nhận lời mời'). */
  invite_pending: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type StaffUser = z.infer<typeof staffUserView>;

/** GET /v2/all-user: the spec reads `list` (DESIGN.md section 4). */
export const staffSearchView = z.object({
  list: z.array(staffUserView),
  total: z.number().int(),
});
export type StaffSearch = z.infer<typeof staffSearchView>;

/** Per-item result of a bulk action (`bulkResult(bulkResultItem)` is the whole answer). */
export const bulkResultItem = z.object({
  id: z.string(),
  /** The record's name when it was found, so a failure can be shown by name. */
  name: z.string().optional(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export type BulkResult = z.infer<typeof bulkResultItem>;

/** POST /v2/active-users and /v2/disable-users. */
export const staffBulkView = bulkResult(bulkResultItem);
export type StaffBulkOutcome = z.infer<typeof staffBulkView>;

/** GET /v2/my-softphone: the caller's SIP account, the password opened for their browser only. */
export const softphoneAccountView = z.object({
  username: z.string().nullable(),
  sipGatewayUrl: z.string().nullable(),
  sipPass: z.string().nullable(),
  agentId: z.string(),
  hotline: z.string().nullable(),
});
export type SoftphoneAccount = z.infer<typeof softphoneAccountView>;

/** The caller's own profile (GET/PUT /v2/my-profile). */
export const myProfileView = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  agent_id: z.string(),
  avatar_url: z.string().nullable(),
  /** The presence set at each sign-in; null keeps the last one. */
  default_presence: presenceField.nullable(),
  /** Plain text under the caller's email replies ('' for none). */
  email_signature: z.string(),
});
export type MyProfile = z.infer<typeof myProfileView>;

export const EMAIL_SIGNATURE_MAX = 2000;

export const updateProfileBody = z.object({
  name: requiredText('Họ tên', 120),
  default_presence: presenceField.nullable(),
  /** Left out: the stored one stays. */
  email_signature: z
    .string({ error: 'Chữ ký phải là văn bản' })
    .max(EMAIL_SIGNATURE_MAX, `Chữ ký tối đa ${EMAIL_SIGNATURE_MAX} ký tự`)
    .transform((text) => text.replace(/\r\n?/g, '\n').trimEnd())
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z.object({
  current_password: z
    .string({ error: 'Mật khẩu hiện tại không được bỏ trống' })
    .min(1, 'Mật khẩu hiện tại không được bỏ trống')
    .max(128, 'Mật khẩu không được vượt quá 128 ký tự'),
  password: newPasswordField(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /v2/my-sessions/revoke-others: how many other sessions ended. */
export const revokedSessionsView = z.object({ revoked: z.number().int() });
