import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

/** Ticket configuration, working time and SLA: under /settings (administrators) but the views. */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/tickets/priority',
    title: 'Mức độ ưu tiên ticket',
    page: lazyPage(() => import('./pages/priorities-page'), 'PrioritiesPage'),
    nav: { label: 'Mức độ ưu tiên', group: 'tickets' },
  },
  {
    path: '/settings/tickets/service',
    title: 'Dịch vụ',
    page: lazyPage(() => import('./pages/services-page'), 'ServicesPage'),
    nav: { label: 'Dịch vụ', group: 'tickets' },
  },
  {
    path: '/settings/tickets/template',
    title: 'Mẫu ticket',
    page: lazyPage(() => import('./pages/ticket-templates-page'), 'TicketTemplatesPage'),
    nav: { label: 'Mẫu ticket', group: 'tickets' },
  },
  {
    path: '/settings/tickets/ticket-type',
    title: 'Loại ticket',
    page: lazyPage(() => import('./pages/ticket-types-page'), 'TicketTypesPage'),
    nav: { label: 'Loại ticket', group: 'tickets' },
  },
  {
    path: '/settings/tickets/view',
    title: 'View ticket',
    page: lazyPage(() => import('./pages/smart-views-page'), 'SmartViewsPage'),
    roles: ['administrator', 'team_leader'],
    nav: { label: 'View ticket', group: 'tickets' },
  },
  {
    path: '/settings/tickets/sla',
    title: 'Chính sách SLA',
    page: lazyPage(() => import('./pages/sla-policies-page'), 'SlaPoliciesPage'),
    nav: { label: 'Chính sách SLA', group: 'tickets' },
  },
  {
    path: '/settings/time-working',
    title: 'Thời gian làm việc',
    page: lazyPage(() => import('./pages/working-time-page'), 'WorkingTimePage'),
    nav: { label: 'Thời gian làm việc', group: 'system', order: 1 },
  },
];
