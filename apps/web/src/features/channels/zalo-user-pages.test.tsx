import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TestShell } from '@/test/shell-navigation';
import { signInAs } from '@/test/signed-in';
import { ZaloUserIndexPage, ZaloUserTenantPage } from './pages/zalo-user-pages';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/settings/multi-channels/zalo-user', element: <ZaloUserIndexPage /> },
      { path: '/settings/multi-channels/zalo-user/:tenantId', element: <ZaloUserTenantPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestShell>
      <RouterProvider router={router} />
    </TestShell>,
  );
  return router;
}

beforeEach(() => vi.stubEnv('VITE_ZALO_PERSONAL_TENANTS', 'tenant-a, tenant-b'));
afterEach(() => vi.unstubAllEnvs());

describe('/settings/multi-channels/zalo-user', () => {
  it('lists the enabled tenants to an admin of one of them', () => {
    signInAs('administrator', { tenant_id: 'tenant-b', is_admin: true });
    const router = renderAt('/settings/multi-channels/zalo-user');
    expect(router.state.location.pathname).toBe('/settings/multi-channels/zalo-user');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/multi-channels/zalo-user/tenant-a',
      '/settings/multi-channels/zalo-user/tenant-b',
    ]);
    expect(screen.getByText('Tenant của bạn').closest('a')).toHaveAttribute(
      'href',
      '/settings/multi-channels/zalo-user/tenant-b',
    );
  });

  it.each([
    ['an admin of another tenant', { tenant_id: 'tenant-c', is_admin: true }],
    ['an administrator of an enabled tenant without the admin flag', { tenant_id: 'tenant-a' }],
  ])("sends %s to their own tenant's page", (_who, user) => {
    signInAs('administrator', user);
    const router = renderAt('/settings/multi-channels/zalo-user');
    expect(router.state.location.pathname).toBe(
      `/settings/multi-channels/zalo-user/${user.tenant_id}`,
    );
    expect(screen.getByText(/không có API công khai/)).toBeInTheDocument();
    expect(
      screen.getByText(
        user.tenant_id === 'tenant-a' ? 'Đã bật cho tenant này' : 'Chưa bật cho tenant này',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Chưa có tài khoản Zalo cá nhân nào được kết nối.'),
    ).toBeInTheDocument();
  });

  it("shows nothing of another tenant's configuration", () => {
    signInAs('administrator', { tenant_id: 'tenant-a', is_admin: true });
    renderAt('/settings/multi-channels/zalo-user/tenant-b');
    expect(screen.getByText(/không phải tenant bạn đang đăng nhập/)).toBeInTheDocument();
    expect(screen.queryByText('Cấu hình')).not.toBeInTheDocument();
  });
});
