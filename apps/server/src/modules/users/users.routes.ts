import { z } from 'zod';
import { presenceBody } from '@omnicare/shared/users/presence.schemas';
import { STAFF_ROLES } from '@omnicare/shared/users/roles';
import { idListParam, pageQuery } from '@omnicare/shared/platform/validation';
import {
  adminResetPasswordBody,
  createUserBody,
  idsBody,
  updateUserBody,
  usersQuery,
} from '@omnicare/shared/users/users.schemas';
import type { Presence } from '@omnicare/shared/users/presence';
import { authOf, type Access } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { bulkAnswer, created, list, ok } from '../../platform/respond.js';
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
const MANAGERS: Access = ['administrator', 'supervisor', 'team_leader'];
const ADMIN: Access = ['administrator'];
const tags = ['users'];
/** The status of a single activation's failure; other failures are 422. */
const FAILURE_STATUS: Record<string, number> = {
  [users.USER_MESSAGES.notFound]: 404,
  [users.USER_MESSAGES.forbidden]: 401,
};

export const usersRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/my-account',
    {
      schema: { tags, summary: 'Tài khoản của tôi và cấu hình tenant' },
      config: { access: STAFF },
    },
    async (request) => ok(await users.myAccount(platform, authOf(request))),
  );

  r.get(
    '/v2/my-softphone',
    { schema: { tags, summary: 'Tài khoản softphone của tôi' }, config: { access: STAFF } },
    async (request) => ok(await users.mySoftphoneAccount(platform, authOf(request))),
  );

  r.put(
    '/v2/my-presence',
    {
      schema: { tags, summary: 'Đổi trạng thái làm việc', body: presenceBody },
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
      schema: { tags, summary: 'Danh sách nhân viên', querystring: usersQuery },
      config: { access: MANAGERS },
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
    '/v2/users/:id',
    {
      schema: { tags, summary: 'Chi tiết nhân viên', params: idParams },
      config: { access: MANAGERS },
    },
    async (request) =>
      ok(await users.getUser(platform, authOf(request).tenantId, request.params.id)),
  );

  r.post(
    '/v2/create-user',
    { schema: { tags, summary: 'Tạo nhân viên', body: createUserBody }, config: { access: ADMIN } },
    async (request, reply) => {
      reply.status(201);
      return created(
        await users.createUser(platform, authOf(request), request.body),
        'Tạo mới nhân viên thành công',
      );
    },
  );

  r.put(
    '/v2/update-user/:id',
    {
      schema: { tags, summary: 'Cập nhật nhân viên', params: idParams, body: updateUserBody },
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
          const message = result?.message ?? users.USER_MESSAGES.notFound;
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
  const platformAdmin = { access: ADMIN, requireAdminFlag: true };
  r.get(
    '/v2/admin/settings/accounts-all',
    { schema: { tags, summary: 'Danh sách tenant' }, config: platformAdmin },
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
