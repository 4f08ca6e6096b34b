import type { TenantFeature } from '@omnicare/shared/tenants/features';
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import type { StaffRole } from '@omnicare/shared/users/roles';
import type { SettingsGroup } from './settings-groups';
import { withChunkReload } from '@/lib/chunk-reload';
import type { RecordKind } from '@/stores/record-tabs-store';

/**
 * A page module loaded on first visit: one chunk per area, reloaded once if its download fails.
 * `preload` fetches it ahead (the screen the sign-in form leads to), never reloading on failure.
 */
export type LazyPage = (() => Promise<{ Component: ComponentType }>) & { preload: () => void };

export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  const page = withChunkReload(async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  });
  // A failed preload is left to the visit itself (which reloads once).
  return Object.assign(page, { preload: () => void load().catch(() => undefined) });
}

/** An area's entry in the sidebar; it opens the area's first screen the role may open. */
export interface SidebarEntry {
  label: string;
  icon: LucideIcon;
  /** Position in the sidebar, ascending. */
  order: number;
}

/** A link to this screen among its area's pages (or, for settings, in its settings group). */
export interface NavEntry {
  label: string;
  /** The settings group that lists it (settings home and the group's tabs). */
  group?: SettingsGroup;
  /** Position among the links of its area or group, ascending; ties keep declaration order. */
  order?: number;
}

interface RouteBase {
  /** The full path as the spec writes it: '/report/ticket', '/tickets/:ticketId'. */
  path: string;
  /**
   * Who may open this path and every path below it (spec section 6); the deepest path that
   * states roles decides. No statement above a path: every signed-in role.
   */
  roles?: readonly StaffRole[];
  /** This path and those below need this tenant feature on (TENANT_FEATURES; else /). */
  requiresFeature?: TenantFeature;
  /** This path and those below need the admin flag of the stored (not the viewed-as) user. */
  requiresAdminFlag?: boolean;
  /** Outside the signed-in frame: 'public' for anybody, 'signed-out' for nobody stored (/login). */
  access?: 'public' | 'signed-out';
  /** Declared on an area's own path (its first segment): the area's sidebar entry. */
  sidebar?: SidebarEntry;
}

export interface ScreenRoute extends RouteBase {
  title: string;
  page: LazyPage;
  nav?: NavEntry;
  /** The path's last parameter names a record that opens a record tab. */
  recordKind?: RecordKind;
}

export interface RedirectRoute extends RouteBase {
  redirectTo: string;
}

/** One path a feature declares in its `<domain>.routes.tsx`. */
export type RouteDeclaration = ScreenRoute | RedirectRoute;

export const isScreen = (route: RouteDeclaration): route is ScreenRoute => 'page' in route;

/** The area a path belongs to: its first segment ('report' for /report/ticket). */
export function areaOf(path: string): string {
  return path.split('/').find(Boolean) ?? '';
}

/** What a screen's route handle carries; pages read it with usePageHandle. */
export type PageHandle = Omit<ScreenRoute, 'page'> & { area: string };

export function pageHandle({ page: _page, ...screen }: ScreenRoute): PageHandle {
  return { ...screen, area: areaOf(screen.path) };
}

function isPageHandle(value: unknown): value is PageHandle {
  return Boolean(
    value && typeof value === 'object' && typeof (value as PageHandle).title === 'string',
  );
}

/** The innermost route's handle: title, area, navigation entry... */
export function usePageHandle(): Partial<PageHandle> & { title: string } {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isPageHandle(handle)) return handle;
  }
  return { title: '' };
}
