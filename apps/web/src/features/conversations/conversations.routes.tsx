import { MessagesSquare } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/conversations-pages'), 'ConversationsPage');

/** The conversations screens keep the spec's addresses (/chat); their settings screen too. */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/chat',
    title: 'Chat',
    page,
    roles: ['administrator', 'supervisor', 'agent'],
    sidebar: { label: 'Chat', icon: MessagesSquare, order: 30 },
  },
  { path: '/chat/:ticketId', title: 'Hội thoại', page },
  {
    path: '/settings/multi-channels/livechat',
    title: 'Kênh Livechat',
    page: lazyPage(() => import('./pages/livechat-settings-page'), 'LivechatSettingsPage'),
    nav: { label: 'Livechat', group: 'channels', order: 3 },
  },
];
