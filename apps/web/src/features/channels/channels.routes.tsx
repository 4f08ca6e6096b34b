import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

/** The channels' settings screens (the settings area: administrators). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/multi-channels/email',
    title: 'Kênh Email',
    page: lazyPage(() => import('./pages/email-channels-page'), 'EmailChannelsPage'),
    nav: { label: 'Email', group: 'channels', order: 1 },
  },
  {
    path: '/settings/multi-channels/sms',
    title: 'Kênh SMS',
    page: lazyPage(() => import('./pages/sms-channels-page'), 'SmsChannelsPage'),
    nav: { label: 'SMS', group: 'channels', order: 4 },
  },
  {
    path: '/settings/multi-channels/zalo',
    title: 'Kênh Zalo OA',
    page: lazyPage(() => import('./pages/zalo-channels-page'), 'ZaloChannelsPage'),
    nav: { label: 'Zalo OA', group: 'channels', order: 7 },
  },
];
