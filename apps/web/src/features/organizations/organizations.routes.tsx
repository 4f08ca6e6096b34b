import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/users/organizations',
    title: 'Tổ chức',
    page: lazyPage(() => import('./pages/organizations-page'), 'OrganizationsPage'),
    nav: { label: 'Tổ chức', group: 'users', order: 3 },
  },
  {
    path: '/settings/organizations/:organizationId',
    title: 'Tổ chức',
    page: lazyPage(() => import('./pages/organization-detail-page'), 'OrganizationDetailPage'),
    recordKind: 'organization',
  },
];
