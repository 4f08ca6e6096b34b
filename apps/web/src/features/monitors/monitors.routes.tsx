import { MonitorDot } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/monitors',
    redirectTo: '/monitors/agents',
    roles: ['administrator', 'supervisor'],
    sidebar: { label: 'Giám sát', icon: MonitorDot, order: 80 },
  },
  {
    path: '/monitors/agents',
    title: 'Giám sát chuyên viên',
    page: lazyPage(() => import('./pages/agents-monitor-page'), 'AgentsMonitorPage'),
    nav: { label: 'Chuyên viên' },
  },
  {
    path: '/monitors/call-center',
    title: 'Giám sát tổng đài',
    page: lazyPage(() => import('./pages/call-center-monitor-page'), 'CallCenterMonitorPage'),
    nav: { label: 'Tổng đài' },
  },
  {
    path: '/monitors/call-monitor',
    title: 'Giám sát cuộc gọi',
    page: lazyPage(() => import('./pages/call-monitor-page'), 'CallMonitorPage'),
    nav: { label: 'Cuộc gọi' },
  },
  {
    path: '/monitors/channels',
    title: 'Giám sát kênh',
    page: lazyPage(() => import('./pages/channels-monitor-page'), 'ChannelsMonitorPage'),
    nav: { label: 'Kênh' },
  },
  {
    path: '/monitors/daily-stats',
    title: 'Thống kê trong ngày',
    page: lazyPage(() => import('./pages/daily-stats-page'), 'DailyStatsPage'),
    nav: { label: 'Thống kê trong ngày' },
  },
];
