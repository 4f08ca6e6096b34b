import { MonitorDot } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/monitor-pages'), 'MonitorPage');

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/monitors',
    redirectTo: '/monitors/agents',
    roles: ['administrator', 'supervisor'],
    sidebar: { label: 'Giám sát', icon: MonitorDot, order: 80 },
  },
  { path: '/monitors/agents', title: 'Giám sát chuyên viên', page, nav: { label: 'Chuyên viên' } },
  { path: '/monitors/call-center', title: 'Giám sát tổng đài', page, nav: { label: 'Tổng đài' } },
  { path: '/monitors/call-monitor', title: 'Giám sát cuộc gọi', page, nav: { label: 'Cuộc gọi' } },
  { path: '/monitors/channels', title: 'Giám sát kênh', page, nav: { label: 'Kênh' } },
  {
    path: '/monitors/daily-stats',
    title: 'Thống kê trong ngày',
    page,
    nav: { label: 'Thống kê trong ngày' },
  },
];
