import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/object-rule',
    title: 'Quy tắc đối tượng',
    page: lazyPage(() => import('./pages/custom-fields-page'), 'CustomFieldsPage'),
    nav: { label: 'Quy tắc đối tượng', group: 'system', order: 2 },
  },
];
