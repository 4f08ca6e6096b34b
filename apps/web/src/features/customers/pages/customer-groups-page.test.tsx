import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { groupPageView, type Group } from '@omnicare/shared/groups/groups.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { fixture } from '@/test/contract-fixtures';
import { groupRecord } from '@/test/view-fixtures';
import { CustomerGroupsPage } from './customer-groups-page';

const api = vi.hoisted(() => ({
  fetchCustomerGroups: vi.fn(),
  saveCustomerGroup: vi.fn(),
  deleteCustomerGroup: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../customers.api', () => api);
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'administrator', token: 't' }),
}));

/** A customer group (target end_user) of 4 customers. */
const group = (id: string, name: string): Group =>
  groupRecord({
    _id: id,
    name,
    target: 'end_user',
    customer_count: 4,
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:05.000Z',
  });

/** A page of GET /v2/groups, as `fetchCustomerGroups` resolves it. */
const groups = (list: Group[], total = list.length) =>
  fixture('GET /v2/groups', groupPageView, { list, total });

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <TooltipProvider>
          <MemoryRouter>
            <CustomerGroupsPage />
          </MemoryRouter>
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
}

describe('customer groups page', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
  });

  it('asks with offset/limit and shows the rows', async () => {
    api.fetchCustomerGroups.mockResolvedValue(groups([group('g1', 'Khách VIP')]));
    renderPage();
    expect(await screen.findByText('Khách VIP')).toBeVisible();
    expect(api.fetchCustomerGroups).toHaveBeenCalledWith(
      { offset: 0, limit: 10, name: '' },
      expect.anything(),
    );
    expect(screen.getByText('trong 1 bản ghi')).toBeVisible();
  });

  it('keeps its page and search in the address, so Back returns to the list as it was', async () => {
    api.fetchCustomerGroups.mockImplementation(({ offset }: { offset: number }) =>
      Promise.resolve(groups([group(`g${offset}`, `Nhóm từ ${offset}`)], 25)),
    );
    const router = createMemoryRouter(
      [
        { path: '/home', element: <p>Trang chủ</p> },
        { path: '/customers/groups', element: <CustomerGroupsPage /> },
      ],
      { initialEntries: ['/home', '/customers/groups'], initialIndex: 1 },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TestShell>
          <TooltipProvider>
            <RouterProvider router={router} />
          </TooltipProvider>
        </TestShell>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Nhóm từ 0')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(await screen.findByText('Nhóm từ 10')).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.type(screen.getByRole('searchbox'), 'vip');
    await waitFor(() => expect(router.state.location.search).toBe('?q=vip'), { timeout: 3000 });
    expect(await screen.findByText('Nhóm từ 0')).toBeVisible();

    // One entry for the settled search, none per keystroke; then the page before it.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Nhóm từ 10')).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveValue('');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Nhóm từ 0')).toBeVisible();
    await act(() => router.navigate(-1));
    expect(screen.getByText('Trang chủ')).toBeInTheDocument();
  });

  it('the customer count opens the customer list filtered by the group', async () => {
    api.fetchCustomerGroups.mockResolvedValue(groups([group('g1', 'Khách VIP')]));
    renderPage();
    const link = await screen.findByRole('link', { name: 'Xem 4 khách hàng của nhóm Khách VIP' });
    expect(link).toHaveAttribute('href', '/customers?group_id=g1');
    expect(link).toHaveTextContent('4');
  });

  it('a failed load shows the error toast and an empty list', async () => {
    api.fetchCustomerGroups.mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 500,
        message: 'Đã xảy ra lỗi từ server, vui lòng thử lại sau!',
      }),
    );
    renderPage();
    expect(await screen.findByText('Không có dữ liệu.')).toBeVisible();
    expect(toasts.error).toHaveBeenCalledWith('Đã xảy ra lỗi từ server, vui lòng thử lại sau!');
  });

  it('creates, then toasts the spec message', async () => {
    const user = userEvent.setup();
    api.fetchCustomerGroups.mockResolvedValue(groups([]));
    api.saveCustomerGroup.mockResolvedValue('ok');
    renderPage();
    expect(await screen.findByText('Không có dữ liệu.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Thêm nhóm khách hàng' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getByText('Tên nhóm khách hàng không được bỏ trống')).toBeVisible();
    await user.type(screen.getByLabelText(/Tên nhóm khách hàng/), 'Mới');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Tạo mới nhóm khách hàng thành công'),
    );
  });

  it('a name taken shows under the field only; another failure is one toast', async () => {
    const user = userEvent.setup();
    api.fetchCustomerGroups.mockResolvedValue(groups([]));
    api.saveCustomerGroup.mockRejectedValueOnce(
      new ApiError({
        kind: 'http',
        status: 422,
        message: 'Tên nhóm đã tồn tại',
        fieldErrors: [{ param: 'name', message: 'Tên nhóm đã tồn tại' }],
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Thêm nhóm khách hàng' }));
    await user.type(screen.getByLabelText(/Tên nhóm khách hàng/), 'Khách VIP');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên nhóm đã tồn tại')).toBeVisible();
    expect(toasts.error).not.toHaveBeenCalled();

    api.saveCustomerGroup.mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 500, message: 'Đã xảy ra lỗi từ server' }),
    );
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
  });

  it('deletes after the confirmation question', async () => {
    const user = userEvent.setup();
    api.fetchCustomerGroups.mockResolvedValue(groups([group('g1', 'Khách VIP')]));
    api.deleteCustomerGroup.mockResolvedValue(undefined);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Xóa Khách VIP' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Bạn có chắc chắn muốn xóa Khách VIP không?')).toBeVisible();
    expect(within(dialog).getByText(/4 khách hàng đang thuộc nhóm này/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Xóa nhóm khách hàng thành công'),
    );
    expect(api.deleteCustomerGroup.mock.calls[0]?.[0]).toBe('g1');
  });
});
