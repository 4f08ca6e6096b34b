import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { okBody } from '@omnicare/shared/platform/envelope';
import { tenantConfigView } from '@omnicare/shared/tenants/tenants.schemas';
import { fixture, mockApi, ok } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import { TenantConfigForm } from './tenant-config-form';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const CONFIG = fixture('GET /v2/tenant/config', tenantConfigView, {
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
  call_wrap_up_seconds: 30,
  assign_own_tickets: true,
  created_at: '2026-01-01T00:00:00.000Z',
});

afterEach(() => vi.restoreAllMocks());

describe('the tenant configuration form', () => {
  it("turns off giving an agent's new ticket to them", async () => {
    signInAs('administrator');
    const sent: unknown[] = [];
    mockApi({ 'PUT /v2/tenant/config': okBody(tenantConfigView) }, (config) => {
      sent.push(config.data);
      return ok({ ...CONFIG, assign_own_tickets: false }, 'Đã lưu');
    });
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
