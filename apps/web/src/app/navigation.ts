import type { TenantFeatures } from '@omnicare/shared/tenants/features';
import type { LucideIcon } from 'lucide-react';
import type { Role } from '@omnicare/shared/users/roles';
import type {
  SettingsGroupLinks,
  ShellNavigation,
  SubNavLink,
} from '@/components/layout/shell-navigation';
import type { NavEntry, ScreenRoute } from '@/lib/route-declaration';
import { areaOf, isScreen } from '@/lib/route-declaration';
import { SETTINGS_GROUP } from '@/lib/settings-groups';
import { FEATURE_ROUTES } from './feature-routes';
import { canAccess, requiredFeature, requiresAdminFlag } from './route-access';
import { recordPath } from './route-table';

/** Everything here is read from the features' route declarations. */
const SCREENS = FEATURE_ROUTES.filter(isScreen);

const byOrder = <T extends { nav?: NavEntry }>(items: T[]): T[] =>
  items.toSorted((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0));

const groupRank = (screen: ScreenRoute) =>
  screen.nav?.group ? SETTINGS_GROUP.values.indexOf(screen.nav.group) : -1;

/**
 * An area's screens without parameters in the order a person meets them: the area's own path,
 * then its links as shown (area links, then settings groups in their order), then the rest.
 */
function inNavigationOrder(area: string): ScreenRoute[] {
  const screens = SCREENS.filter(
    (screen) => areaOf(screen.path) === area && !screen.path.includes(':'),
  );
  const isOwn = (screen: ScreenRoute) => screen.path === `/${area}`;
  const linked = byOrder(screens.filter((screen) => screen.nav && !isOwn(screen))).toSorted(
    (a, b) => groupRank(a) - groupRank(b),
  );
  const rest = screens.filter((screen) => !screen.nav && !isOwn(screen));
  return [...screens.filter(isOwn), ...linked, ...rest];
}

export interface NavItem {
  label: string;
  icon: LucideIcon;
  /** The area's own path ('/report'), for the active state. */
  areaPath: string;
  /** The area's first screen the role may open, in the order its navigation shows them. */
  to: string;
}

const SIDEBAR = FEATURE_ROUTES.flatMap((route) =>
  route.sidebar ? [{ path: route.path, ...route.sidebar }] : [],
).toSorted((a, b) => a.order - b.order);

/** The sidebar: functional areas of spec section 1, each shown only when the role may open it. */
export function visibleNavItems(
  role: Role | undefined,
  options: { features: TenantFeatures | undefined; isAdminFlag: boolean },
): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of SIDEBAR) {
    const feature = requiredFeature(entry.path);
    if (feature && !options.features?.[feature]) continue;
    if (requiresAdminFlag(entry.path) && !options.isAdminFlag) continue;
    const area = areaOf(entry.path);
    const target = inNavigationOrder(area).find((screen) => canAccess(screen.path, role));
    if (target) {
      items.push({ label: entry.label, icon: entry.icon, areaPath: `/${area}`, to: target.path });
    }
  }
  return items;
}

const toLink = (screen: ScreenRoute): SubNavLink => ({
  to: screen.path,
  label: screen.nav?.label ?? screen.title,
});

/** Pages inside an area (settings groups aside), shown as a sub-navigation above the page. */
export function areaLinks(area: string): SubNavLink[] {
  return byOrder(
    SCREENS.filter((screen) => screen.nav && !screen.nav.group && areaOf(screen.path) === area),
  ).map(toLink);
}

/** Settings groups (spec section 2), listed on the settings home and above their pages. */
export const SETTINGS_GROUPS: readonly SettingsGroupLinks[] = SETTINGS_GROUP.values.map(
  (group) => ({
    group,
    title: SETTINGS_GROUP.label(group),
    links: byOrder(SCREENS.filter((screen) => screen.nav?.group === group)).map(toLink),
  }),
);

const mayOpen = (links: readonly SubNavLink[], role: Role | undefined) =>
  links.filter((link) => canAccess(link.to, role));

/** The navigation the screens are given (components/layout/shell-navigation.ts). */
export const SHELL_NAVIGATION: ShellNavigation = {
  areaLinks: (area, role) => mayOpen(areaLinks(area), role),
  settingsGroups: (role) =>
    SETTINGS_GROUPS.map((entry) => ({ ...entry, links: mayOpen(entry.links, role) })),
  recordPath,
};
