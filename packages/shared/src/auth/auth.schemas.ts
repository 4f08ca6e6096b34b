import { z } from 'zod';
import { emailField, newPasswordField } from '../platform/validation.js';
import { FORGOT_PASSWORD_CODE_LENGTH } from '../platform/constants.js';
import { FEATURE_SWITCHES, tenantFeaturesView } from '../tenants/features.js';
import { presenceField } from '../users/presence.schemas.js';
import { ROLE } from '../users/roles.js';

export const loginBody = z.object({
  email: emailField(),
  password: z
    .string({ error: 'Mật khẩu không được bỏ trống' })
    .min(1, 'Mật khẩu không được bỏ trống')
    .max(128, 'Mật khẩu không được vượt quá 128 ký tự'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailField() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetCodeField = () =>
  z
    .string({ error: 'Mã xác nhận không được bỏ trống' })
    .trim()
    .regex(
      new RegExp(`^\\d{${FORGOT_PASSWORD_CODE_LENGTH}}$`),
      `Mã xác nhận gồm ${FORGOT_PASSWORD_CODE_LENGTH} chữ số`,
    );

export const resetPasswordBody = z.object({
  email: emailField(),
  code: resetCodeField(),
  password: newPasswordField(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The link of an invitation mailed to new staff: valid 7 days, only the newest works. */
export const INVITE_TTL_DAYS = 7;

export const acceptInviteBody = z.object({
  email: emailField(),
  token: z
    .string({ error: 'Liên kết mời không hợp lệ' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Liên kết mời không hợp lệ'),
  password: newPasswordField(),
});
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;

const roleField = z.enum(ROLE.values);

export const viewAsBody = z.object({
  user_id: z.string({ error: 'Vui lòng chọn người dùng' }).uuid('Người dùng không hợp lệ'),
});

/** The stored user (local storage key `user`, spec section 3): the answer of login and view-as. */
export const storedUserView = z.object({
  token: z.string(),
  role: roleField,
  tenant_id: z.string(),
  user_id: z.string(),
  _id: z.string(),
  agent_id: z.string(),
  is_admin: z.boolean(),
  name: z.string(),
  email: z.string(),
  /** Set only on a view-as (impersonation) token: who is looking. */
  viewed_by: z.string().optional(),
});
export type StoredUser = z.infer<typeof storedUserView>;

/** The caller's tenant as GET /v2/my-account carries it. */
export const accountTenantView = z.object({
  _id: z.string(),
  name: z.string(),
  time_zone: z.string(),
  workflow: z.enum(FEATURE_SWITCHES),
  /** Which switchable features are on (TENANT_FEATURES): screens and modules read these. */
  features: tenantFeaturesView,
  /** A ticket an agent creates is theirs by default (`assignsOwnTickets`). */
  assign_own_tickets: z.boolean(),
});
export type TenantConfig = z.infer<typeof accountTenantView>;

export const myAccountView = z.object({
  _id: z.string(),
  user_id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleField,
  agent_id: z.string(),
  is_admin: z.boolean(),
  presence: presenceField,
  avatar_url: z.string().nullable(),
  /** The tenant lets the caller's role import and export customers (tenant setting). */
  customer_import_export: z.boolean(),
  tenant: accountTenantView,
  /** Kept at the top level too: the automation guard reads `workflow`. */
  workflow: z.enum(FEATURE_SWITCHES),
});
export type MyAccount = z.infer<typeof myAccountView>;
