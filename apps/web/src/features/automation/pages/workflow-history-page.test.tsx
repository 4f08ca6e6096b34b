import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { workflowRunView, workflowView } from '@omnicare/shared/automation/workflow.schemas';
import { createQueryClient } from '@/test/query-client';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { fixture, page } from '@/test/contract-fixtures';
import { WorkflowHistoryPage } from './workflow-history-page';

const api = vi.hoisted(() => ({
  listWorkflows: vi.fn(),
  getWorkflow: vi.fn(),
  changeWorkflowStatus: vi.fn(),
  cloneWorkflow: vi.fn(),
  deleteWorkflow: vi.fn(),
  listWorkflowRuns: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../automation.api', () => api);
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'administrator', token: 't' }),
}));

const WORKFLOW = fixture('GET /v2/workflow/:id', workflowView, {
  _id: 'w1',
  name: 'Tự động gán ticket VIP',
  description: '',
  status: 'active',
  workflow_steps: {
    trigger: {
      target: 'tickets',
      event: 'ticket_created',
      title: 'Ticket VIP mới',
      conditions: { logic: 'and', items: [] },
    },
    nodes: [],
    edges: [],
  },
  created_by: { _id: 'u1', name: 'Quản Trị Viên' },
  updated_by: { _id: 'u2', name: 'Giám Sát Viên' },
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-03T03:04:05.000Z',
});

const RUN = fixture('GET /v2/workflow/:id/run-histories', workflowRunView, {
  _id: 'r1',
  start_time: '2026-01-05T01:00:00.000Z',
  ticket: { _id: 't1', code: '#000123', subject: 'Hoàn tiền đơn hàng' },
  requester: { name: 'Nguyễn Thị Hồng' },
  status: 'failed',
  error: 'Máy chủ trả về 500',
  finished_at: '2026-01-05T01:00:05.000Z',
  steps: [
    {
      step_id: 'start',
      step_name: 'Bắt đầu',
      type: 'start',
      status: 'completed',
      attempt: 1,
      input: null,
      output: null,
      error: null,
      started_at: '2026-01-05T01:00:00.000Z',
      finished_at: '2026-01-05T01:00:00.000Z',
      duration_ms: 0,
    },
    {
      step_id: 'hook',
      step_name: 'Báo CRM',
      type: 'webhook',
      status: 'failed',
      attempt: 3,
      input: { url: 'https://crm.example/hook', method: 'POST' },
      output: { status: 500, body: 'lỗi' },
      error: 'Máy chủ trả về 500',
      started_at: '2026-01-05T01:00:01.000Z',
      finished_at: '2026-01-05T01:00:04.200Z',
      duration_ms: 3200,
    },
  ],
});

/** A page of the run history, as `listWorkflowRuns` resolves it. */
const runs = (rows: (typeof RUN)[]) =>
  page('GET /v2/workflow/:id/run-histories', workflowRunView, { data: rows, total: rows.length });

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/automation', element: <p>Danh sách</p> },
      { path: '/automation/history/:id', element: <WorkflowHistoryPage /> },
      { path: '/automation/editor/:id', element: <p>Trình soạn thảo</p> },
    ],
    { initialEntries: ['/automation/history/w1'] },
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

describe('workflow history', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
  });

  it('shows the summary, the runs and a run trace on expanding', async () => {
    api.getWorkflow.mockResolvedValue(WORKFLOW);
    api.listWorkflowRuns.mockResolvedValue(runs([RUN]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Tự động gán ticket VIP' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Chỉnh sửa kịch bản' })).toHaveAttribute(
      'href',
      '/automation/editor/w1',
    );
    expect(screen.getByText('Ticket VIP mới')).toBeVisible();
    expect(screen.getByText('Giám Sát Viên')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Lịch sử hành động của kịch bản' });
    const code = await within(table).findByRole('link', { name: '#000123' });
    expect(code).toHaveAttribute('href', '/tickets/t1');
    const row = code.closest('tr') as HTMLElement;
    expect(within(row).getByText('08:00', { exact: false })).toBeVisible();
    expect(within(row).getByText('Báo CRM')).toBeVisible();
    expect(within(row).getByText('Thất bại')).toBeVisible();
    expect(within(row).getByText('Máy chủ trả về 500')).toBeVisible();
    expect(api.listWorkflowRuns).toHaveBeenCalledWith(
      'w1',
      { page: 1, page_size: 10, status: 'all' },
      expect.anything(),
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Xem chi tiết các bước' }));
    const trace = screen.getByRole('list', { name: 'Các bước đã chạy' });
    const steps = within(trace).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[1]).toHaveTextContent('Báo CRM');
    expect(steps[1]).toHaveTextContent('Gọi API/Webhook');
    expect(steps[1]).toHaveTextContent('Lần thử 3');
    expect(steps[1]).toHaveTextContent('"url": "https://crm.example/hook"');
    expect(steps[1]).toHaveTextContent('"status": 500');
    expect(steps[1]).toHaveTextContent('3,2 s');
  });

  it('filters by status and searches the trimmed text after the debounce', async () => {
    api.getWorkflow.mockResolvedValue(WORKFLOW);
    api.listWorkflowRuns.mockResolvedValue(runs([RUN]));
    renderPage();
    await screen.findByRole('link', { name: '#000123' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Lọc theo trạng thái' }),
      'Hoàn thành',
    );
    await waitFor(() =>
      expect(api.listWorkflowRuns).toHaveBeenLastCalledWith(
        'w1',
        { page: 1, page_size: 10, status: 'completed' },
        expect.anything(),
      ),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm lượt chạy' }), '  hồng  ');
    await waitFor(
      () =>
        expect(api.listWorkflowRuns).toHaveBeenLastCalledWith(
          'w1',
          { page: 1, page_size: 10, status: 'completed', search: 'hồng' },
          expect.anything(),
        ),
      { timeout: 3000 },
    );
  });

  it('goes back to the list when the workflow cannot be loaded', async () => {
    api.getWorkflow.mockRejectedValue(
      new ApiError({ kind: 'http', status: 404, message: 'Không tìm thấy kịch bản tự động hóa' }),
    );
    api.listWorkflowRuns.mockResolvedValue(runs([]));
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/automation'));
  });
});
