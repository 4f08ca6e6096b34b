import { ShieldCheck } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/qc-pages'), 'QcPage');

/** The quality-control screens keep the spec's addresses (/smart-qc). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/smart-qc',
    title: 'Smart QC',
    page,
    roles: ['administrator'],
    sidebar: { label: 'Smart QC', icon: ShieldCheck, order: 70 },
    nav: { label: 'Tổng quan' },
  },
  { path: '/smart-qc/autoQa', title: 'QC tự động', page, nav: { label: 'QC tự động' } },
  { path: '/smart-qc/manualQa', title: 'QC thủ công', page, nav: { label: 'QC thủ công' } },
  { path: '/smart-qc/keyword', title: 'Từ khóa QC', page, nav: { label: 'Từ khóa' } },
  { path: '/smart-qc/dashboard', title: 'Dashboard QC', page, nav: { label: 'Dashboard' } },
  { path: '/smart-qc/criteria', title: 'Tiêu chí đánh giá', page, nav: { label: 'Tiêu chí' } },
  { path: '/smart-qc/criteria/:templateType', title: 'Tiêu chí theo mẫu', page },
  { path: '/smart-qc/campaign', title: 'Chiến dịch QC', page, nav: { label: 'Chiến dịch QC' } },
  { path: '/smart-qc/autoQa/:smartQcId', title: 'Chi tiết QC tự động', page },
  { path: '/smart-qc/manualQa/:smartQcId', title: 'Chi tiết QC thủ công', page },
  {
    path: '/smart-qc/autoQa/:smartQcId/calls/:qcTicketId',
    title: 'Chi tiết cuộc gọi QC tự động',
    page,
  },
  {
    path: '/smart-qc/manualQa/:smartQcId/calls/:qcTicketId',
    title: 'Chi tiết cuộc gọi QC thủ công',
    page,
  },
];
