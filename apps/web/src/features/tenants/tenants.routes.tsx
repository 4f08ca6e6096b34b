import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const pages = () => import('./pages/tenant-pages');

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/tenant',
    title: 'Tenant',
    page: lazyPage(pages, 'TenantPage'),
    nav: { label: 'Tenant', group: 'system', order: 5 },
  },
  {
    path: '/settings/tenant/config',
    title: 'Cấu hình tenant',
    page: lazyPage(pages, 'TenantConfigPage'),
    nav: { label: 'Cấu hình tenant', group: 'system', order: 6 },
  },
  {
    path: '/settings/tenant/config/:tenantId',
    title: 'Cấu hình tenant',
    page: lazyPage(pages, 'TenantConfigByIdPage'),
  },
];
