import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import { myAccountOf, storedUser } from '@/test/signed-in';
import { SPEC_ROUTE_TABLE, samplePath } from '@/test/spec-route-table';
import { FORBIDDEN_PATH } from '@/lib/web-constants';
import {
  PublicOnly,
  RequireAdminFlag,
  RequireAuth,
  RequireRouteRoles,
  RequireFeature,
  safeRedirect,
} from './guards';
import { FEATURE_ROUTES } from './feature-routes';
import { visibleNavItems } from './navigation';
import { canAccess, requiredRoles, requiredFeature, requiresAdminFlag } from './route-access';
import { routes } from './router';

const getMyAccount = vi.hoisted(() => vi.fn());
vi.mock('@/features/auth/auth.api', () => ({ getMyAccount }));

const user = storedUser;

const ROLES: StaffRole[] = ['administrator', 'supervisor', 'team_leader', 'agent'];
const DECLARED = FEATURE_ROUTES.map((route) => route.path);

const GUARDS = new Set<unknown>([
  PublicOnly,
  RequireAuth,
  RequireRouteRoles,
  RequireFeature,
  RequireAdminFlag,
]);

/** The guards above a declared path in the assembled router, outermost first. */
function guardsAbove(
  path: string,
  tree: RouteObject[] = routes,
  above: string[] = [],
): string[] | null {
  for (const route of tree) {
    if (route.path === path) return above;
    const type = (route.element as { type?: { name: string } } | undefined)?.type;
    const chain = type && GUARDS.has(type) ? [...above, type.name] : above;
    const found = route.children && guardsAbove(path, route.children, chain);
    if (found) return found;
  }
  return null;
}

describe('route access (spec section 6), walked over the declared routes', () => {
  it('has a spec row for every declared route and a declared route for every row', () => {
    expect(DECLARED.filter((path) => !(path in SPEC_ROUTE_TABLE))).toEqual([]);
    expect(Object.keys(SPEC_ROUTE_TABLE).filter((path) => !DECLARED.includes(path))).toEqual([]);
    expect(new Set(DECLARED).size).toBe(DECLARED.length);
  });

  it.each(DECLARED)('%s is guarded as the spec says', (path) => {
    const spec = SPEC_ROUTE_TABLE[path];
    if (!spec) throw new Error(`no spec row for ${path}`);
    const route = FEATURE_ROUTES.find((item) => item.path === path);
    const address = samplePath(path);
    const guards = guardsAbove(path) ?? [];
    expect(guardsAbove(path), 'the router has the route').not.toBeNull();
    if ('access' in spec) {
      expect(route?.access).toBe(spec.access);
      expect(guards).not.toContain('RequireAuth');
      expect(guards.includes('PublicOnly')).toBe(spec.access === 'signed-out');
      return;
    }
    for (const role of ROLES) {
      expect(canAccess(address, role), `${role} on ${address}`).toBe(spec.roles.includes(role));
      // Whatever lies below a guarded path is guarded alike (it ends on /page-404 after the check).
      expect(canAccess(`${address}/below`, role)).toBe(spec.roles.includes(role));
    }
    if (spec.roles.length === ROLES.length) expect(requiredRoles(address)).toBeNull();
    expect(requiredFeature(address)).toBe(spec.workflow ? 'automation' : undefined);
    expect(requiresAdminFlag(address)).toBe(Boolean(spec.adminFlag));
    expect(guards.slice(0, 2)).toEqual(['RequireAuth', 'RequireRouteRoles']);
    expect(guards.includes('RequireFeature')).toBe(Boolean(spec.workflow));
    expect(guards.includes('RequireAdminFlag')).toBe(Boolean(spec.adminFlag));
  });

  it('matches whole path segments', () => {
    expect(requiredRoles('/settingsx')).toBeNull();
    expect(requiredRoles('/report/customer/')).toEqual([
      'administrator',
      'supervisor',
      'team_leader',
    ]);
    expect(requiredRoles('/report/summary/x')).toBeNull();
  });

  it('reads a path as the router does: any letter case, percent-encoded letters', () => {
    // The router opens these screens, so the role table must apply to them too.
    for (const path of [
      '/SETTINGS',
      '/Settings/Users/Members',
      '/setting%73',
      '/Smart-QC/keyword',
    ]) {
      expect(requiredRoles(path), path).toEqual(['administrator']);
    }
    expect(requiredRoles('/Settings/Tickets/View')).toEqual(['administrator', 'team_leader']);
    expect(requiredFeature('/Automation/editor')).toBe('automation');
  });

  it('sends refused users to the warning page', () => {
    const url = new URL(FORBIDDEN_PATH, 'http://x');
    expect(url.pathname).toBe('/page-404');
    expect(url.searchParams.get('title')).toBe('Cảnh báo');
    expect(url.searchParams.get('message')).toBe('Bạn không có quyền sử dụng tính năng này!');
  });

  it('shows in the sidebar only what the role may open', () => {
    const labels = (role: StaffRole, automation = true, isAdminFlag = false) =>
      visibleNavItems(role, { features: { automation }, isAdminFlag }).map((item) => item.label);
    expect(labels('agent')).toEqual([
      'Báo cáo',
      'Ticket',
      'Chat',
      'Khách hàng',
      'Tự động hóa',
      'Tổng đài',
    ]);
    expect(labels('team_leader')).toContain('Cài đặt');
    expect(
      visibleNavItems('team_leader', { features: { automation: true }, isAdminFlag: false }).find(
        (i) => i.label === 'Cài đặt',
      )?.to,
    ).toBe('/settings/tickets/view');
    expect(labels('supervisor')).toEqual([
      'Báo cáo',
      'Ticket',
      'Chat',
      'Khách hàng',
      'Chiến dịch',
      'Tự động hóa',
      'Giám sát',
      'Tổng đài',
    ]);
    expect(labels('administrator', false, true)).toEqual([
      'Báo cáo',
      'Ticket',
      'Chat',
      'Khách hàng',
      'Chiến dịch',
      'Smart QC',
      'Giám sát',
      'Tổng đài',
      'Cài đặt',
      'Xem với tư cách',
    ]);
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <PublicOnly />, children: [{ index: true, element: <Where /> }] },
      { path: '/page-404', element: <Where /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RequireRouteRoles />,
            children: [
              { path: '/', element: <Where /> },
              {
                path: '/view-as-mode',
                element: <RequireAdminFlag />,
                children: [{ index: true, element: <Where /> }],
              },
              {
                path: '/automation',
                element: <RequireFeature feature="automation" />,
                children: [{ index: true, element: <Where /> }],
              },
              {
                path: '*',
                element: (
                  <>
                    <Where />
                    <Outlet />
                  </>
                ),
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const where = async () => (await screen.findByTestId('where')).textContent;

describe('guards', () => {
  beforeEach(() => useSessionStore.getState().clear());
  afterEach(() => getMyAccount.mockReset());

  it('sends a visitor to /login with the current address as redirect', async () => {
    renderAt('/customers/groups?x=1');
    expect(await where()).toBe(`/login?redirect=${encodeURIComponent('/customers/groups?x=1')}`);
  });

  it('sends a stored user away from /login to /', async () => {
    useSessionStore.getState().signIn(user('agent'));
    renderAt('/login');
    expect(await where()).toBe('/');
  });

  it('sends a user who just signed in to the redirect parameter', async () => {
    useSessionStore.getState().signIn(user('agent'));
    renderAt('/login?redirect=%2Ftickets%2F7');
    expect(await where()).toBe('/tickets/7');
  });

  it('follows a logout to its own target instead of adding a redirect', async () => {
    useSessionStore.getState().clear('/login');
    renderAt('/tickets');
    expect(await where()).toBe('/login');
  });

  it.each(ROLES)('applies the table for %s', async (role) => {
    useSessionStore.getState().signIn(user(role));
    renderAt('/monitors/agents');
    const allowed = role === 'administrator' || role === 'supervisor';
    expect(await where()).toBe(allowed ? '/monitors/agents' : FORBIDDEN_PATH);
  });

  it('reads the impersonated role in view-as mode', async () => {
    useSessionStore.getState().signIn(user('administrator', { is_admin: true }));
    useSessionStore.getState().startViewAs(user('agent'));
    renderAt('/settings');
    expect(await where()).toBe(FORBIDDEN_PATH);
  });

  it('needs the admin flag of the stored user for /view-as-mode', async () => {
    useSessionStore.getState().signIn(user('administrator'));
    renderAt('/view-as-mode');
    expect(await where()).toBe(FORBIDDEN_PATH);
  });

  it('opens /view-as-mode for a flagged admin, even while viewing as someone', async () => {
    useSessionStore.getState().signIn(user('administrator', { is_admin: true }));
    useSessionStore.getState().startViewAs(user('agent'));
    renderAt('/view-as-mode');
    expect(await where()).toBe('/view-as-mode');
  });

  it('opens /automation when the tenant workflow is enabled', async () => {
    getMyAccount.mockResolvedValue(myAccountOf('agent'));
    useSessionStore.getState().signIn(user('agent'));
    renderAt('/automation');
    expect(await where()).toBe('/automation');
  });

  it('sends /automation to / when the tenant workflow is disabled', async () => {
    getMyAccount.mockResolvedValue(myAccountOf('administrator', { automation: false }));
    useSessionStore.getState().signIn(user('administrator'));
    renderAt('/automation');
    expect(await where()).toBe('/');
  });

  it('tells the sign-in form’s owner where it leads while nobody is signed in, and stops at sign-in', async () => {
    const cancel = vi.fn();
    const onShown = vi.fn(() => cancel);
    const router = createMemoryRouter(
      [
        {
          path: '/login',
          element: <PublicOnly onShown={onShown} />,
          children: [{ index: true, element: <Where /> }],
        },
        { path: '/tickets/:id', element: <Where /> },
      ],
      { initialEntries: ['/login?redirect=%2Ftickets%2F7'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByTestId('where');
    expect(onShown).toHaveBeenCalledWith('/tickets/7');
    expect(cancel).not.toHaveBeenCalled();
    act(() => useSessionStore.getState().signIn(user('agent')));
    expect(await where()).toBe('/tickets/7');
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/tickets/1?x=2')).toBe('/tickets/1?x=2');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
