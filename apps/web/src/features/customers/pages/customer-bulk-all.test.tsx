import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import type { CustomerListItem } from '@omnicare/shared/customers/customers.schemas';
import { createQueryClient } from '@/app/query-client';
import { TooltipProvider } from '@/components/ui/tooltip';
import type * as CustomersApi from '../customers.api';
import { CustomerListPage } from './customer-list-page';

const api = vi.hoisted(() => ({
  fetchCustomers: vi.fn(),
  fetchCustomerFields: vi.fn(),
  fetchJobs: vi.fn(),
  fetchSavedFilters: vi.fn(),
  runBulk: vi.fn(),
}));
vi.mock('../customers.api', async (importOriginal) => ({
  ...(await importOriginal<typeof CustomersApi>()),
  ...api,
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'administrator', token: 't', user_id: 'u1' }),
}));

const customer = (id: string, index: number): CustomerListItem => ({
  _id: id,
  number: index + 1,
  name: `Khách ${id}`,
  avatar_url: null,
  phone: null,
  email: null,
  tier: 0,
  source: 'facebook',
  owner: null,
  organization: null,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
});

function CustomerStub() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Quay lại</button>;
}

function renderPage(url = '/customers') {
  const router = createMemoryRouter(
    [
      { path: '/customers', element: <CustomerListPage /> },
      { path: '/customers/:id', element: <CustomerStub /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('bulk over the whole result of a filter', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    api.fetchCustomerFields.mockResolvedValue([]);
    api.fetchJobs.mockResolvedValue([]);
    api.fetchSavedFilters.mockResolvedValue([]);
    api.fetchCustomers.mockImplementation(async ({ page }: { page: number }) => ({
      data: Array.from({ length: 10 }, (_, index) =>
        customer(`p${page}-${index}`, page * 10 + index),
      ),
      total: 45,
      total_capped: false,
    }));
    api.runBulk.mockResolvedValue({ succeeded: 45, failed: 0, results: [] });
  });

  it('offers every result once the page is picked, and deletes by filter after confirming the count', async () => {
    const user = userEvent.setup();
    renderPage('/customers?q=an&tier=3');
    await screen.findByRole('link', { name: /Khách p1-0/ });
    expect(
      screen.queryByRole('button', { name: /Chọn tất cả 45 kết quả/ }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }));
    await user.click(screen.getByRole('button', { name: 'Chọn tất cả 45 kết quả' }));
    expect(screen.getByText('Đã chọn tất cả 45 khách hàng theo bộ lọc')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Xóa 45 khách hàng?' });
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(api.runBulk).toHaveBeenCalledTimes(1);
    const [payload] = api.runBulk.mock.calls[0]!;
    expect(payload).toMatchObject({ action: 'delete', filter: { keyword: 'an', tier: '3' } });
    expect(payload).not.toHaveProperty('ids');
    expect(toasts.success).toHaveBeenCalledWith('Đã xóa 45 khách hàng');
  });

  it('narrows back to ids when a row is unpicked', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: /Khách p1-0/ });
    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }));
    await user.click(screen.getByRole('button', { name: 'Chọn tất cả 45 kết quả' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn Khách p1-0' }));
    expect(screen.getByText('Đã chọn 9 khách hàng')).toBeVisible();
    expect(screen.queryByText(/theo bộ lọc/)).not.toBeInTheDocument();
  });
});
