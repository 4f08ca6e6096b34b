import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/users/members',
    title: 'Thành viên',
    page: lazyPage(() => import('./pages/members-page'), 'MembersPage'),
    nav: { label: 'Thành viên', group: 'users', order: 1 },
  },
  {
    path: '/settings/users/departments',
    title: 'Phòng ban',
    page: lazyPage(() => import('./pages/departments-page'), 'DepartmentsPage'),
    nav: { label: 'Phòng ban', group: 'users', order: 2 },
  },
];
