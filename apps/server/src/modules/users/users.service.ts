import type { MyAccount } from '@omnicare/shared/auth/auth.schemas';
import { storedSwitches, tenantFeatures } from '@omnicare/shared/tenants/features';
import { assignsOwnTickets } from '@omnicare/shared/tenants/tenants.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { mayActOn, type Role, type StaffRole } from '@omnicare/shared/users/roles';
import type {
  BulkResult,
  CreateUserBody,
  ChangePasswordBody,
  InviteUserBody,
  MyProfile,
  UpdateProfileBody,
  StaffUser,
  UpdateUserBody,
} from '@omnicare/shared/users/users.schemas';
import { USER_MESSAGES } from '@omnicare/shared/users/users.schemas';
import type { Platform } from '../../platform/context.js';
import type { AuthContext } from '../../platform/auth.js';
import { randomBytes } from 'node:crypto';
import {
  AppError,
  fieldError,
  forbidden,
  notFound,
  sessionExpired,
} from '../../platform/errors.js';
import { hashSecret } from '../../platform/passwords.js';
import { listAudit, writeAudit } from '../audit/audit.service.js';
import type { ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import { userActivity } from './user-activity.js';
import {
  changePassword,
  revokeOtherSessions,
  sendInvite,
  signOutEverywhere,
} from '../auth/auth.service.js';
import { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES } from '@omnicare/shared/platform/constants';
import { imageExtensionOf } from '../../platform/files.js';
import * as repo from './users.repository.js';
import { changePresence } from './presence.service.js';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import { findTenant } from '../tenants/tenants.service.js';

/**
 * 401 unless the caller has at least the power of each account given: the account as it is and,
 * for an edit, as it would become (see `mayActOn`).
 */
function assertMayActOn(auth: AuthContext, ...accounts: { role: string; is_admin: boolean }[]) {
  if (
    accounts.some((account) => !mayActOn(auth, { role: account.role, isAdmin: account.is_admin }))
  )
    throw forbidden();
}

export function toStaffUser({ user, organizationName, groups }: repo.UserWithRelations): StaffUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role as StaffRole,
    is_admin: user.isAdmin,
    agent_id: user.agentId,
    active: user.active,
    presence: user.presence as Presence,
    organization_id: user.organizationId,
    organization_name: organizationName,
    groups,
    sip_username: user.sipUsername,
    sip_gateway_url: user.sipGatewayUrl,
    has_sip_password: !!user.sipPasswordEncrypted,
    hotline: user.hotline,
    avatar_url: user.avatarUrl,
    invite_pending: user.invitePending,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a user: never a password, hash or SIP secret. */
const auditView = (user: StaffUser) => {
  const { has_sip_password: _secret, presence: _presence, ...rest } = user;
  return rest;
};

/** How a user appears to the others on a record they are viewing together. */
export async function viewerOf(platform: Platform, auth: AuthContext) {
  const [user] = await repo.usersByIds(platform.db, auth.tenantId, [auth.userId]);
  return { user_id: auth.userId, name: user?.name ?? '', avatar_url: user?.avatarUrl ?? null };
}

export async function myAccount(platform: Platform, auth: AuthContext): Promise<MyAccount> {
  const row = await repo.findAccount(platform.db, auth.tenantId, auth.userId);
  if (!row) throw sessionExpired();
  const { user, tenant } = row;
  const switches = storedSwitches(tenant.settings);
  return {
    _id: user.id,
    user_id: user.id,
    tenant_id: tenant.id,
    name: user.name,
    email: user.email,
    role: user.role as Role,
    agent_id: user.agentId,
    is_admin: user.isAdmin,
    presence: user.presence as Presence,
    avatar_url: user.avatarUrl,
    customer_import_export: auth.customerImportExport,
    tenant: {
      _id: tenant.id,
      name: tenant.name,
      time_zone: tenant.timeZone,
      ...switches,
      features: tenantFeatures(tenant.settings),
      assign_own_tickets: assignsOwnTickets(tenant.settings),
    },
    workflow: switches.workflow,
  };
}

/**
 * The caller's softphone account, with the SIP password decrypted for their own browser only:
 * never under view-as, where the browser is the impersonator's.
 */
export async function mySoftphoneAccount(platform: Platform, auth: AuthContext) {
  const row = await repo.findAccount(platform.db, auth.tenantId, auth.userId);
  if (!row) throw sessionExpired();
  const { user } = row;
  const secret = auth.impersonatorId ? null : user.sipPasswordEncrypted;
  return {
    username: user.sipUsername,
    sipGatewayUrl: user.sipGatewayUrl,
    sipPass: secret ? platform.secrets.open(secret) : null,
    agentId: user.agentId,
    hotline: user.hotline,
  };
}

/** Saves the agent's presence and tells everyone in the tenant. */
export async function setPresence(platform: Platform, auth: AuthContext, presence: Presence) {
  await changePresence(platform, auth.tenantId, auth.userId, presence);
  return { presence };
}

export async function listUsers(
  platform: Platform,
  tenantId: string,
  query: {
    keyword?: string;
    roles?: readonly string[];
    ids?: readonly string[];
    group_id?: string;
    organization_id?: string;
    status?: 'active' | 'disabled';
    page: number;
    page_size: number;
  },
) {
  const { rows, total } = await repo.listUsers(platform.db, tenantId, {
    keyword: query.keyword,
    roles: query.roles,
    ids: query.ids,
    groupId: query.group_id,
    organizationId: query.organization_id,
    active: query.status === undefined ? undefined : query.status === 'active',
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return { data: rows.map(toStaffUser), total };
}

export async function getUser(platform: Platform, tenantId: string, id: string) {
  const row = await repo.getUser(platform.db, tenantId, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return toStaffUser(row);
}

/** What happened to a staff account, newest first, as the shared timeline shows it. */
export async function userTimeline(
  platform: Platform,
  auth: AuthContext,
  id: string,
  page: { page: number; page_size: number },
): Promise<{ data: ActivityEntry[]; total: number }> {
  await getUser(platform, auth.tenantId, id);
  const { rows, total } = await listAudit(platform.db, auth.tenantId, {
    entity: 'user',
    entityId: id,
    offset: (page.page - 1) * page.page_size,
    limit: page.page_size,
  });
  return {
    data: rows.map(({ entry, actorName, impersonatorName }) => ({
      _id: entry.id,
      kind: `user.${entry.action}`,
      actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? '' } : null,
      impersonator: entry.impersonatorId
        ? { _id: entry.impersonatorId, name: impersonatorName ?? '' }
        : null,
      at: entry.createdAt.toISOString(),
      ...userActivity(entry.action, entry.before, entry.after),
    })),
    total,
  };
}

export async function findUser(platform: Platform, auth: AuthContext, value: string) {
  const row = await repo.findUserExact(platform.db, auth.tenantId, value);
  return row ? toStaffUser(row) : null;
}

/** Staff fields as they are saved: the agent id chosen, or the tenant's next free one. */
type UserFields = Omit<UpdateUserBody, 'agent_id'> & { agent_id: string | null };

/**
 * Checks what only the database knows; a taken email, agent id and SIP username (unique across
 * tenants: the SIP gateway knows an agent by it alone) are reported together (one 422 naming
 * them), so the form marks them at once.
 */
async function checkUserFields(
  platform: Platform,
  tenantId: string,
  body: UserFields,
  exceptId?: string,
) {
  const [emailTaken, agentIdTaken, sipTaken] = await Promise.all([
    repo.emailTaken(platform.db, body.email, exceptId),
    body.agent_id ? repo.agentIdTaken(platform.db, tenantId, body.agent_id, exceptId) : false,
    body.sip_username ? repo.sipUsernameTaken(platform.db, body.sip_username, exceptId) : false,
  ]);
  const taken = [
    ...(emailTaken ? [{ param: 'email', message: USER_MESSAGES.emailTaken }] : []),
    ...(agentIdTaken ? [{ param: 'agent_id', message: USER_MESSAGES.agentIdTaken }] : []),
    ...(sipTaken ? [{ param: 'sip_username', message: USER_MESSAGES.sipUsernameTaken }] : []),
  ];
  if (taken[0]) throw new AppError(422, taken[0].message, taken);
  if (
    body.organization_id &&
    !(await repo.organizationExists(platform.db, tenantId, body.organization_id))
  ) {
    throw fieldError('organization_id', USER_MESSAGES.organizationMissing);
  }
  const groupIds = [...new Set(body.group_ids ?? [])];
  const found = await repo.existingDepartmentIds(platform.db, tenantId, groupIds);
  if (found.length !== groupIds.length)
    throw fieldError('group_ids', USER_MESSAGES.departmentMissing);
  return groupIds;
}

const userColumns = (platform: Platform, body: UserFields & { agent_id: string }) => ({
  name: body.name,
  email: body.email,
  phone: body.phone,
  role: body.role,
  agentId: body.agent_id,
  organizationId: body.organization_id ?? null,
  sipUsername: body.sip_username,
  sipGatewayUrl: body.sip_gateway_url,
  hotline: body.hotline,
  ...(body.sip_password ? { sipPasswordEncrypted: platform.secrets.seal(body.sip_password) } : {}),
});

export async function createUser(platform: Platform, auth: AuthContext, body: CreateUserBody) {
  const { password, ...fields } = body;
  const created = await insertStaff(platform, auth, fields, {
    passwordHash: await hashSecret(password),
  });
  monitorsChanged(platform, auth.tenantId, 'presence');
  return created;
}

/**
 * Invites a staff member by email: the account waits (`invite_pending`) until the invitee sets
 * a password from the mailed link (auth.service `sendInvite`, `acceptInvite`).
 */
export async function inviteUser(platform: Platform, auth: AuthContext, body: InviteUserBody) {
  // Nobody can sign in with this hash: it is the hash of a secret nobody keeps.
  const passwordHash = await hashSecret(randomBytes(32).toString('base64url'));
  const created = await insertStaff(platform, auth, body, { passwordHash, invitePending: true });
  await writeInviteAudit(platform, auth, created._id);
  sendInvite(platform, created._id);
  return created;
}

/** Mails a new invitation link (the former one stops working) while the invite is pending. */
export async function resendInvite(platform: Platform, auth: AuthContext, id: string) {
  const user = await getUser(platform, auth.tenantId, id);
  assertMayActOn(auth, user);
  if (!user.invite_pending) throw fieldError('id', USER_MESSAGES.inviteAccepted);
  await writeInviteAudit(platform, auth, id);
  sendInvite(platform, id);
  return user;
}

const writeInviteAudit = (platform: Platform, auth: AuthContext, id: string) =>
  writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'invite',
    entity: 'user',
    entityId: id,
  });

async function insertStaff(
  platform: Platform,
  auth: AuthContext,
  body: UserFields,
  secret: { passwordHash: string; invitePending?: boolean },
) {
  assertMayActOn(auth, { role: body.role, is_admin: false });
  const groupIds = await checkUserFields(platform, auth.tenantId, body);
  const id = await platform.db.transaction(async (tx) => {
    const agentId = body.agent_id ?? (await repo.nextAgentId(tx, auth.tenantId));
    const user = await repo.insertUser(tx, {
      tenantId: auth.tenantId,
      ...userColumns(platform, { ...body, agent_id: agentId }),
      ...secret,
    });
    await repo.setUserDepartments(tx, auth.tenantId, user.id, groupIds);
    return user.id;
  });
  const created = await getUser(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'create',
    entity: 'user',
    entityId: id,
    after: auditView(created),
  });
  return created;
}

export async function updateUser(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: UpdateUserBody,
) {
  const before = await getUser(platform, auth.tenantId, id);
  assertMayActOn(auth, before, { role: body.role, is_admin: before.is_admin });
  const groupIds = await checkUserFields(platform, auth.tenantId, body, id);
  await platform.db.transaction(async (tx) => {
    if (before.role === 'administrator' && body.role !== 'administrator' && before.active) {
      const admins = await repo.lockActiveAdministrators(tx, auth.tenantId);
      if (admins.length <= 1) throw fieldError('role', USER_MESSAGES.lastAdministrator);
    }
    await repo.updateUser(tx, auth.tenantId, id, userColumns(platform, body));
    await repo.setUserDepartments(tx, auth.tenantId, id, groupIds);
  });
  const after = await getUser(platform, auth.tenantId, id);
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'user',
    entityId: id,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

/**
 * Activates or disables users; each id gets its own result. Nobody acts on an account with more
 * power than their own; disabling never leaves the tenant without an active administrator, and
 * signs the disabled users out at once.
 */
export async function setActive(
  platform: Platform,
  auth: AuthContext,
  ids: string[],
  active: boolean,
): Promise<BulkResult[]> {
  const unique = [...new Set(ids)];
  const results = await platform.db.transaction(async (tx) => {
    const found = new Map(
      (await repo.usersByIds(tx, auth.tenantId, unique)).map((user) => [user.id, user]),
    );
    let remainingAdmins = active ? [] : await repo.lockActiveAdministrators(tx, auth.tenantId);
    const changed: string[] = [];
    const out: BulkResult[] = unique.map((id) => {
      const user = found.get(id);
      if (!user) return { id, ok: false, message: USER_MESSAGES.notFound };
      if (!mayActOn(auth, user))
        return { id, name: user.name, ok: false, message: USER_MESSAGES.forbidden };
      if (!active && user.active && user.role === 'administrator') {
        if (remainingAdmins.length <= 1)
          return { id, name: user.name, ok: false, message: USER_MESSAGES.lastAdministrator };
        remainingAdmins = remainingAdmins.filter((adminId) => adminId !== id);
      }
      if (user.active !== active) changed.push(id);
      return { id, name: user.name, ok: true };
    });
    await repo.setActive(tx, auth.tenantId, changed, active);
    for (const id of changed) {
      await writeAudit(tx, {
        tenantId: auth.tenantId,
        impersonatorId: auth.impersonatorId,
        actorId: auth.userId,
        action: active ? 'activate' : 'disable',
        entity: 'user',
        entityId: id,
        before: { active: !active },
        after: { active },
      });
    }
    return { out, changed };
  });
  if (!active) {
    for (const id of results.changed) await signOutEverywhere(platform, id, 'disabled');
  }
  // The agents monitor lists active staff.
  if (results.changed.length > 0) monitorsChanged(platform, auth.tenantId, 'presence');
  return results.out;
}

/** An administrator sets a user's password; the user's sessions end at once. */
export async function resetPasswordByAdmin(
  platform: Platform,
  auth: AuthContext,
  userId: string,
  password: string,
) {
  const user = await getUser(platform, auth.tenantId, userId);
  assertMayActOn(auth, user);
  await platform.db.transaction(async (tx) => {
    await repo.updateUser(tx, auth.tenantId, user._id, {
      passwordHash: await hashSecret(password),
      passwordChangedAt: new Date(),
    });
    await writeAudit(tx, {
      tenantId: auth.tenantId,
      impersonatorId: auth.impersonatorId,
      actorId: auth.userId,
      action: 'reset_password',
      entity: 'user',
      entityId: user._id,
    });
  });
  await signOutEverywhere(platform, user._id, 'password_reset_by_admin');
}

export async function listAgents(
  platform: Platform,
  auth: AuthContext,
  query: { keyword?: string; page: number; page_size: number },
) {
  return listUsers(platform, auth.tenantId, { ...query, roles: ['agent'], status: 'active' });
}

/** Tenants with their configuration, for the platform administrator (admin flag). */
export async function listTenantAccounts(platform: Platform) {
  const rows = await repo.listTenants(platform.db);
  return rows.map(({ tenant, userCount }) => ({
    _id: tenant.id,
    name: tenant.name,
    slug: tenant.slug,
    time_zone: tenant.timeZone,
    ...storedSwitches(tenant.settings),
    features: tenantFeatures(tenant.settings),
    user_count: userCount,
    created_at: tenant.createdAt.toISOString(),
  }));
}

export async function ensureTenant(platform: Platform, tenantId: string) {
  if (!(await findTenant(platform.db, tenantId))) throw new AppError(404, 'Không tìm thấy tenant');
}

export async function myProfile(platform: Platform, auth: AuthContext): Promise<MyProfile> {
  const row = await repo.findAccount(platform.db, auth.tenantId, auth.userId);
  if (!row) throw sessionExpired();
  const { user } = row;
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as StaffRole,
    agent_id: user.agentId,
    avatar_url: user.avatarUrl,
    default_presence: (user.defaultPresence as Presence | null) ?? null,
    email_signature: user.emailSignature,
  };
}

export async function updateProfile(
  platform: Platform,
  auth: AuthContext,
  body: UpdateProfileBody,
) {
  const before = await myProfile(platform, auth);
  await repo.updateProfile(platform.db, auth.tenantId, auth.userId, {
    name: body.name,
    defaultPresence: body.default_presence,
    ...(body.email_signature === undefined ? {} : { emailSignature: body.email_signature }),
  });
  const after = await myProfile(platform, auth);
  const audited = (profile: MyProfile) => ({
    name: profile.name,
    default_presence: profile.default_presence,
    email_signature: profile.email_signature,
  });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'user',
    entityId: auth.userId,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/** The caller's picture: PNG, JPEG, WEBP or GIF up to 2 MB, as customers' avatars. */
export async function setMyAvatar(
  platform: Platform,
  auth: AuthContext,
  content: Buffer | undefined,
) {
  // The size first: a large file is refused with the message that says what to change.
  if (content && content.length > AVATAR_MAX_BYTES)
    throw fieldError('file', USER_MESSAGES.avatarSize);
  const extension = content ? imageExtensionOf(content) : undefined;
  if (!content || !extension) throw fieldError('file', USER_MESSAGES.avatarType);
  const before = await myProfile(platform, auth);
  const avatarUrl = await platform.files.savePublic(
    `avatars/${auth.tenantId}`,
    extension,
    Readable.from(content),
  );
  await repo.updateProfile(platform.db, auth.tenantId, auth.userId, { avatarUrl });
  await writeAudit(platform.db, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'avatar',
    entity: 'user',
    entityId: auth.userId,
    before: { avatar_url: before.avatar_url },
    after: { avatar_url: avatarUrl },
  });
  return myProfile(platform, auth);
}

export const changeMyPassword = (platform: Platform, auth: AuthContext, body: ChangePasswordBody) =>
  changePassword(platform, auth, body);

export const revokeMyOtherSessions = (platform: Platform, auth: AuthContext) =>
  revokeOtherSessions(platform, auth);
