import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerBulkAnswer } from '@omnicare/shared/customers/customers.schemas';
import { fixture } from '@/test/contract-fixtures';
import type * as CustomersApi from '../customers.api';
import { answerListCalls, renderCustomerList } from './customer-list-test-setup';

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

describe('bulk over the whole result of a filter', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    answerListCalls(api);
    api.runBulk.mockResolvedValue(
      fixture('POST /v2/customers/bulk', customerBulkAnswer, {
        succeeded: 45,
        failed: 0,
        results: [],
      }),
    );
  });

  it('offers every result once the page is picked, and deletes by filter after confirming the count', async () => {
    const user = userEvent.setup();
    renderCustomerList('/customers?q=an&tier=3');
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
    renderCustomerList();
    await screen.findByRole('link', { name: /Khách p1-0/ });
    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }));
    await user.click(screen.getByRole('button', { name: 'Chọn tất cả 45 kết quả' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn Khách p1-0' }));
    expect(screen.getByText('Đã chọn 9 khách hàng')).toBeVisible();
    expect(screen.queryByText(/theo bộ lọc/)).not.toBeInTheDocument();
  });
});
