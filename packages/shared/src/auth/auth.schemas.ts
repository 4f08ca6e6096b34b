import { z } from 'zod';
import { emailField, newPasswordField } from '../platform/validation.js';
import { FORGOT_PASSWORD_CODE_LENGTH } from '../platform/constants.js';
import type { Role } from '../users/roles.js';
import type { Presence } from '../users/presence.js';

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

export const viewAsBody = z.object({
  user_id: z.string({ error: 'Vui lòng chọn người dùng' }).uuid('Người dùng không hợp lệ'),
});

/** The stored user (local storage key `user`, spec section 3). */
export interface StoredUser {
  token: string;
  role: Role;
  tenant_id: string;
  user_id: string;
  _id: string;
  agent_id: string;
  is_admin: boolean;
  name: string;
  email: string;
  /** Set only on a view-as (impersonation) token: who is looking. */
  viewed_by?: string;
}

export type FeatureSwitch = 'enabled' | 'disabled';

export interface TenantConfig {
  _id: string;
  name: string;
  time_zone: string;
  workflow: FeatureSwitch;
}

export interface MyAccount {
  _id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  email: string;
  role: Role;
  agent_id: string;
  is_admin: boolean;
  presence: Presence;
  tenant: TenantConfig;
  /** Kept at the top level too: the automation guard reads `workflow`. */
  workflow: FeatureSwitch;
}
