import type { RouteDeclaration } from '@/lib/route-declaration';

/**
 * Each feature's `<domain>.routes.tsx` (its `routes` export), found by name: vite and vitest
 * read the folders, so a new feature is listed nowhere. The type is the one every routes file
 * declares its export with.
 */
const declared = import.meta.glob<readonly RouteDeclaration[]>('../features/*/*.routes.tsx', {
  eager: true,
  import: 'routes',
});

/**
 * Every screen of the app, as its feature declares it, feature by feature in folder order
 * (sorted here, whatever order the bundler gives). The router, the role guard, the sidebar, the
 * area and settings links and the record tabs are all read from this one list; the sidebar and
 * the links state their own order (`sidebar.order`, `nav.order`).
 */
export const FEATURE_ROUTES: readonly RouteDeclaration[] = Object.keys(declared)
  .sort()
  .flatMap((file) => {
    const routes = declared[file];
    if (!routes) throw new Error(`${file} exports no routes`);
    return routes;
  });
