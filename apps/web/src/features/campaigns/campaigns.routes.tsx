import { Megaphone } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

const page = lazyPage(() => import('./pages/campaigns-pages'), 'CampaignsPage');

/** The campaign screens keep the spec's addresses (/campaign). */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/campaign',
    title: 'Danh sách chiến dịch',
    page,
    roles: ['administrator', 'supervisor'],
    sidebar: { label: 'Chiến dịch', icon: Megaphone, order: 50 },
    nav: { label: 'Danh sách chiến dịch' },
  },
  {
    path: '/campaign/report',
    title: 'Báo cáo chiến dịch',
    page,
    nav: { label: 'Báo cáo chiến dịch' },
  },
  { path: '/campaign/:campaignId', title: 'Chi tiết chiến dịch', page },
  { path: '/campaign/:campaignId/report', title: 'Báo cáo chi tiết chiến dịch', page },
  { path: '/campaign/:campaignId/report-zns', title: 'Báo cáo ZNS của chiến dịch', page },
];
