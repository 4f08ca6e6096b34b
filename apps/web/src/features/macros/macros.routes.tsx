import type { RouteDeclaration } from '@/lib/route-declaration';
import { lazyPage } from '@/lib/route-declaration';
import { MACROS_SETTINGS_PATH, MY_MACROS_PATH } from './macros-text';

/**
 * The macros screen: among the ticket settings for those who manage shared macros
 * (`macro.share`), and at /macros for everyone (their personal macros, the shared ones to read:
 * an agent has no settings menu, and reaches it from the reply box's '/' palette).
 */
export const routes: readonly RouteDeclaration[] = [
  {
    path: MACROS_SETTINGS_PATH,
    title: 'Macro',
    page: lazyPage(() => import('./pages/macros-page'), 'MacrosSettingsPage'),
    roles: ['administrator', 'team_leader'],
    // After the ticket settings' own pages (found earlier by name).
    nav: { label: 'Macro', group: 'tickets', order: 1 },
  },
  {
    path: MY_MACROS_PATH,
    title: 'Macro',
    page: lazyPage(() => import('./pages/macros-page'), 'MacrosPage'),
  },
];
