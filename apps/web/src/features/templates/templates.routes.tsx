import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/others/templates',
    title: 'Mẫu tin nhắn',
    page: lazyPage(() => import('./pages/templates-page'), 'TemplatesPage'),
    nav: { label: 'Mẫu tin nhắn', group: 'templates' },
  },
  {
    path: '/settings/others/template-catalogs',
    title: 'Danh mục mẫu',
    page: lazyPage(() => import('./pages/template-catalogs-page'), 'TemplateCatalogsPage'),
    nav: { label: 'Danh mục mẫu', group: 'templates' },
  },
];
