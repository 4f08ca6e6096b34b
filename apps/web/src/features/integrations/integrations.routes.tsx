import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

/** The channel providers' landing pages after a connection (spec section 2). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/zalo-redirect',
    title: 'Kết nối Zalo',
    page: lazyPage(
      () => import('@/features/channels/pages/zalo-redirect-page'),
      'ZaloRedirectPage',
    ),
    access: 'public',
  },
  {
    // Not in the spec (it names only /zalo-redirect and /tiktok-redirect): the OAuth2 mailboxes'
    // landing, the redirect URI registered with Google, Microsoft or a custom server.
    path: '/email-redirect',
    title: 'Kết nối hộp thư',
    page: lazyPage(
      () => import('@/features/channels/pages/email-redirect-page'),
      'EmailRedirectPage',
    ),
    access: 'public',
  },
  {
    path: '/tiktok-redirect',
    title: 'Kết nối TikTok',
    // No session needed (spec section 2: a callback route, outside the signed-in area).
    page: lazyPage(() => import('./pages/tiktok-redirect-page'), 'TiktokRedirectPage'),
    access: 'public',
  },
];
