import { randomBytes, randomInt } from 'node:crypto';
import {
  INVITE_TTL_DAYS,
  type AcceptInviteBody,
  type LoginBody,
  type ResetPasswordBody,
  type StoredUser,
} from '@omnicare/shared/auth/auth.schemas';
import { USER_MESSAGES } from '@omnicare/shared/users/users.schemas';
import { mayActOn, type Role } from '@omnicare/shared/users/roles';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import {
  FORGOT_PASSWORD_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
} from '@omnicare/shared/platform/constants';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import {
  AppError,
  fieldError,
  forbidden,
  notFound,
  sessionExpired,
  tooManyRequests,
} from '../../platform/errors.js';
import { hashSecret, verifyAgainstNothing, verifySecret } from '../../platform/passwords.js';
import * as repo from './auth.repository.js';
import type { Presence } from '@omnicare/shared/users/presence';
import { changePresence } from '../users/presence.service.js';
import { writeAudit } from '../audit/audit.service.js';

/** The presence of a sign-in without a default presence after a sign-out. */
const SIGNED_IN_PRESENCE: Presence = 'NOT AVAILABLE';

const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const RESET_REQUESTS_PER_EMAIL = 3;
const RESET_REQUEST_WINDOW_MS = 10 * 60_000;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserByEmail>>>;

function toStoredUser(user: UserRow, token: string, viewedBy?: string): StoredUser {
  return {
    token,
    role: user.role as Role,
    tenant_id: user.tenantId,
    user_id: user.id,
    _id: user.id,
    agent_id: user.agentId,
    is_admin: user.isAdmin,
    name: user.name,
    email: user.email,
    ...(viewedBy ? { viewed_by: viewedBy } : {}),
  };
}

async function openSession(
  platform: Platform,
  user: UserRow,
  meta: RequestMeta,
  viewAs?: { impersonatorId: string; openerSessionId: string; openerExpiresAt: Date },
) {
  const ttlEnd = Date.now() + platform.tokens.ttlMs;
  // A view-as session never outlives the session that opened it.
  const expiresAt = new Date(Math.min(ttlEnd, viewAs?.openerExpiresAt.getTime() ?? ttlEnd));
  const session = await repo.insertSession(platform.db, {
    tenantId: user.tenantId,
    userId: user.id,
    impersonatorId: viewAs?.impersonatorId,
    openerSessionId: viewAs?.openerSessionId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
  });
  return platform.tokens.sign(session.id, user.id, user.tenantId, expiresAt);
}

/** Signs in with email and password; one message for an unknown email and a wrong password. */
export async function login(
  platform: Platform,
  input: LoginBody,
  meta: RequestMeta,
): Promise<StoredUser> {
  // Counted per account and IP: a stranger's wrong guesses lock only their own address out.
  const addressKey = `login:account:${input.email}:${meta.ip ?? 'unknown'}`;
  const failures = await platform.throttle.count(addressKey, LOGIN_FAILURE_WINDOW_MS);
  if (failures >= platform.config.loginFailuresPerAccount) throw tooManyRequests();
  // And over all addresses: guesses spread over many addresses lock the account out of every
  // address it has never signed in from, while its owner's usual addresses still get in.
  const accountKey = `login:account-all:${input.email}`;
  const spread = await platform.throttle.count(accountKey, LOGIN_FAILURE_WINDOW_MS);

  const user = await repo.findUserByEmail(platform.db, input.email);
  if (
    spread >= platform.config.loginFailuresPerAccountAllIps &&
    !(user && meta.ip && (await repo.hasSignedInFrom(platform.db, user.id, meta.ip)))
  )
    throw tooManyRequests();
  const ok = user
    ? await verifySecret(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !ok) {
    await platform.throttle.hit(addressKey, LOGIN_FAILURE_WINDOW_MS);
    await platform.throttle.hit(accountKey, LOGIN_FAILURE_WINDOW_MS);
    throw new AppError(400, MESSAGES.wrongCredentials);
  }
  if (!user.active) throw new AppError(400, MESSAGES.accountDisabled);
  await platform.throttle.clear(addressKey);
  // The default presence at each sign-in; without one the last is kept, but not LOGOUT.
  const presence =
    (user.defaultPresence as Presence | null) ??
    (user.presence === 'LOGOUT' ? SIGNED_IN_PRESENCE : null);
  if (presence) await changePresence(platform, user.tenantId, user.id, presence);
  return toStoredUser(user, await openSession(platform, user, meta));
}

/** Ends the caller's session and the view-as sessions it opened. */
export async function logout(platform: Platform, auth: AuthContext) {
  const opened = await repo.revokeSession(platform.db, auth.sessionId, 'logout');
  platform.realtime.endSessions([auth.sessionId], { notify: false });
  platform.realtime.endSessions(opened, { notify: true });
  // Their last session (a view-as session is not theirs): the agent is signed out.
  if (!auth.impersonatorId && !(await repo.hasLiveSession(platform.db, auth.userId)))
    await changePresence(platform, auth.tenantId, auth.userId, 'LOGOUT');
}

/**
 * Mails a 4-digit code when the account exists; the answer is the same either way, and as
 * quick: the code is made, stored and mailed after the answer.
 */
export async function requestPasswordReset(platform: Platform, email: string) {
  const count = await platform.throttle.hit(`reset:email:${email}`, RESET_REQUEST_WINDOW_MS);
  if (count > RESET_REQUESTS_PER_EMAIL) throw tooManyRequests();
  const user = await repo.findUserByEmail(platform.db, email);
  if (user?.active)
    platform.background.run('password reset code', () => sendResetCode(platform, user));
}

async function sendResetCode(platform: Platform, user: UserRow) {
  const code = String(randomInt(0, 10 ** FORGOT_PASSWORD_CODE_LENGTH)).padStart(
    FORGOT_PASSWORD_CODE_LENGTH,
    '0',
  );
  await repo.replaceResetCode(platform.db, {
    tenantId: user.tenantId,
    userId: user.id,
    codeHash: await hashSecret(code),
    expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
  });
  await platform.mailer.send({
    to: user.email,
    subject: 'Mã xác nhận đặt lại mật khẩu OmniCare',
    text: [
      `Xin chào ${user.name},`,
      '',
      `Mã xác nhận đặt lại mật khẩu của bạn là: ${code}`,
      `Mã có hiệu lực trong ${RESET_CODE_TTL_MINUTES} phút. Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này.`,
      '',
      `${platform.config.publicUrl}/forgot-password`,
    ].join('\n'),
  });
}

/** Sets the new password with a valid code, then signs the user out everywhere. */
export async function resetPassword(platform: Platform, input: ResetPasswordBody) {
  const user = await repo.findUserByEmail(platform.db, input.email);
  const reset = user ? await repo.findLiveResetCode(platform.db, user.id) : undefined;
  if (!user || !reset) throw fieldError('code', MESSAGES.resetCodeInvalid);
  if (!(await verifySecret(reset.codeHash, input.code))) {
    await repo.countWrongCode(platform.db, reset.id, RESET_CODE_MAX_ATTEMPTS);
    throw fieldError('code', MESSAGES.resetCodeInvalid);
  }
  await repo.markResetUsed(platform.db, reset.id);
  await repo.setPassword(platform.db, user.id, await hashSecret(input.password));
  // Setting a password by the reset code also ends a pending invitation.
  if (user.invitePending) await repo.acceptInvite(platform.db, user.id);
  await signOutEverywhere(platform, user.id, 'password_reset');
  await writeAudit(platform.db, {
    tenantId: user.tenantId,
    impersonatorId: null,
    actorId: user.id,
    action: 'reset_password',
    entity: 'user',
    entityId: user.id,
  });
}

/**
 * Revokes every session of a user (view-as sessions they opened included) and closes those
 * tabs' real-time connections.
 */
export async function signOutEverywhere(platform: Platform, userId: string, reason: string) {
  const ids = await repo.revokeUserSessions(platform.db, userId, reason);
  platform.realtime.endSessions(ids, { notify: true });
  const user = await repo.findUser(platform.db, userId);
  if (user && user.role !== 'end_user' && user.presence !== 'LOGOUT')
    await changePresence(platform, user.tenantId, userId, 'LOGOUT');
}

export const EXPIRED_PRESENCE_JOB = 'auth.expired-presence';

/**
 * Every minute: staff whose sessions have all expired (they closed the browser, nobody signed
 * out) become LOGOUT, as a sign-out makes them, so automatic assignment stops giving them
 * tickets and their departments may reassign what they hold.
 */
export async function signOutExpiredPresence(platform: Platform, limit = 200) {
  const gone = await repo.presentWithoutSession(platform.db, limit);
  for (const user of gone) await changePresence(platform, user.tenantId, user.id, 'LOGOUT');
  return gone.length;
}

/**
 * An administrator with the admin flag opens a session as another staff user of the tenant,
 * never of more power than their own, and never from a view-as session. It ends with the
 * session that opened it (see platform/auth.ts and `logout`, `signOutEverywhere`).
 */
export async function viewAs(
  platform: Platform,
  auth: AuthContext,
  userId: string,
  meta: RequestMeta,
) {
  if (auth.impersonatorId) throw forbidden();
  const target = await repo.findUserInTenant(platform.db, auth.tenantId, userId);
  if (!target || target.role === 'end_user') throw notFound('Không tìm thấy người dùng');
  if (!mayActOn(auth, target)) throw forbidden();
  if (!target.active) throw fieldError('user_id', 'Người dùng đã bị vô hiệu hóa');
  if (target.id === auth.userId) throw fieldError('user_id', 'Không thể xem dưới quyền chính mình');
  const opener = await repo.findSession(platform.db, auth.sessionId);
  if (!opener) throw sessionExpired();
  const token = await openSession(platform, target, meta, {
    impersonatorId: auth.userId,
    openerSessionId: opener.id,
    openerExpiresAt: opener.expiresAt,
  });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'view_as',
    entity: 'user',
    entityId: target.id,
  });
  return toStoredUser(target, token, auth.userId);
}

/**
 * Mails an invitation link to a new staff member, after the answer (as reset codes are): a long
 * random token, stored hashed in the reset-code table as kind 'invite', valid INVITE_TTL_DAYS.
 */
export function sendInvite(platform: Platform, userId: string) {
  platform.background.run('staff invitation', async () => {
    const user = await repo.findUser(platform.db, userId);
    if (!user?.invitePending) return;
    const token = randomBytes(24).toString('base64url');
    await repo.replaceResetCode(platform.db, {
      tenantId: user.tenantId,
      userId: user.id,
      kind: 'invite',
      codeHash: await hashSecret(token),
      expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 24 * 60 * 60_000),
    });
    const link = `${platform.config.publicUrl}/accept-invite?${new URLSearchParams({
      email: user.email,
      token,
    })}`;
    await platform.mailer.send({
      to: user.email,
      subject: 'Lời mời tham gia OmniCare',
      text: [
        `Xin chào ${user.name},`,
        '',
        'Bạn được mời sử dụng OmniCare. Mở liên kết sau để đặt mật khẩu và đăng nhập:',
        link,
        '',
        `Liên kết có hiệu lực trong ${INVITE_TTL_DAYS} ngày.`,
      ].join('\n'),
    });
  });
}

/** The invitee sets their password from the mailed link and is signed in. */
export async function acceptInvite(
  platform: Platform,
  input: AcceptInviteBody,
  meta: RequestMeta,
): Promise<StoredUser> {
  const user = await repo.findUserByEmail(platform.db, input.email);
  const invite =
    user?.invitePending && user.active
      ? await repo.findLiveResetCode(platform.db, user.id, 'invite')
      : undefined;
  if (!user || !invite) throw fieldError('token', USER_MESSAGES.inviteInvalid);
  if (!(await verifySecret(invite.codeHash, input.token))) {
    await repo.countWrongCode(platform.db, invite.id, RESET_CODE_MAX_ATTEMPTS);
    throw fieldError('token', USER_MESSAGES.inviteInvalid);
  }
  await repo.setPassword(platform.db, user.id, await hashSecret(input.password));
  await repo.acceptInvite(platform.db, user.id);
  await writeAudit(platform.db, {
    tenantId: user.tenantId,
    impersonatorId: null,
    actorId: user.id,
    action: 'accept_invite',
    entity: 'user',
    entityId: user.id,
  });
  return toStoredUser(user, await openSession(platform, user, meta));
}

/**
 * The caller changes their own password (the current one first); their other sessions end,
 * this one stays. Never under view-as.
 */
export async function changePassword(
  platform: Platform,
  auth: AuthContext,
  input: { current_password: string; password: string },
) {
  if (auth.impersonatorId) throw forbidden();
  const user = await repo.findUserInTenant(platform.db, auth.tenantId, auth.userId);
  if (!user) throw sessionExpired();
  if (!(await verifySecret(user.passwordHash, input.current_password)))
    throw fieldError('current_password', USER_MESSAGES.currentPasswordWrong);
  if (input.current_password === input.password)
    throw fieldError('password', USER_MESSAGES.samePassword);
  await repo.setPassword(platform.db, user.id, await hashSecret(input.password));
  await revokeOtherSessions(platform, auth);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: null,
    actorId: auth.userId,
    action: 'change_password',
    entity: 'user',
    entityId: auth.userId,
  });
}

/** Signs the caller out of every session but this one; answers how many ended. */
export async function revokeOtherSessions(platform: Platform, auth: AuthContext) {
  if (auth.impersonatorId) throw forbidden();
  const ids = await repo.revokeOtherSessions(platform.db, auth.userId, auth.sessionId);
  platform.realtime.endSessions(ids, { notify: true });
  return { revoked: ids.length };
}
