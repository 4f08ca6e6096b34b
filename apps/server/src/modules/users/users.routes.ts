import { z } from 'zod';
import { activityEntryView } from '@omnicare/shared/audit/activity.schemas';
import { myAccountView } from '@omnicare/shared/auth/auth.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { tenantAccountView } from '@omnicare/shared/tenants/tenants.schemas';
import { presenceBody, presenceView } from '@omnicare/shared/users/presence.schemas';
import { STAFF_ROLES } from '@omnicare/shared/users/roles';
import { idListParam, pageQuery } from '@omnicare/shared/platform/validation';
import {
  adminResetPasswordBody,
  bulkResultItem,
  changePasswordBody,
  createUserBody,
  idsBody,
  inviteUserBody,
  myProfileView,
  revokedSessionsView,
  updateProfileBody,
  softphoneAccountView,
  staffBulkView,
  staffSearchView,
  staffUserView,
  updateUserBody,
  USER_MESSAGES,
  usersQuery,
} from '@omnicare/shared/users/users.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { authOf, type Access } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { answers, bulkAnswer, created, list, ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as users from './users.service.js';

/** `roles` arrives as a JSON-encoded list (spec section 7); it defaults to the four staff roles. */
const rolesParam = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return [...STAFF_ROLES];
    try {
      return z.array(z.enum(STAFF_ROLES)).min(1).parse(JSON.parse(raw));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Danh sách vai trò không hợp lệ' });
      return z.NEVER;
    }
  });

const idParams = z.object({ id: z.uuid('Mã người dùng không hợp lệ') });
const userIdParams = z.object({ userId: z.uuid('Mã người dùng không hợp lệ') });
const tenantParams = z.object({ id: z.uuid('Mã tenant không hợp lệ') });

const STAFF: Access = 'authenticated';
const ADMIN: Access = 'staff.manage';
const tags = ['users'];
/** The status of a single activation's failure; other failures are 422. */
const FAILURE_STATUS: Record<string, number> = {
  [USER_MESSAGES.notFound]: 404,
  [USER_MESSAGES.forbidden]: 401,
};

export const usersRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/my-account',
    {
      schema: {
        tags,
        summary: 'Tài khoản của tôi và cấu hình tenant',
        response: answers.ok(myAccountView),
      },
      config: { access: STAFF },
    },
    async (request) => ok(await users.myAccount(platform, authOf(request))),
  );

  r.get(
    '/v2/my-softphone',
    {
      schema: {
        tags,
        summary: 'Tài khoản softphone của tôi',
        response: answers.ok(softphoneAccountView),
      },
      config: { access: STAFF },
    },
    async (request) => ok(await users.mySoftphoneAccount(platform, authOf(request))),
  );

  r.put(
    '/v2/my-presence',
    {
      schema: {
        tags,
        summary: 'Đổi trạng thái làm việc',
        body: presenceBody,
        response: answers.ok(presenceView),
      },
      config: { access: STAFF },
    },
    async (request) =>
      ok(
        await users.setPresence(platform, authOf(request), request.body.presence as Presence),
        'Cập nhật thành công',
      ),
  );

  r.get(
    '/v2/all-user',
    {
      schema: {
        tags,
        summary: 'Tìm nhân viên theo từ khóa và vai trò',
        querystring: pageQuery.extend({
          keyword: z.string().trim().max(100).optional(),
          roles: rolesParam,
          ids: idListParam('Danh sách mã người dùng không hợp lệ'),
        }),
        response: answers.ok(staffSearchView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total } = await users.listUsers(
        platform,
        authOf(request).tenantId,
        request.query,
      );
      return ok({ list: data, total });
    },
  );

  r.get(
    '/v2/find-user',
    {
      schema: {
        tags,
        summary: 'Tìm một nhân viên theo email, mã nhân viên hoặc số điện thoại',
        querystring: z.object({
          keyword: z.string().trim().min(1, 'Vui lòng nhập từ khóa').max(200),
        }),
        response: answers.ok(staffUserView.nullable()),
      },
      config: { access: STAFF },
    },
    async (request) => ok(await users.findUser(platform, authOf(request), request.query.keyword)),
  );

  r.get(
    '/v2/list-agents',
    {
      schema: {
        tags,
        summary: 'Danh sách chuyên viên đang hoạt động',
        querystring: pageQuery.extend({ keyword: z.string().trim().max(100).optional() }),
        response: answers.list(staffUserView),
      },
      config: { access: STAFF },
    },
    async (request) => {
      const { data, total } = await users.listAgents(platform, authOf(request), request.query);
      return list(data, total);
    },
  );

  r.get(
    '/v2/users',
    {
      schema: {
        tags,
        summary: 'Danh sách nhân viên',
        querystring: usersQuery,
        response: answers.list(staffUserView),
      },
      config: { access: 'staff.read' },
    },
    async (request) => {
      const { role, ...rest } = request.query;
      const { data, total } = await users.listUsers(platform, authOf(request).tenantId, {
        ...rest,
        roles: role ? [role] : undefined,
      });
      return list(data, total);
    },
  );

  r.get(
    '/v2/users/:id/timeline',
    {
      schema: {
        tags,
        summary: 'Lịch sử thay đổi của nhân viên',
        params: idParams,
        querystring: pageQuery,
        response: answers.list(activityEntryView),
      },
      config: { access: 'audit.read' },
    },
    async (request) => {
      const { data, total } = await users.userTimeline(
        platform,
        authOf(request),
        request.params.id,
        request.query,
      );
      return list(data, total);
    },
  );

  r.get(
    '/v2/users/:id',
    {
      schema: {
        tags,
        summary: 'Chi tiết nhân viên',
        params: idParams,
        response: answers.ok(staffUserView),
      },
      config: { access: 'staff.read' },
    },
    async (request) =>
      ok(await users.getUser(platform, authOf(request).tenantId, request.params.id)),
  );

  r.post(
    '/v2/create-user',
    {
      schema: {
        tags,
        summary: 'Tạo nhân viên',
        body: createUserBody,
        response: answers.created(staffUserView),
      },
      config: { access: ADMIN },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await users.createUser(platform, authOf(request), request.body),
        'Tạo mới nhân viên thành công',
      );
    },
  );

  r.post(
    '/v2/invite-user',
    {
      schema: {
        tags,
        summary: 'Mời nhân viên qua email (người được mời tự đặt mật khẩu)',
        body: inviteUserBody,
        response: answers.created(staffUserView),
      },
      config: { access: ADMIN },
    },
    async (request, reply) => {
      reply.status(201);
      return created(
        await users.inviteUser(platform, authOf(request), request.body),
        USER_MESSAGES.inviteSent,
      );
    },
  );

  r.post(
    '/v2/resend-invite/:id',
    {
      schema: {
        tags,
        summary: 'Gửi lại lời mời',
        params: idParams,
        response: answers.ok(staffUserView),
      },
      config: { access: ADMIN },
    },
    async (request) =>
      ok(
        await users.resendInvite(platform, authOf(request), request.params.id),
        USER_MESSAGES.inviteResent,
      ),
  );

  r.get(
    '/v2/my-profile',
    {
      schema: { tags, summary: 'Hồ sơ của tôi', response: answers.ok(myProfileView) },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await users.myProfile(platform, authOf(request))),
  );

  r.put(
    '/v2/my-profile',
    {
      schema: {
        tags,
        summary: 'Cập nhật hồ sơ của tôi',
        body: updateProfileBody,
        response: answers.ok(myProfileView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        await users.updateProfile(platform, authOf(request), request.body),
        USER_MESSAGES.profileSaved,
      ),
  );

  r.post(
    '/v2/my-avatar',
    {
      schema: {
        tags,
        summary: 'Đổi ảnh đại diện của tôi (multipart, field file)',
        response: answers.ok(myProfileView),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const file = await request.file();
      return ok(
        await users.setMyAvatar(
          platform,
          authOf(request),
          file ? await file.toBuffer() : undefined,
        ),
        'Cập nhật ảnh đại diện thành công',
      );
    },
  );

  r.put(
    '/v2/my-password',
    {
      schema: {
        tags,
        summary: 'Đổi mật khẩu của tôi',
        body: changePasswordBody,
        response: answers.ok(noData),
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await users.changeMyPassword(platform, authOf(request), request.body);
      return ok(null, USER_MESSAGES.passwordChanged);
    },
  );

  r.post(
    '/v2/my-sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Đăng xuất khỏi các phiên khác',
        response: answers.ok(revokedSessionsView),
      },
      config: { access: 'authenticated' },
    },
    async (request) =>
      ok(
        await users.revokeMyOtherSessions(platform, authOf(request)),
        USER_MESSAGES.otherSessionsEnded,
      ),
  );

  r.put(
    '/v2/update-user/:id',
    {
      schema: {
        tags,
        summary: 'Cập nhật nhân viên',
        params: idParams,
        body: updateUserBody,
        response: answers.ok(staffUserView),
      },
      config: { access: ADMIN },
    },
    async (request) =>
      ok(
        await users.updateUser(platform, authOf(request), request.params.id, request.body),
        'Cập nhật thành công',
      ),
  );

  r.post(
    '/v2/reset-password/:userId',
    {
      schema: {
        tags,
        summary: 'Đặt lại mật khẩu cho nhân viên',
        params: userIdParams,
        body: adminResetPasswordBody,
        response: answers.ok(noData),
      },
      config: { access: ADMIN },
    },
    async (request) => {
      await users.resetPasswordByAdmin(
        platform,
        authOf(request),
        request.params.userId,
        request.body.password,
      );
      return ok(null, 'Đặt lại mật khẩu thành công');
    },
  );

  for (const active of [true, false]) {
    const verb = active ? 'active' : 'disable';
    const done = active ? 'Kích hoạt thành công' : 'Vô hiệu hóa thành công';
    r.put(
      `/v2/${verb}-user/:id`,
      {
        schema: {
          tags,
          summary: active ? 'Kích hoạt nhân viên' : 'Vô hiệu hóa nhân viên',
          params: idParams,
          response: answers.ok(bulkResultItem),
        },
        config: { access: ADMIN },
      },
      async (request) => {
        const [result] = await users.setActive(
          platform,
          authOf(request),
          [request.params.id],
          active,
        );
        if (!result?.ok) {
          const message = result?.message ?? USER_MESSAGES.notFound;
          throw new AppError(FAILURE_STATUS[message] ?? 422, message);
        }
        return ok(result, done);
      },
    );
    r.post(
      `/v2/${verb}-users`,
      {
        schema: {
          tags,
          summary: active ? 'Kích hoạt nhiều nhân viên' : 'Vô hiệu hóa nhiều nhân viên',
          body: idsBody,
          response: answers.ok(staffBulkView),
        },
        config: { access: ADMIN },
      },
      async (request) => {
        const results = await users.setActive(platform, authOf(request), request.body.ids, active);
        return bulkAnswer(results, done);
      },
    );
  }

  // Cross-tenant views for the platform administrator (administrator with the admin flag).
  const platformAdmin = { access: 'platform.administer', requireAdminFlag: true } as const;
  r.get(
    '/v2/admin/settings/accounts-all',
    {
      schema: { tags, summary: 'Danh sách tenant', response: answers.list(tenantAccountView) },
      config: platformAdmin,
    },
    async () => {
      const tenants = await users.listTenantAccounts(platform);
      return list(tenants, tenants.length);
    },
  );
  r.get(
    '/v2/admin/settings/:id/users',
    {
      schema: {
        tags,
        summary: 'Nhân viên của một tenant',
        params: tenantParams,
        querystring: usersQuery,
        response: answers.list(staffUserView),
      },
      config: platformAdmin,
    },
    async (request) => {
      await users.ensureTenant(platform, request.params.id);
      const { role, ...rest } = request.query;
      const { data, total } = await users.listUsers(platform, request.params.id, {
        ...rest,
        roles: role ? [role] : undefined,
      });
      return list(data, total);
    },
  );
};
