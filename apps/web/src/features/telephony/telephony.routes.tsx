import { Headset } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/telephony-pages'), 'TelephonyPage');
const queuesPage = lazyPage(() => import('./pages/queues-page'), 'QueuesPage');
const historyPage = lazyPage(() => import('./pages/call-history-page'), 'CallHistoryPage');

/** The telephony screens keep the spec's addresses (/switchboard). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/switchboard',
    redirectTo: '/switchboard/queue',
    sidebar: { label: 'Tổng đài', icon: Headset, order: 90 },
  },
  { path: '/switchboard/queue', title: 'Hàng chờ', page: queuesPage, nav: { label: 'Hàng chờ' } },
  { path: '/switchboard/ivr', title: 'IVR', page, nav: { label: 'IVR' } },
  {
    path: '/switchboard/call-history',
    title: 'Lịch sử cuộc gọi',
    page: historyPage,
    nav: { label: 'Lịch sử cuộc gọi' },
  },
];
