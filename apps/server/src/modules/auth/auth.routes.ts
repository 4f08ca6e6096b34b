import {
  acceptInviteBody,
  forgotPasswordBody,
  loginBody,
  resetPasswordBody,
  storedUserView,
  viewAsBody,
} from '@omnicare/shared/auth/auth.schemas';
import { noData } from '@omnicare/shared/platform/envelope';
import { MESSAGES } from '@omnicare/shared/platform/errors';
import { authOf } from '../../platform/auth.js';
import { answers, ok } from '../../platform/respond.js';
import { perIpLimit, requestMeta, typed, type RouteModule } from '../../platform/routes.js';
import * as auth from './auth.service.js';

export const authRoutes: RouteModule = (app, platform) => {
  const r = typed(app);

  r.post(
    '/v2/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập',
        body: loginBody,
        response: answers.ok(storedUserView),
      },
      config: { access: 'public', ...perIpLimit(platform.config.loginRatePerIp, '1 minute') },
    },
    async (request) =>
      ok(await auth.login(platform, request.body, requestMeta(request)), 'Đăng nhập thành công'),
  );

  r.post(
    '/v2/logout',
    {
      schema: { tags: ['auth'], summary: 'Đăng xuất', response: answers.ok(noData) },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await auth.logout(platform, authOf(request));
      return ok(null, 'Đăng xuất thành công');
    },
  );

  r.post(
    '/v2/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Gửi mã xác nhận đặt lại mật khẩu',
        body: forgotPasswordBody,
        response: answers.ok(noData),
      },
      config: { access: 'public', ...perIpLimit(10, '1 minute') },
    },
    async (request) => {
      await auth.requestPasswordReset(platform, request.body.email);
      return ok(null, MESSAGES.resetCodeSent);
    },
  );

  r.post(
    '/v2/forgot-password/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Đặt mật khẩu mới bằng mã xác nhận',
        body: resetPasswordBody,
        response: answers.ok(noData),
      },
      config: { access: 'public', ...perIpLimit(20, '1 minute') },
    },
    async (request) => {
      await auth.resetPassword(platform, request.body);
      return ok(null, MESSAGES.passwordChanged);
    },
  );

  r.post(
    '/v2/accept-invite',
    {
      schema: {
        tags: ['auth'],
        summary: 'Nhận lời mời: đặt mật khẩu và đăng nhập',
        body: acceptInviteBody,
        response: answers.ok(storedUserView),
      },
      config: { access: 'public', ...perIpLimit(20, '1 minute') },
    },
    async (request) =>
      ok(
        await auth.acceptInvite(platform, request.body, requestMeta(request)),
        'Đăng nhập thành công',
      ),
  );

  r.post(
    '/v2/view-as',
    {
      schema: {
        tags: ['auth'],
        summary: 'Xem dưới quyền người dùng khác',
        body: viewAsBody,
        response: answers.ok(storedUserView),
      },
      config: { access: 'view_as.use', requireAdminFlag: true },
    },
    async (request) =>
      ok(await auth.viewAs(platform, authOf(request), request.body.user_id, requestMeta(request))),
  );
};
