import { z } from 'zod';
import { presenceBody } from '@omnicare/shared/users/presence.schemas';
import { STAFF_ROLES } from '@omnicare/shared/users/roles';
import { pageQuery } from '@omnicare/shared/platform/validation';
import type { Presence } from '@omnicare/shared/users/presence';
import { authOf } from '../../platform/auth.js';
import { ok } from '../../platform/respond.js';
import { typed, type RouteModule } from '../../platform/routes.js';
import * as users from './users.service.js';

/** `roles` arrives as a JSON-encoded list (spec section 7); it defaults to the four staff roles. */
const rolesParam = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw) return [...STAFF_ROLES];
    try {
      const parsed = z.array(z.enum(STAFF_ROLES)).min(1).parse(JSON.parse(raw));
      return parsed;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Danh sách vai trò không hợp lệ' });
      return z.NEVER;
    }
  });

export const usersRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.get(
    '/v2/my-account',
    {
      schema: { tags: ['users'], summary: 'Tài khoản của tôi và cấu hình tenant' },
      config: { access: 'authenticated' },
    },
    async (request) => ok(await users.myAccount(platform, authOf(request))),
  );

  r.put(
    '/v2/my-presence',
    {
      schema: { tags: ['users'], summary: 'Đổi trạng thái làm việc', body: presenceBody },
      config: { access: 'authenticated' },
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
        tags: ['users'],
        summary: 'Tìm nhân viên theo từ khóa và vai trò',
        querystring: pageQuery.extend({
          keyword: z.string().trim().max(100).optional(),
          roles: rolesParam,
        }),
      },
      config: { access: ['administrator', 'supervisor', 'team_leader', 'agent'] },
    },
    async (request) => {
      const { keyword, roles, page, page_size } = request.query;
      return ok(
        await users.searchStaff(platform, authOf(request), { keyword, roles, page, page_size }),
      );
    },
  );
};
