import { matchRoutes } from 'react-router';
import type { Params, RouteObject } from 'react-router';
import type { RecordKind, RecordRef } from '@/stores/record-tabs-store';
import { FEATURE_ROUTES } from './feature-routes';
import type { RouteDeclaration } from '@/lib/route-declaration';

type DeclaredRoute = RouteObject & { handle: RouteDeclaration };

/**
 * Paths are matched with the router's own rules (any letter case, percent-decoded, static
 * segments before parameters), so a guard reads the same declaration the router renders.
 */
function deepest(
  routes: DeclaredRoute[],
  pathname: string,
): { route: RouteDeclaration; params: Params } | null {
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match ? { route: (match.route as DeclaredRoute).handle, params: match.params } : null;
}

const DECLARED: DeclaredRoute[] = FEATURE_ROUTES.map((route) => ({
  path: route.path,
  handle: route,
}));

/** The declaration a path opens, or null for a path nobody declared. */
function findRoute(pathname: string) {
  return deepest(DECLARED, pathname);
}

type Inherited = 'roles' | 'requiresFeature' | 'requiresAdminFlag';

const stating = (key: Inherited): DeclaredRoute[] =>
  FEATURE_ROUTES.filter((route) => route[key] !== undefined).map((route) => ({
    // A statement covers its path and everything below it, declared or not.
    path: `${route.path}/*`,
    handle: route,
  }));
const STATING: Record<Inherited, DeclaredRoute[]> = {
  roles: stating('roles'),
  requiresFeature: stating('requiresFeature'),
  requiresAdminFlag: stating('requiresAdminFlag'),
};

/** What the deepest declaration at or above the path states about `key`. */
export function inherited<K extends Inherited>(
  pathname: string,
  key: K,
): RouteDeclaration[K] | undefined {
  return deepest(STATING[key], pathname)?.route[key];
}

/** The record a path opens ('/tickets/7' is ticket 7), from the screens with a record kind. */
export function matchRecordPath(pathname: string): RecordRef | null {
  const found = findRoute(pathname);
  if (!found || !('recordKind' in found.route) || !found.route.recordKind) return null;
  const last = found.route.path.split('/').at(-1) ?? '';
  const id = last.startsWith(':') ? found.params[last.slice(1)] : undefined;
  return id ? { kind: found.route.recordKind, id } : null;
}

/** The address of a record of a kind ('/customers/12' for customer 12), from its screen. */
export function recordPath(kind: RecordKind, id: string | number): string {
  const route = FEATURE_ROUTES.find(
    (declared) => 'recordKind' in declared && declared.recordKind === kind,
  );
  if (!route) throw new Error(`no screen declares record kind ${kind}`);
  return route.path.replace(/:[^/]+$/, encodeURIComponent(String(id)));
}
