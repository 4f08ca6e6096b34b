import { Navigate, createBrowserRouter, matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { readStoredUser } from '@/lib/storage';
import { HOME_PATH } from '@/lib/web-constants';
import { RouteErrorScreen } from '@/features/errors/pages/error-screen';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { FEATURE_ROUTES } from './feature-routes';
import type { LazyPage, RouteDeclaration } from '@/lib/route-declaration';
import { isScreen, lazyPage, pageHandle } from '@/lib/route-declaration';
import { requiredFeature, requiresAdminFlag } from './route-access';
import {
  PublicOnly,
  RequireAdminFlag,
  RequireAuth,
  RequireFeature,
  RequireRouteRoles,
  loginPathFor,
} from './guards';
import { queryClient } from './query-client';
import { RootShell } from './root-shell';

/** The id of the route holding every signed-in screen (under RequireAuth). */
const SIGNED_IN = 'signed-in';

/** A declaration as a route: its page (lazy, with its handle) or its redirect. */
function toRoute(route: RouteDeclaration): RouteObject {
  return isScreen(route)
    ? { path: route.path, handle: pageHandle(route), lazy: route.page }
    : { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
}

/**
 * Signed-in routes, grouped under the guards their declarations ask for: the admin flag
 * (outermost), then the tenant feature.
 */
function guarded(declared: readonly RouteDeclaration[]): RouteObject[] {
  const byFeature = (routes: readonly RouteDeclaration[]): RouteObject[] => {
    const features = [...new Set(routes.map((route) => requiredFeature(route.path)))];
    return features.flatMap((feature) => {
      const children = routes
        .filter((route) => requiredFeature(route.path) === feature)
        .map(toRoute);
      return feature ? [{ element: <RequireFeature feature={feature} />, children }] : children;
    });
  };
  const adminFlag = declared.filter((route) => requiresAdminFlag(route.path));
  return [
    ...byFeature(declared.filter((route) => !requiresAdminFlag(route.path))),
    { element: <RequireAdminFlag />, children: byFeature(adminFlag) },
  ];
}

const withAccess = (access: RouteDeclaration['access']) =>
  FEATURE_ROUTES.filter((route) => route.access === access);

/**
 * Every route of spec section 2, assembled from the features' declarations: public screens,
 * /login for nobody stored, the rest signed in, inside the frame and the role table.
 */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicOnly onShown={preloadAfterSignIn} />,
        children: withAccess('signed-out').map(toRoute),
      },
      ...withAccess('public').map(toRoute),
      {
        id: SIGNED_IN,
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
            children: [
              {
                element: <RequireRouteRoles />,
                errorElement: <RouteErrorScreen />,
                children: [
                  { index: true, element: <Navigate to={HOME_PATH} replace /> },
                  ...guarded(withAccess(undefined)),
                  // A mistyped address keeps the frame (sidebar, header) around the notice.
                  {
                    path: '*',
                    lazy: lazyPage(
                      () => import('@/features/errors/pages/not-found-page'),
                      'NotFoundInLayout',
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** Fetches the chunks of the screen at `path` (its frame and page), without showing it. */
export function preloadScreen(path: string): void {
  for (const { route } of matchRoutes(routes, path === '/' ? HOME_PATH : path) ?? [])
    (route.lazy as LazyPage | undefined)?.preload();
}

/** While the sign-in form shows, once it is drawn, the screen it leads to loads. */
function preloadAfterSignIn(target: string): () => void {
  return afterFirstScreen(queryClient, () => preloadScreen(target));
}

/**
 * The app's router. Opened signed out at a signed-in address, it starts at the sign-in form
 * (as RequireAuth would send it) before the router loads that address's screen, so the form
 * does not wait for chunks it does not show.
 */
export function createAppRouter() {
  const signedInAddress = matchRoutes(routes, window.location)?.some(
    ({ route }) => route.id === SIGNED_IN,
  );
  if (signedInAddress && !readStoredUser())
    window.history.replaceState(null, '', loginPathFor(window.location));
  return createBrowserRouter(routes);
}
