import { Navigate, createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { withChunkReload } from '@/lib/chunk-reload';
import { HOME_PATH } from '@/lib/web-constants';
import { RouteErrorScreen } from '@/features/errors/pages/error-screen';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { FEATURE_ROUTES } from './feature-routes';
import type { RouteDeclaration } from './route-declaration';
import { isScreen, pageHandle } from './route-declaration';
import { requiresAdminFlag, requiresWorkflow } from './route-access';
import {
  PublicOnly,
  RequireAdminFlag,
  RequireAuth,
  RequireRouteRoles,
  RequireWorkflow,
} from './guards';
import { RootShell } from './root-shell';

/** A declaration as a route: its page (lazy, with its handle) or its redirect. */
function toRoute(route: RouteDeclaration): RouteObject {
  return isScreen(route)
    ? { path: route.path, handle: pageHandle(route), lazy: route.page }
    : { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
}

/** Signed-in routes, grouped under the guards their declarations ask for (workflow, admin flag). */
function guarded(declared: readonly RouteDeclaration[]): RouteObject[] {
  const needing = (workflow: boolean, adminFlag: boolean) =>
    declared
      .filter(
        (route) =>
          requiresWorkflow(route.path) === workflow && requiresAdminFlag(route.path) === adminFlag,
      )
      .map(toRoute);
  return [
    ...needing(false, false),
    { element: <RequireWorkflow />, children: needing(true, false) },
    {
      element: <RequireAdminFlag />,
      children: [
        ...needing(false, true),
        { element: <RequireWorkflow />, children: needing(true, true) },
      ],
    },
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
