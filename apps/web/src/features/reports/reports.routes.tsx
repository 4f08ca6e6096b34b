import { BarChart3 } from 'lucide-react';
import type { StaffRole } from '@omnicare/shared/users/roles';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/report-pages'), 'ReportPage');
const RESTRICTED: readonly StaffRole[] = ['administrator', 'supervisor', 'team_leader'];

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/report',
    redirectTo: '/report/summary',
    sidebar: { label: 'Báo cáo', icon: BarChart3, order: 10 },
  },
  {
    path: '/report/summary',
    title: 'Báo cáo tổng quan',
    page: lazyPage(() => import('./pages/report-summary-page'), 'ReportSummaryPage'),
    nav: { label: 'Tổng quan' },
  },
  {
    path: '/report/ticket',
    title: 'Báo cáo ticket',
    page,
    roles: RESTRICTED,
    nav: { label: 'Ticket' },
  },
  { path: '/report/group', title: 'Báo cáo nhóm', page, roles: RESTRICTED, nav: { label: 'Nhóm' } },
  {
    path: '/report/customer',
    title: 'Báo cáo khách hàng',
    page,
    roles: RESTRICTED,
    nav: { label: 'Khách hàng' },
  },
  {
    path: '/report/custom',
    title: 'Báo cáo tùy chỉnh',
    page: lazyPage(() => import('./pages/report-custom-page'), 'ReportCustomPage'),
    roles: RESTRICTED,
    nav: { label: 'Tùy chỉnh' },
  },
  { path: '/report/call', title: 'Báo cáo cuộc gọi', page, nav: { label: 'Cuộc gọi' } },
  {
    path: '/report/agent',
    title: 'Báo cáo chuyên viên',
    page,
    roles: RESTRICTED,
    nav: { label: 'Chuyên viên' },
  },
  {
    path: '/report/ad-funnel',
    title: 'Báo cáo phễu quảng cáo',
    page: lazyPage(() => import('./pages/report-ad-funnel-page'), 'ReportAdFunnelPage'),
    nav: { label: 'Phễu quảng cáo' },
  },
];
