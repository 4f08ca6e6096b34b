import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';
import { PROFILE_PATH, PROFILE_TITLE } from './profile-text';

export const routes: readonly RouteDeclaration[] = [
  {
    path: PROFILE_PATH,
    title: PROFILE_TITLE,
    page: lazyPage(() => import('./pages/profile-page'), 'ProfilePage'),
  },
];
