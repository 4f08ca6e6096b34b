import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const tiktokPages = () => import('./pages/tiktok-pages');
const tiktok = (name: 'TiktokSettingsPage') => lazyPage(tiktokPages, name);
const zaloUserPages = () => import('./pages/zalo-user-pages');
const zaloUser = (name: 'ZaloUserIndexPage' | 'ZaloUserTenantPage') =>
  lazyPage(zaloUserPages, name);

/** The channels' settings screens (the settings area: administrators). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/multi-channels',
    title: 'Tổng quan kênh',
    page: lazyPage(() => import('./pages/channels-index-page'), 'ChannelsIndexPage'),
    nav: { label: 'Tổng quan', group: 'channels', order: 0 },
  },
  {
    path: '/settings/multi-channels/email',
    title: 'Kênh Email',
    page: lazyPage(() => import('./pages/email-channels-page'), 'EmailChannelsPage'),
    nav: { label: 'Email', group: 'channels', order: 1 },
  },
  // --- Facebook Messenger
  {
    path: '/settings/multi-channels/facebook',
    title: 'Kênh Facebook',
    page: lazyPage(() => import('./pages/facebook-channels-page'), 'FacebookChannelsPage'),
    nav: { label: 'Facebook', group: 'channels', order: 2 },
  },
  // --- end Facebook Messenger
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
  // --- WhatsApp
  {
    path: '/settings/multi-channels/whatsapp',
    title: 'Kênh WhatsApp',
    page: lazyPage(() => import('./pages/whatsapp-channels-page'), 'WhatsAppChannelsPage'),
    nav: { label: 'WhatsApp', group: 'channels', order: 6 },
  },
  // --- end WhatsApp
  {
    path: '/settings/multi-channels/tiktok',
    title: 'Kênh TikTok',
    page: tiktok('TiktokSettingsPage'),
    nav: { label: 'TikTok', group: 'channels', order: 5 },
  },
  {
    path: '/settings/multi-channels/zalo-user',
    title: 'Zalo cá nhân',
    page: zaloUser('ZaloUserIndexPage'),
    nav: { label: 'Zalo cá nhân', group: 'channels', order: 8 },
  },
  {
    path: '/settings/multi-channels/zalo-user/:tenantId',
    title: 'Tài khoản Zalo cá nhân',
    page: zaloUser('ZaloUserTenantPage'),
  },
];
