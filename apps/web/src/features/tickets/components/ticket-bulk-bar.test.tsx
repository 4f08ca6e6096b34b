import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { groupView } from '@omnicare/shared/groups/groups.schemas';
import { jobView } from '@omnicare/shared/jobs/jobs.schemas';
import { ticketAssigneeView } from '@omnicare/shared/tickets/ticket-assignees.schemas';
import {
  ticketBulkAnswer,
  ticketListAnswer,
  type TicketBulkItem,
} from '@omnicare/shared/tickets/tickets.schemas';
import type { StaffRole } from '@omnicare/shared/users/roles';
import { useSessionStore } from '@/stores/session-store';
import { fixture, page } from '@/test/contract-fixtures';
import { signInAs } from '@/test/signed-in';
import { groupRecord, ticketRow } from '@/test/view-fixtures';
import type * as TicketsApi from '../tickets.api';
import { TicketBulkBar, type WholeResult } from './ticket-bulk-bar';

const api = vi.hoisted(() => ({
  bulkTickets: vi.fn(),
  fetchTickets: vi.fn(),
  listAssignees: vi.fn(),
}));
const departments = vi.hoisted(() => ({ listDepartments: vi.fn() }));
vi.mock('@/features/users/departments.api', () => departments);
vi.mock('../tickets.api', async (importOriginal) => ({
  ...(await importOriginal<typeof TicketsApi>()),
  ...api,
}));
vi.mock('../tickets.queries', () => ({ useTicketSettingsList: () => ({ data: [] }) }));
const jobs = vi.hoisted(() => ({ fetchJob: vi.fn() }));
vi.mock('@/features/customers/customers.api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...jobs,
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const row = (number: number, subject: string) =>
  ticketRow({
    number,
    subject,
    created_at: '2026-11-24T01:00:00.000Z',
    updated_at: '2026-11-24T01:00:00.000Z',
  });

/** POST /v2/tickets/bulk done at once (200), as `bulkTickets` resolves it. */
const bulkDone = (succeeded: number, failed: number, results: TicketBulkItem[] = []) => ({
  data: fixture('POST /v2/tickets/bulk', ticketBulkAnswer, { succeeded, failed, results }),
  message: '',
});

const ROWS = [row(1, 'Mất mạng'), row(2, 'Mất mạng lần hai'), row(3, 'Mất mạng khu vực')];

function renderBar(whole?: Partial<WholeResult>) {
  const onDone = vi.fn();
  const onChoose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <TicketBulkBar
        selected={ROWS}
        whole={{
          offered: true,
          chosen: false,
          onChoose,
          total: 45,
          capped: false,
          filter: { status: 'open', search: 'mat mang', sort: 'updated_at:desc' },
          ...whole,
        }}
        onClear={() => undefined}
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  return { onDone, onChoose, view };
}

describe('the ticket bulk bar', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    jobs.fetchJob.mockReset();
    Object.values(toasts).forEach((fn) => fn.mockReset());
    api.fetchTickets.mockResolvedValue(
      page('GET /v2/tickets', ticketListAnswer, { data: [], total: 0, total_capped: false }),
    );
  });

  it('offers every result of the filter once the page is picked', async () => {
    const user = userEvent.setup();
    const { onChoose } = renderBar();
    expect(screen.getByText('Đã chọn 3 ticket')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Chọn tất cả 45 kết quả' }));
    expect(onChoose).toHaveBeenCalled();
  });

  it('says when the result is past the 1000 a bulk action takes', () => {
    renderBar({ total: 1500 });
    expect(screen.queryByRole('button', { name: /Chọn tất cả/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Thao tác theo bộ lọc tối đa 1.000 ticket mỗi lần/)).toBeVisible();
    renderBar({ total: 10_000, capped: true });
    expect(screen.getAllByText(/tối đa 1.000 ticket/)).toHaveLength(2);
  });

  it('with the whole result chosen, an action sends the filter, not ids', async () => {
    const user = userEvent.setup();
    api.bulkTickets.mockResolvedValue(bulkDone(45, 0));
    renderBar({ chosen: true });
    expect(screen.getByText('Đã chọn tất cả 45 ticket theo bộ lọc')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Đổi trạng thái'), 'pending');
    expect(api.bulkTickets).toHaveBeenCalledWith({
      action: 'status',
      status: 'pending',
      filter: { status: 'open', search: 'mat mang', sort: 'updated_at:desc' },
    });
    expect(toasts.success).toHaveBeenCalledWith('Đã cập nhật 45 ticket');
  });

  it('assigns to a person of a department picked first, with the department', async () => {
    const user = userEvent.setup();
    departments.listDepartments.mockResolvedValue(
      page('GET /v2/all-group', groupView, {
        data: [groupRecord({ _id: 'g-kt', name: 'Kỹ thuật' })],
        total: 1,
      }),
    );
    api.listAssignees.mockImplementation(async (query: { group_id?: string }) =>
      page('GET /v2/tickets/assignees', ticketAssigneeView, {
        data: query.group_id
          ? [
              {
                _id: 'u3',
                name: 'Võ Quốc Bảo',
                email: 'bao@demo.vn',
                role: 'agent',
                presence: 'AVAILABLE',
                open_tickets: 4,
              },
            ]
          : [],
        total: query.group_id ? 1 : 0,
      }),
    );
    api.bulkTickets.mockResolvedValue(bulkDone(3, 0));
    renderBar();
    await user.click(screen.getByRole('combobox', { name: /Giao cho/ }));
    const filter = await screen.findByRole('combobox', { name: 'Lọc người xử lý theo bộ phận' });
    await screen.findByRole('option', { name: 'Kỹ thuật' });
    await user.selectOptions(filter, 'Kỹ thuật');
    const bao = await screen.findByRole('option', { name: /Võ Quốc Bảo/ });
    expect(bao).toHaveTextContent('4 đang mở');
    await user.click(bao);
    expect(api.bulkTickets).toHaveBeenCalledWith({
      action: 'assign',
      assignee_id: 'u3',
      group_id: 'g-kt',
      ids: ['id-1', 'id-2', 'id-3'],
    });
  });

  it('names each ticket that failed, with its reason, when some of the picked ones fail', async () => {
    const user = userEvent.setup();
    api.bulkTickets.mockResolvedValue(
      bulkDone(2, 1, [
        { _id: 'id-1', ok: true },
        { _id: 'id-2', ok: false, message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi' },
        { _id: 'id-3', ok: true },
      ]),
    );
    renderBar();
    await user.selectOptions(screen.getByLabelText('Đổi trạng thái'), 'pending');
    const dialog = await screen.findByRole('dialog', { name: 'Kết quả thao tác hàng loạt' });
    expect(within(dialog).getByText('2 thành công, 1 thất bại')).toBeVisible();
    const failed = within(dialog).getByText('#000002 Mất mạng lần hai').closest('li');
    expect(failed).toHaveTextContent('Ticket đã đóng, chỉ quản trị viên được thay đổi');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('follows a bulk the server runs as a job, then names the tickets that failed', async () => {
    const user = userEvent.setup();
    const job = fixture('GET /v2/jobs/:id', jobView, {
      _id: 'job-1',
      kind: 'tickets.bulk',
      status: 'running',
      processed: 1,
      total: 3,
      percent: 33,
      result: {},
      error: null,
      created_at: '2026-11-24T01:00:00.000Z',
      finished_at: null,
      download_url: null,
      items: [{ _id: 'id-1', ok: true }],
    });
    api.bulkTickets.mockResolvedValue({
      data: fixture('POST /v2/tickets/bulk', jobView, { ...job, status: 'waiting' }),
      message: '',
    });
    let reads = 0;
    jobs.fetchJob.mockImplementation(async () => {
      reads += 1;
      if (reads === 1) return job;
      return fixture('GET /v2/jobs/:id', jobView, {
        ...job,
        status: 'completed',
        processed: 3,
        percent: 100,
        items: [
          { _id: 'id-1', ok: true },
          { _id: 'id-2', ok: false, message: 'Ticket đã đóng, chỉ quản trị viên được thay đổi' },
          { _id: 'id-3', ok: true },
        ],
      });
    });
    const { onDone } = renderBar();
    await user.selectOptions(screen.getByLabelText('Đổi trạng thái'), 'pending');
    expect(await screen.findByRole('status')).toHaveTextContent('Đang xử lý 1/3 ticket…');
    expect(screen.getByLabelText('Đổi trạng thái')).toBeDisabled();
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Kết quả thao tác hàng loạt' },
      { timeout: 5_000 },
    );
    expect(within(dialog).getByText('2 thành công, 1 thất bại')).toBeVisible();
    expect(jobs.fetchJob).toHaveBeenCalledWith('job-1', expect.anything());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The list is read again when the job starts and when it ends.
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it('merges the others into a target picked among the selection', async () => {
    const user = userEvent.setup();
    api.bulkTickets.mockResolvedValue(
      bulkDone(2, 0, [
        { _id: 'id-1', ok: true },
        { _id: 'id-2', ok: true },
      ]),
    );
    const { onDone } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Gộp' }));
    const dialog = screen.getByRole('dialog', { name: 'Gộp 3 ticket' });
    expect(within(dialog).getByRole('button', { name: 'Gộp ticket' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /#000003 Mất mạng khu vực/ }));
    expect(within(dialog).getByTestId('bulk-merge-summary')).toHaveTextContent(
      '2 ticket sẽ được đóng và gộp vào #000003',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Gộp ticket' }));
    expect(api.bulkTickets).toHaveBeenCalledWith({
      action: 'merge',
      target_id: 'id-3',
      ids: ['id-1', 'id-2'],
    });
    expect(toasts.success).toHaveBeenCalledWith('Đã gộp 2 ticket vào #000003');
    expect(onDone).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the target is refused", async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('@/lib/errors');
    api.bulkTickets.mockRejectedValue(
      new ApiError({
        message: 'Ticket đích đã đóng, không thể gộp vào',
        kind: 'http',
        status: 422,
        fieldErrors: [{ param: 'target_id', message: 'Ticket đích đã đóng, không thể gộp vào' }],
      }),
    );
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Gộp' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /#000001/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Gộp ticket' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ticket đích đã đóng, không thể gộp vào',
    );
  });
});

describe('deleting from the ticket bulk bar', () => {
  beforeEach(() => Object.values(api).forEach((fn) => fn.mockReset()));
  afterEach(() => useSessionStore.getState().clear());

  it.each<StaffRole>(['agent', 'team_leader'])('is not offered (%s)', (role) => {
    signInAs(role);
    renderBar();
    expect(screen.getByRole('toolbar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Xóa' })).toBeNull();
  });

  it.each<StaffRole>(['supervisor', 'administrator'])(
    'is offered and deletes the picked tickets (%s)',
    async (role) => {
      signInAs(role);
      const user = userEvent.setup();
      api.bulkTickets.mockResolvedValue(bulkDone(3, 0));
      const { onDone } = renderBar();
      await user.click(screen.getByRole('button', { name: 'Xóa' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
      expect(api.bulkTickets).toHaveBeenCalledWith({
        action: 'delete',
        ids: ['id-1', 'id-2', 'id-3'],
      });
      await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    },
  );
});
