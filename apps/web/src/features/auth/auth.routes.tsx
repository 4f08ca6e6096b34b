import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/login',
    title: 'Đăng nhập',
    page: lazyPage(() => import('./pages/login-page'), 'LoginPage'),
    access: 'signed-out',
  },
  {
    path: '/forgot-password',
    title: 'Quên mật khẩu',
    page: lazyPage(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
    access: 'public',
  },
  {
    path: '/accept-invite',
    title: 'Nhận lời mời',
    page: lazyPage(() => import('./pages/accept-invite-page'), 'AcceptInvitePage'),
    access: 'public',
  },
];
