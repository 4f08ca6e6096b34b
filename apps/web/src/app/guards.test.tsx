import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StoredUser } from '@omnicare/shared/auth/auth.schemas';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import {
  PublicOnly,
  RequireAdminFlag,
  RequireAuth,
  RequireRouteRoles,
  RequireWorkflow,
  safeRedirect,
} from './guards';
import { FORBIDDEN_PATH, canAccess, requiredRoles } from './route-access';
import { visibleNavItems } from './navigation';

const getMyAccount = vi.hoisted(() => vi.fn());
vi.mock('@/features/auth/auth.api', () => ({ getMyAccount }));

const user = (role: StaffRole, extra: Partial<StoredUser> = {}): StoredUser => ({
  token: `tok-${role}`,
  role,
  tenant_id: 't1',
  user_id: role,
  _id: role,
  agent_id: role,
  is_admin: false,
  name: role,
  email: `${role}@demo.vn`,
  ...extra,
});

/** The role table of spec section 6, row by row. */
const TABLE: [string, StaffRole[]][] = [
  ['/settings', ['administrator']],
  ['/settings/users/members', ['administrator']],
  ['/settings/organizations/o1', ['administrator']],
  ['/settings/tickets/view', ['administrator', 'team_leader']],
  ['/settings/tickets/priority', ['administrator']],
  ['/monitors/agents', ['administrator', 'supervisor']],
  ['/monitors/daily-stats', ['administrator', 'supervisor']],
  ['/chat', ['administrator', 'supervisor', 'agent']],
  ['/chat/t1', ['administrator', 'supervisor', 'agent']],
  ['/campaign', ['administrator', 'supervisor']],
  ['/campaign/report', ['administrator', 'supervisor']],
  ['/campaign/c1', ['administrator', 'supervisor']],
  ['/campaign/c1/report', ['administrator', 'supervisor']],
  ['/campaign/c1/report-zns', ['administrator', 'supervisor']],
  ['/report/ticket', ['administrator', 'supervisor', 'team_leader']],
  ['/report/group', ['administrator', 'supervisor', 'team_leader']],
  ['/report/customer', ['administrator', 'supervisor', 'team_leader']],
  ['/report/custom', ['administrator', 'supervisor', 'team_leader']],
  ['/report/agent', ['administrator', 'supervisor', 'team_leader']],
  ['/smart-qc', ['administrator']],
  ['/smart-qc/keyword', ['administrator']],
  ['/smart-qc/dashboard', ['administrator']],
  ['/smart-qc/criteria', ['administrator']],
  ['/smart-qc/criteria/call', ['administrator']],
  ['/smart-qc/autoQa/q1', ['administrator']],
  ['/smart-qc/manualQa/q1/calls/c1', ['administrator']],
];
const OPEN = [
  '/tickets',
  '/tickets/9',
  '/customers',
  '/customers/tags',
  '/report/summary',
  '/report/call',
  '/report/ad-funnel',
  '/automation',
  '/switchboard/queue',
];
const ROLES: StaffRole[] = ['administrator', 'supervisor', 'team_leader', 'agent'];

describe('route access table (spec section 6)', () => {
  it.each(TABLE)('%s allows %j only', (path, allowed) => {
    for (const role of ROLES)
      expect(canAccess(path, role), `${role} on ${path}`).toBe(allowed.includes(role));
  });

  it.each(OPEN)('%s has no role guard', (path) => {
    expect(requiredRoles(path)).toBeNull();
    for (const role of ROLES) expect(canAccess(path, role)).toBe(true);
  });

  it('matches whole path segments', () => {
    expect(requiredRoles('/settingsx')).toBeNull();
    expect(requiredRoles('/report/customer/')).toEqual([
      'administrator',
      'supervisor',
      'team_leader',
    ]);
  });

  it('sends refused users to the warning page', () => {
    const url = new URL(FORBIDDEN_PATH, 'http://x');
    expect(url.pathname).toBe('/page-404');
    expect(url.searchParams.get('title')).toBe('Cảnh báo');
    expect(url.searchParams.get('message')).toBe('Bạn không có quyền sử dụng tính năng này!');
  });

  it('shows in the sidebar only what the role may open', () => {
    const labels = (role: StaffRole, workflowEnabled = true, isAdminFlag = false) =>
      visibleNavItems(role, { workflowEnabled, isAdminFlag }).map((item) => item.label);
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
      visibleNavItems('team_leader', { workflowEnabled: true, isAdminFlag: false }).find(
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
                element: <RequireWorkflow />,
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
    getMyAccount.mockResolvedValue({ workflow: 'enabled', tenant: { workflow: 'enabled' } });
    useSessionStore.getState().signIn(user('agent'));
    renderAt('/automation');
    expect(await where()).toBe('/automation');
  });

  it('sends /automation to / when the tenant workflow is disabled', async () => {
    getMyAccount.mockResolvedValue({ workflow: 'disabled', tenant: { workflow: 'disabled' } });
    useSessionStore.getState().signIn(user('administrator'));
    renderAt('/automation');
    expect(await where()).toBe('/');
  });

  it('only follows same-site redirects', () => {
    expect(safeRedirect('/tickets/1?x=2')).toBe('/tickets/1?x=2');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
