import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerListAnswer } from '@omnicare/shared/customers/customers.schemas';
import { page } from '@/test/contract-fixtures';
import type * as CustomersApi from '../customers.api';
import { answerListCalls, renderCustomerList } from './customer-list-test-setup';

const api = vi.hoisted(() => ({
  fetchCustomers: vi.fn(),
  fetchCustomerFields: vi.fn(),
  fetchJobs: vi.fn(),
  fetchSavedFilters: vi.fn(),
}));
vi.mock('../customers.api', async (importOriginal) => ({
  ...(await importOriginal<typeof CustomersApi>()),
  ...api,
}));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'administrator', token: 't', user_id: 'u1' }),
}));

const asked = () => api.fetchCustomers.mock.calls.map(([params]) => params as object);

describe('customer list page', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    answerListCalls(api);
  });

  it('keeps the keyword, page and size when going back from a record', async () => {
    const user = userEvent.setup();
    const router = renderCustomerList();
    await screen.findByRole('link', { name: /Khách p1-0/ });
    await user.type(screen.getByRole('searchbox'), 'hoang');
    await waitFor(() => expect(router.state.location.search).toBe('?q=hoang'), { timeout: 2000 });
    await user.selectOptions(screen.getByLabelText('Hiển thị'), '20');
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await user.click(await screen.findByRole('link', { name: /Khách p2-0/ }));
    await user.click(await screen.findByRole('button', { name: 'Quay lại' }));

    expect(await screen.findByRole('link', { name: /Khách p2-0/ })).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveValue('hoang');
    expect(screen.getByText('Trang 2/3')).toBeVisible();
    expect(router.state.location.search).toBe('?q=hoang&size=20&page=2');
    expect(asked().at(-1)).toMatchObject({ keyword: 'hoang', page: 2, page_size: 20 });
    // One request per settled term: never a term typed halfway, nor the term on the old page.
    const keywords = asked().map((params) => ('keyword' in params ? params.keyword : ''));
    expect(keywords.filter((keyword) => keyword !== '' && keyword !== 'hoang')).toEqual([]);
    expect(asked()).toContainEqual(expect.objectContaining({ keyword: 'hoang', page: 1 }));
  });

  it('starts from the address on a reload', async () => {
    renderCustomerList('/customers?q=an&page=3&size=20');
    expect(await screen.findByRole('link', { name: /Khách p3-0/ })).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveValue('an');
    expect(asked()).toEqual([expect.objectContaining({ keyword: 'an', page: 3, page_size: 20 })]);
  });

  it('forgets the selection when the page changes', async () => {
    const user = userEvent.setup();
    renderCustomerList();
    await screen.findByRole('link', { name: /Khách p1-0/ });
    await user.click(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' }));
    expect(screen.getByText('Đã chọn 10 khách hàng')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await screen.findByRole('link', { name: /Khách p2-0/ });
    expect(screen.queryByText('Đã chọn 10 khách hàng')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' })).not.toBeChecked();
  });

  it('offers to clear the keyword and filters when nothing matches', async () => {
    const user = userEvent.setup();
    api.fetchCustomers.mockResolvedValue(
      page('GET /v2/customers', customerListAnswer, { data: [], total: 0, total_capped: false }),
    );
    const router = renderCustomerList('/customers?q=zz&tier=3&page=2');
    const table = await screen.findByRole('table', { name: 'Danh sách khách hàng' });
    await within(table).findByText('Không có dữ liệu.');
    expect(screen.getByRole('checkbox', { name: 'Chọn tất cả trên trang' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Xóa bộ lọc' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(asked().at(-1)).toMatchObject({ page: 1 });
    expect(asked().at(-1)).not.toHaveProperty('keyword', 'zz');
    expect(within(table).queryByRole('button', { name: 'Xóa bộ lọc' })).not.toBeInTheDocument();
  });

  it('sorts by name A→Z on the first click', async () => {
    const user = userEvent.setup();
    const router = renderCustomerList();
    await screen.findByRole('link', { name: /Khách p1-0/ });
    await user.click(screen.getByRole('button', { name: 'Tên khách hàng' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&order=asc'));
    expect(screen.getByRole('columnheader', { name: 'Tên khách hàng' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});
