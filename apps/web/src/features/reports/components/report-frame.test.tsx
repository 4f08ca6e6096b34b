import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { reportView, reportRowView } from '@omnicare/shared/reports/reports.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { fixture, page } from '@/test/contract-fixtures';
import { ReportFrame } from './report-frame';

const api = vi.hoisted(() => ({ fetchReport: vi.fn(), fetchReportRows: vi.fn() }));
vi.mock('../reports.api', () => api);
// The chart is ECharts on a canvas (no canvas here): a stand-in that offers its buckets.
vi.mock('./report-chart', () => ({
  default: ({
    series,
    onPick,
  }: {
    series: { bucket: string }[];
    onPick: (key: string, bucket: string) => void;
  }) => (
    <div data-testid="report-chart">
      {series.map((point) => (
        <button
          key={point.bucket}
          type="button"
          onClick={() => onPick('tickets_created', point.bucket)}
        >
          cột {point.bucket}
        </button>
      ))}
    </div>
  ),
}));
vi.mock('@/features/users/components/staff-picker', () => ({
  StaffPicker: () => null,
  DepartmentPicker: () => null,
}));
vi.mock('@/features/telephony/telephony.queries', () => ({ useQueues: () => ({ data: [] }) }));
vi.mock('@/features/customers/customers.queries', () => ({ useAllTags: () => ({ data: [] }) }));
vi.mock('@/features/tickets/tickets.queries', () => ({
  useTicketSettingsList: () => ({ data: [] }),
}));

const VIEW = fixture('GET /v2/reports/ticket', reportView, {
  metrics: {
    tickets_created: 4,
    tickets_solved: 1,
    tickets_reopened: 1,
    tickets_backlog: 3,
    first_response_mean_s: 1425,
    first_response_median_s: 900,
    first_response_p90_s: 2880,
    reply_time_median_s: 600,
    resolution_mean_s: 7200,
    resolution_median_s: 7200,
    resolution_p90_s: 7200,
    sla_met: 0,
    sla_breached: 0,
    sla_met_pct: null,
  },
  series: [
    {
      bucket: '2026-03-01',
      metrics: { tickets_created: 0, tickets_solved: 0, tickets_reopened: 0 },
    },
    {
      bucket: '2026-03-02',
      metrics: { tickets_created: 4, tickets_solved: 1, tickets_reopened: 1 },
    },
  ],
  rows: [
    {
      dimension: 'source',
      key: 'zalo',
      label: 'Zalo',
      metrics: {
        tickets_created: 2,
        tickets_solved: 1,
        tickets_reopened: 0,
        first_response_median_s: 600,
        resolution_median_s: 7200,
        sla_met_pct: null,
      },
    },
  ],
});

function renderFrame(entry = '/report/ticket?from=2026-03-01&to=2026-03-02') {
  const router = createMemoryRouter(
    [
      {
        path: '/report/ticket',
        handle: { title: 'Báo cáo ticket', area: 'report' },
        element: <ReportFrame report="ticket" filters={['source']} businessHours />,
      },
    ],
    { initialEntries: [entry] },
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

describe('the report frame', () => {
  beforeEach(() => {
    api.fetchReport.mockReset().mockResolvedValue(VIEW);
    api.fetchReportRows.mockReset().mockResolvedValue(
      page('GET /v2/reports/ticket/rows', reportRowView, {
        data: [
          {
            kind: 'ticket',
            _id: 't1',
            ticket_id: 't1',
            ticket_number: 1,
            title: '#000001',
            at: '2026-03-02T01:00:00.000Z',
            agent: { _id: 'u1', name: 'Chuyên Viên Một' },
            value: null,
          },
        ],
        total: 4,
      }),
    );
  });

  it('shows each figure with its label and its definition, from the range in the address', async () => {
    renderFrame();
    expect(await screen.findByLabelText('Ticket tạo mới: 4')).toBeVisible();
    expect(screen.getByLabelText('Phản hồi đầu tiên (trung vị): 15 phút')).toBeVisible();
    // Nothing measured reads as a dash, and does not open.
    expect(screen.getByLabelText('Tỷ lệ đạt SLA: —').tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'Định nghĩa: Ticket mở lại' })).toHaveAttribute(
      'title',
      expect.stringContaining('mở lại'),
    );
    expect(api.fetchReport).toHaveBeenCalledWith(
      'ticket',
      { from: '2026-03-01', to: '2026-03-02' },
      expect.anything(),
    );
    const table = screen.getByRole('table', { name: 'Theo kênh' });
    expect(within(table).getByText('Zalo')).toBeVisible();
  });

  it('asks again with a preset, a filter and business hours', async () => {
    const user = userEvent.setup();
    const router = renderFrame();
    await screen.findByLabelText('Ticket tạo mới: 4');
    await user.click(screen.getByRole('switch', { name: 'Tính theo giờ làm việc' }));
    expect(router.state.location.search).toContain('business_hours=true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kênh' }), 'zalo');
    expect(api.fetchReport).toHaveBeenLastCalledWith(
      'ticket',
      { from: '2026-03-01', to: '2026-03-02', source: 'zalo', business_hours: 'true' },
      expect.anything(),
    );
    await user.click(screen.getByRole('tab', { name: 'Hôm nay' }));
    expect(router.state.location.search).toMatch(/from=\d{4}-\d{2}-\d{2}&to=/);
  });

  it('opens the rows behind a tile, a bar and a table cell', async () => {
    const user = userEvent.setup();
    renderFrame();
    await user.click(await screen.findByRole('button', { name: 'Ticket tạo mới: 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket tạo mới' });
    expect(await within(dialog).findByRole('link', { name: '#000001' })).toHaveAttribute(
      'href',
      '/tickets/1',
    );
    expect(within(dialog).getByText(/4 bản ghi/)).toBeVisible();
    expect(api.fetchReportRows).toHaveBeenLastCalledWith(
      'ticket',
      { from: '2026-03-01', to: '2026-03-02', metric: 'tickets_created', page: 1, page_size: 20 },
      expect.anything(),
    );
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'cột 2026-03-02' }));
    expect(api.fetchReportRows).toHaveBeenLastCalledWith(
      'ticket',
      expect.objectContaining({ metric: 'tickets_created', dimension: 'day', value: '2026-03-02' }),
      expect.anything(),
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Ticket tạo mới – Zalo: 2' }));
    expect(api.fetchReportRows).toHaveBeenLastCalledWith(
      'ticket',
      expect.objectContaining({ metric: 'tickets_created', dimension: 'source', value: 'zalo' }),
      expect.anything(),
    );
  });
});
