import { Settings } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const pages = () => import('./pages/settings-pages');
const page = lazyPage(pages, 'SettingsPage');

/** The settings area (administrators); its other screens are declared by their features. */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings',
    title: 'Cài đặt',
    page: lazyPage(pages, 'SettingsHomePage'),
    roles: ['administrator'],
    sidebar: { label: 'Cài đặt', icon: Settings, order: 100 },
  },
  {
    path: '/settings/blacklist',
    title: 'Danh sách chặn',
    page,
    nav: { label: 'Danh sách chặn', group: 'system', order: 3 },
  },
  {
    path: '/settings/tags',
    title: 'Tags',
    page,
    nav: { label: 'Tags', group: 'system', order: 4 },
  },
];
