import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { TenantConfigView } from '@omnicare/shared/tenants/tenants.schemas';
import { http, type ApiRequest } from '@/lib/http';
import { signInAs } from '@/test/signed-in';
import { TenantConfigForm } from './tenant-config-form';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const CONFIG: TenantConfigView = {
  _id: 't1',
  name: 'Demo',
  slug: 'demo',
  logo_url: null,
  time_zone: 'Asia/Bangkok',
  data_scopes: { administrator: 'all', supervisor: 'all', team_leader: 'my_group', agent: 'me' },
  import_export_roles: ['administrator', 'supervisor'],
  workflow: 'enabled',
  features: { automation: true },
  allow_private_webhooks: false,
  call_ticket_rule: { mode: 'new_per_call' },
  assign_own_tickets: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

describe('the tenant configuration form', () => {
  it("turns off giving an agent's new ticket to them", async () => {
    signInAs('administrator');
    const sent: unknown[] = [];
    vi.spyOn(http, 'request').mockImplementation(((config: ApiRequest) => {
      sent.push(config.data);
      return Promise.resolve({
        data: {
          statusCode: 200,
          message: 'Đã lưu',
          data: { ...CONFIG, assign_own_tickets: false },
        },
      });
    }) as typeof http.request);
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [{ path: '*', element: <TenantConfigForm tenantId={null} config={CONFIG} /> }],
      { initialEntries: ['/settings/tenant/config'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const toggle = screen.getByRole('switch', { name: 'Giao ticket cho chuyên viên tạo ra nó' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ assign_own_tickets: false });
  });
});
