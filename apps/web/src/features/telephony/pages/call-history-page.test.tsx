import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import { callView, type CallView } from '@omnicare/shared/telephony/calls.schemas';
import { queueView } from '@omnicare/shared/telephony/queues.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { fixture, page } from '@/test/contract-fixtures';
import { callRow } from '@/test/view-fixtures';
import { CallHistoryPage } from './call-history-page';

const api = vi.hoisted(() => ({
  listQueues: vi.fn(),
  saveQueue: vi.fn(),
  deleteQueue: vi.fn(),
  listCalls: vi.fn(),
  exportCalls: vi.fn(),
  getCall: vi.fn(),
  createCallTicket: vi.fn(),
  attachCallTicket: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../telephony.api', () => api);
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: 'administrator', token: 't' }),
}));

const call = (overrides: Partial<CallView>): CallView =>
  callRow({
    customer: { _id: 'cu1', name: 'Nguyễn Văn Gọi', number: 12 },
    queue: { _id: 'q1', name: 'Tổng đài CSKH' },
    agent: { _id: 'u1', name: 'Phạm Quốc Dũng', agent_id: '1004' },
    // 02:00 UTC is 09:00 in Bangkok.
    started_at: '2026-01-15T02:00:00.000Z',
    ticket: { _id: 't1', code: '#000042', number: 42 },
    call_info: {
      callId: 'sip-1',
      ticketId: 't1',
      callStatus: 'ENDED',
      callType: 'CALL_INBOUND',
      campaignId: null,
    },
    ...overrides,
  });

/** A page of GET /v2/calls, as `listCalls` resolves it. */
const calls = (rows: CallView[]) =>
  page('GET /v2/calls', callView, { data: rows, total: rows.length });

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <TooltipProvider>
          <RouterProvider
            router={createMemoryRouter(
              [{ path: '/switchboard/call-history', element: <CallHistoryPage /> }],
              { initialEntries: ['/switchboard/call-history'] },
            )}
          />
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
}

describe('call history page', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    api.listQueues.mockResolvedValue(fixture('GET /v2/queues', z.array(queueView), []));
  });

  it('shows direction, number, customer, agent, queue, Bangkok time, durations, result and ticket', async () => {
    api.listCalls.mockResolvedValue(
      calls([
        call({}),
        call({
          _id: 'c2',
          direction: 'CALL_OUTBOUND',
          from_number: '19006789',
          to_number: '0987654321',
          customer: null,
          result: 'missed',
          talk_seconds: 0,
          ticket: null,
        }),
        call({
          _id: 'c3',
          customer: null,
          agent: { _id: 'u3', name: 'Trần Thu Hà', agent_id: '1006' },
          transfers: [
            {
              at: '2026-01-15T02:00:40.000Z',
              from: { _id: 'u1', name: 'Phạm Quốc Dũng' },
              to: null,
              queue: { _id: 'q2', name: 'Kỹ thuật' },
              attended: false,
            },
            {
              at: '2026-01-15T02:01:00.000Z',
              from: { _id: 'u2', name: 'Lê Văn Tâm' },
              to: { _id: 'u3', name: 'Trần Thu Hà' },
              queue: null,
              attended: true,
            },
          ],
        }),
      ]),
    );
    renderPage();
    await screen.findByText('Nguyễn Văn Gọi');
    const table = screen.getByRole('table', { name: 'Lịch sử cuộc gọi' });
    const rows = within(table).getAllByRole('row');
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('Gọi vào')).toBeVisible();
    expect(first.getByText('0912 345 678')).toBeVisible();
    expect(first.getByRole('link', { name: 'Nguyễn Văn Gọi' })).toHaveAttribute(
      'href',
      '/customers/12',
    );
    expect(first.getByText('Phạm Quốc Dũng')).toBeVisible();
    expect(first.getByText('Tổng đài CSKH')).toBeVisible();
    expect(first.getByText('15/01/2026 09:00')).toBeVisible();
    expect(first.getByText('01:15')).toBeVisible();
    expect(first.getByText('Đã trả lời')).toBeVisible();
    expect(first.getByRole('link', { name: '#000042' })).toHaveAttribute('href', '/tickets/42');
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('Gọi ra')).toBeVisible();
    expect(second.getByText('0987 654 321')).toBeVisible();
    expect(second.getByText('Khách hàng mới')).toBeVisible();
    expect(second.getByText('Gọi nhỡ')).toBeVisible();
    // the transfer chain under the agent, in order, attended ones marked
    const chain = within(within(rows[3] as HTMLElement).getByRole('list', { name: 'Đã chuyển' }));
    expect(chain.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Phạm Quốc Dũng → Hàng chờ Kỹ thuật',
      'từ Lê Văn Tâm (có tư vấn)',
    ]);
    expect(chain.getAllByRole('listitem')[1]).toHaveAttribute('title', '15/01/2026 09:01');
  });

  it('filters by result and exports with the same filters', async () => {
    api.listCalls.mockResolvedValue(calls([call({})]));
    api.exportCalls.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Nguyễn Văn Gọi');
    await user.selectOptions(screen.getByLabelText('Kết quả'), 'missed');
    await waitFor(() =>
      expect(api.listCalls).toHaveBeenLastCalledWith(
        { result: 'missed', page: 1, page_size: 10 },
        expect.anything(),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    expect(api.exportCalls).toHaveBeenCalledWith({ result: 'missed' });
  });

  it('a row opens the call, by a click or Enter; a link in it opens only its own page', async () => {
    const user = userEvent.setup();
    const calls = [call({}), call({ _id: 'c2', call_id: 'sip-2', from_number: '0987654321' })];
    api.listCalls.mockResolvedValue({ data: calls, total: 2 });
    api.getCall.mockImplementation((id: string) =>
      Promise.resolve({ ...calls.find((shown) => shown._id === id), events: [] }),
    );
    renderPage();
    await screen.findByText('0987 654 321');
    const table = screen.getByRole('table', { name: 'Lịch sử cuộc gọi' });
    const rows = within(table).getAllByRole('row');
    await user.click(within(rows[1] as HTMLElement).getByText('Phạm Quốc Dũng'));
    const dialog = await screen.findByRole('dialog', { name: 'Chi tiết cuộc gọi' });
    expect(within(dialog).getByText('Tổng đài CSKH')).toBeVisible();
    expect(api.getCall).toHaveBeenLastCalledWith('c1', expect.anything());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The keyboard reaches the rows; Enter opens the focused one.
    (rows[2] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Chi tiết cuộc gọi' })).toHaveTextContent(
      '0987 654 321',
    );
    expect(api.getCall).toHaveBeenLastCalledWith('c2', expect.anything());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The ticket's link in a row opens the ticket, not the call.
    api.getCall.mockClear();
    await user.click(within(rows[1] as HTMLElement).getByRole('link', { name: '#000042' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.getCall).not.toHaveBeenCalled();
  });
});
