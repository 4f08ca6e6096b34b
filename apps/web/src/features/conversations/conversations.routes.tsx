import type { RouteDeclaration } from '@/app/route-declaration';
import { lazyPage } from '@/app/route-declaration';

/** The conversations' settings screen (the settings area: administrators). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/multi-channels/livechat',
    title: 'Kênh Livechat',
    page: lazyPage(() => import('./pages/livechat-settings-page'), 'LivechatSettingsPage'),
    nav: { label: 'Livechat', group: 'channels', order: 3 },
  },
];
