import { Eye } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/view-as-mode',
    title: 'Xem với tư cách',
    page: lazyPage(() => import('./pages/view-as-page'), 'ViewAsPage'),
    requiresAdminFlag: true,
    sidebar: { label: 'Xem với tư cách', icon: Eye, order: 110 },
  },
];
