import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { workflowView, type Workflow } from '@omnicare/shared/automation/workflow.schemas';
import type { WorkflowStatus } from '@omnicare/shared/automation/workflow-enums';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { fixture, page } from '@/test/contract-fixtures';
import { WorkflowListPage } from './workflow-list-page';

const api = vi.hoisted(() => ({
  listWorkflows: vi.fn(),
  getWorkflow: vi.fn(),
  changeWorkflowStatus: vi.fn(),
  cloneWorkflow: vi.fn(),
  deleteWorkflow: vi.fn(),
  listWorkflowRuns: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
const session = vi.hoisted(() => ({ role: 'administrator' }));
vi.mock('../automation.api', () => api);
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: session.role, token: 't' }),
}));

const workflow = (id: string, name: string, status: WorkflowStatus): Workflow =>
  fixture('GET /v2/workflow', workflowView, {
    _id: id,
    name,
    description: '',
    status,
    workflow_steps: {
      trigger: {
        target: 'tickets',
        event: 'ticket_created',
        title: '',
        conditions: { logic: 'and', items: [] },
      },
      nodes: [],
      edges: [],
    },
    created_by: { _id: 'u1', name: 'Quản Trị Viên' },
    updated_by: null,
    // 03:04 UTC is 10:04 in Bangkok.
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-03T03:04:05.000Z',
  });

const ROWS = [
  workflow('w-active', 'Tự động gán ticket VIP', 'active'),
  workflow('w-inactive', 'Nhắc khách hàng', 'inactive'),
  workflow('w-draft', 'Kịch bản dở dang', 'draft'),
];

/** A page of the list, as `listWorkflows` resolves it. */
const rows = (data: Workflow[], total = data.length) =>
  page('GET /v2/workflow', workflowView, { data, total });

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/automation', element: <WorkflowListPage /> },
      { path: '/automation/editor/:id', element: <p>Trình soạn thảo</p> },
      { path: '/automation/history/:id', element: <p>Trang lịch sử</p> },
    ],
    { initialEntries: ['/automation'] },
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
  return router;
}

const row = (name: string) => {
  const cell = screen.getByRole('link', { name });
  return cell.closest('tr') as HTMLElement;
};

describe('workflow list', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
    session.role = 'administrator';
  });

  it('shows a 10-row skeleton while the first page loads', async () => {
    api.listWorkflows.mockReturnValue(new Promise(() => {}));
    renderPage();
    const table = screen.getByRole('table', { name: 'Danh sách kịch bản tự động hóa' });
    await waitFor(() => expect(table.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(10));
  });

  it("shows 'Không có dữ liệu.' when there are no workflows", async () => {
    api.listWorkflows.mockResolvedValue(rows([]));
    renderPage();
    expect(await screen.findByText('Không có dữ liệu.')).toBeVisible();
  });

  it('shows the columns: status label, target, dates in Bangkok time, creator', async () => {
    api.listWorkflows.mockResolvedValue(rows(ROWS));
    renderPage();
    await screen.findByText('Tự động gán ticket VIP');
    const active = within(row('Tự động gán ticket VIP'));
    expect(active.getByText('Hoạt động')).toBeVisible();
    expect(active.getByText('Ticket')).toBeVisible();
    expect(active.getByText('02/01/2026 10:04')).toBeVisible();
    expect(active.getByText('03/01/2026 10:04')).toBeVisible();
    expect(active.getByText('Quản Trị Viên')).toBeVisible();
    expect(within(row('Kịch bản dở dang')).getByText('Bản nháp')).toBeVisible();
    expect(within(row('Nhắc khách hàng')).getByText('Không hoạt động')).toBeVisible();
    expect(api.listWorkflows).toHaveBeenCalledWith({ page: 1, page_size: 10 }, expect.anything());
  });

  it('offers publish only on inactive rows, unpublish only on active rows, and no copy on drafts', async () => {
    api.listWorkflows.mockResolvedValue(rows(ROWS));
    renderPage();
    await screen.findByText('Kịch bản dở dang');
    const active = within(row('Tự động gán ticket VIP'));
    const inactive = within(row('Nhắc khách hàng'));
    const draft = within(row('Kịch bản dở dang'));
    expect(active.queryByRole('button', { name: /^Kích hoạt/ })).toBeNull();
    expect(active.getByRole('button', { name: /^Ngừng hoạt động/ })).toBeEnabled();
    expect(inactive.getByRole('button', { name: /^Kích hoạt/ })).toBeEnabled();
    expect(inactive.queryByRole('button', { name: /^Ngừng hoạt động/ })).toBeNull();
    expect(draft.queryByRole('button', { name: /^Kích hoạt/ })).toBeNull();
    expect(draft.queryByRole('button', { name: /^Ngừng hoạt động/ })).toBeNull();
    expect(draft.getByRole('button', { name: /^Sao chép/ })).toBeDisabled();
    expect(active.getByRole('button', { name: /^Sao chép/ })).toBeEnabled();
    expect(draft.getByRole('button', { name: /^Xóa/ })).toBeEnabled();
  });

  it('publishes, copies and deletes with the server message as a toast', async () => {
    api.listWorkflows.mockResolvedValue(rows(ROWS));
    api.changeWorkflowStatus.mockResolvedValue({ data: ROWS[1], message: 'Cập nhật thành công' });
    api.cloneWorkflow.mockResolvedValue({ data: ROWS[0], message: 'Sao chép thành công' });
    api.deleteWorkflow.mockResolvedValue({ data: null, message: 'Xóa thành công' });
    const router = renderPage();
    await screen.findByText('Nhắc khách hàng');
    await userEvent.click(
      within(row('Nhắc khách hàng')).getByRole('button', { name: /^Kích hoạt/ }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Cập nhật thành công'));
    expect(api.changeWorkflowStatus.mock.calls[0]?.[0]).toEqual({
      id: 'w-inactive',
      status: 'active',
    });
    await userEvent.click(
      within(row('Tự động gán ticket VIP')).getByRole('button', { name: /^Sao chép/ }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Sao chép thành công'));
    await userEvent.click(within(row('Kịch bản dở dang')).getByRole('button', { name: /^Xóa/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bạn có chắc chắn muốn xóa Kịch bản dở dang không?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Xóa thành công'));
    expect(api.deleteWorkflow.mock.calls[0]?.[0]).toBe('w-draft');
    // None of the buttons opened the row.
    expect(router.state.location.pathname).toBe('/automation');
  });

  it("shows the server's message when a change is refused", async () => {
    const { ApiError } = await import('@/lib/errors');
    api.listWorkflows.mockResolvedValue(rows(ROWS));
    api.changeWorkflowStatus.mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 422,
        message: 'Kịch bản chưa hợp lệ, vui lòng kiểm tra các khối được đánh dấu',
      }),
    );
    renderPage();
    await screen.findByText('Nhắc khách hàng');
    await userEvent.click(
      within(row('Nhắc khách hàng')).getByRole('button', { name: /^Kích hoạt/ }),
    );
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Kịch bản chưa hợp lệ, vui lòng kiểm tra các khối được đánh dấu',
      ),
    );
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('opens the editor from a row and the history from its button', async () => {
    api.listWorkflows.mockResolvedValue(rows(ROWS));
    const router = renderPage();
    await screen.findByText('Nhắc khách hàng');
    await userEvent.click(within(row('Nhắc khách hàng')).getByText('Không hoạt động'));
    expect(router.state.location.pathname).toBe('/automation/editor/w-inactive');
    await router.navigate('/automation');
    await screen.findByText('Nhắc khách hàng');
    await userEvent.click(within(row('Nhắc khách hàng')).getByRole('button', { name: /^Lịch sử/ }));
    expect(router.state.location.pathname).toBe('/automation/history/w-inactive');
  });

  it('searches by name 500 ms after typing stops, back on page 1', async () => {
    api.listWorkflows.mockImplementation(({ page }: { page: number }) =>
      Promise.resolve(rows([workflow(`w${page}`, `Kịch bản trang ${page}`, 'active')], 25)),
    );
    renderPage();
    await screen.findByText('Kịch bản trang 1');
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    await screen.findByText('Kịch bản trang 2');
    api.listWorkflows.mockClear();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm kịch bản theo tên' }), 'vip');
    // Nothing is asked per keystroke.
    expect(api.listWorkflows).not.toHaveBeenCalled();
    await waitFor(
      () =>
        expect(api.listWorkflows).toHaveBeenCalledWith(
          { page: 1, page_size: 10, name: 'vip' },
          expect.anything(),
        ),
      { timeout: 3000 },
    );
    expect(api.listWorkflows).toHaveBeenCalledTimes(1);
  });

  it('shows an agent no create button and no changes, only the history', async () => {
    session.role = 'agent';
    api.listWorkflows.mockResolvedValue(rows(ROWS));
    renderPage();
    await screen.findByText('Nhắc khách hàng');
    expect(screen.queryByRole('button', { name: 'Tạo kịch bản' })).toBeNull();
    const inactive = within(row('Nhắc khách hàng'));
    expect(inactive.getByRole('button', { name: /^Lịch sử/ })).toBeEnabled();
    expect(inactive.queryByRole('button', { name: /^Kích hoạt/ })).toBeNull();
    expect(inactive.queryByRole('button', { name: /^Xóa/ })).toBeNull();
  });
});
