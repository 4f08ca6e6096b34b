import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { withChunkReload } from '@/lib/chunk-reload';
import { HOME_PATH } from '@/lib/web-constants';
import { RouteErrorScreen } from '@/features/errors/pages/error-screen';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { FEATURE_ROUTES } from './feature-routes';
import type { RouteDeclaration } from './route-declaration';
import { isScreen, pageHandle } from './route-declaration';
import { requiredFeature, requiresAdminFlag } from './route-access';
import {
  PublicOnly,
  RequireAdminFlag,
  RequireAuth,
  RequireFeature,
  RequireRouteRoles,
} from './guards';
import { RootShell } from './root-shell';

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
      { element: <PublicOnly />, children: withAccess('signed-out').map(toRoute) },
      ...withAccess('public').map(toRoute),
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: withChunkReload(async () => ({
              Component: (await import('./layout/app-layout')).AppLayout,
            })),
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
                    lazy: withChunkReload(async () => ({
                      Component: (await import('@/features/errors/pages/not-found-page'))
                        .NotFoundInLayout,
                    })),
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

export const createAppRouter = () => createBrowserRouter(routes);
