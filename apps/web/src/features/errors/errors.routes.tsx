import { MESSAGES } from '@omnicare/shared/platform/errors';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/page-404',
    title: MESSAGES.notFoundTitle,
    page: lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage'),
    access: 'public',
  },
];
