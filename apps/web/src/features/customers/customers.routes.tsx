import { Users } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/customers',
    title: 'Danh sách khách hàng',
    page: lazyPage(() => import('./pages/customer-list-page'), 'CustomerListPage'),
    sidebar: { label: 'Khách hàng', icon: Users, order: 40 },
    nav: { label: 'Danh sách khách hàng' },
  },
  {
    path: '/customers/groups',
    title: 'Nhóm khách hàng',
    page: lazyPage(() => import('./pages/customer-groups-page'), 'CustomerGroupsPage'),
    nav: { label: 'Nhóm khách hàng' },
  },
  {
    path: '/customers/tags',
    title: 'Nhóm tags',
    page: lazyPage(() => import('./pages/tag-groups-page'), 'TagGroupsPage'),
    nav: { label: 'Nhóm tags' },
  },
  {
    path: '/customers/:customerId',
    title: 'Khách hàng',
    page: lazyPage(() => import('./pages/customer-detail-page'), 'CustomerDetailPage'),
    recordKind: 'customer',
  },
];
