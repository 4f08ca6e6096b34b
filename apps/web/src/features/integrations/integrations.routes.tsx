import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/integration-pages'), 'IntegrationCallbackPage');

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
  { path: '/tiktok-redirect', title: 'Kết nối TikTok', page, access: 'public' },
];
