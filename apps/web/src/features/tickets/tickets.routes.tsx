import { Ticket } from 'lucide-react';
import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';

export const routes: readonly RouteDeclaration[] = [
  {
    path: '/tickets',
    title: 'Danh sách ticket',
    // Each screen its own chunk: the list never waits for the record's editor (TipTap).
    page: lazyPage(() => import('./pages/ticket-list-page'), 'TicketListPage'),
    sidebar: { label: 'Ticket', icon: Ticket, order: 20 },
  },
  {
    path: '/tickets/:ticketId',
    title: 'Ticket',
    page: lazyPage(() => import('./pages/ticket-detail-page'), 'TicketDetailPage'),
    recordKind: 'ticket',
  },
];
