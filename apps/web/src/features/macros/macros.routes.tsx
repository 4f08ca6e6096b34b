import type { RouteDeclaration } from '@/app/route-declaration';
import { lazyPage } from '@/app/route-declaration';

/**
 * The macros screen, beside the other ticket settings. Open to those who manage shared macros
 * (`macro.share`); everyone else keeps personal macros through the API.
 */
export const routes: readonly RouteDeclaration[] = [
  {
    path: '/settings/tickets/macros',
    title: 'Macro',
    page: lazyPage(() => import('./pages/macros-page'), 'MacrosPage'),
    roles: ['administrator', 'team_leader'],
    // After the ticket settings' own pages (found earlier by name).
    nav: { label: 'Macro', group: 'tickets', order: 1 },
  },
];
