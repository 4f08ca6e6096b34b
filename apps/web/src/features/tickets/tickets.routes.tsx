import { Ticket } from 'lucide-react';
import type { RouteDeclaration } from '@/app/route-declaration';
import { lazyPage } from '@/app/route-declaration';

const pages = () => import('./pages/ticket-pages');

export const ticketsRoutes: readonly RouteDeclaration[] = [
  {
    path: '/tickets',
    title: 'Danh sách ticket',
    page: lazyPage(pages, 'TicketListPage'),
    sidebar: { label: 'Ticket', icon: Ticket, order: 20 },
  },
  {
    path: '/tickets/:ticketId',
    title: 'Ticket',
    page: lazyPage(pages, 'TicketDetailPage'),
    recordKind: 'ticket',
  },
];
