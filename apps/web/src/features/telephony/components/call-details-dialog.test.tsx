import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CallDetail, CallView } from '@omnicare/shared/telephony/calls.schemas';
import type { TicketListItem } from '@omnicare/shared/tickets/tickets.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { callRow } from '@/test/view-fixtures';
import { ApiError } from '@/lib/errors';
import type * as TicketsApi from '@/features/tickets/tickets.api';
import { CallDetailsDialog } from './call-details-dialog';

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
vi.mock('../telephony.api', () => api);
const tickets = vi.hoisted(() => ({ fetchTickets: vi.fn() }));
vi.mock('@/features/tickets/tickets.api', async (importOriginal) => ({
  ...(await importOriginal<typeof TicketsApi>()),
  ...tickets,
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const agent = { _id: 'u1', name: 'Phạm Quốc Dũng' };
const ticket = { _id: 't1', code: '#000042', number: 42 };
const row = (overrides: Partial<CallView> = {}): CallView =>
  callRow({
    customer: { _id: 'cu1', name: 'Nguyễn Văn Gọi', number: 12 },
    queue: { _id: 'q1', name: 'Tổng đài CSKH' },
    agent: { ...agent, agent_id: '1004' },
    ...overrides,
  });
const event = (
  type: string,
  second: number,
  extra: Partial<CallDetail['events'][number]> = {},
) => ({
  type,
  at: new Date(Date.parse('2026-01-15T02:00:00.000Z') + second * 1000).toISOString(),
  leg: 1,
  agent: null,
  queue: null,
  cause: null,
  sip_code: null,
  attended: false,
  ...extra,
});
const detail = (overrides: Partial<CallView> = {}): CallDetail => ({
  ...row(overrides),
  ticket_subject: null,
  events: [
    event('call.started', 0),
    event('call.ringing', 2, { agent }),
    event('call.answered', 5, { agent }),
    event('call.ended', 80, { cause: 'agent_hangup' }),
  ],
});
const withTicket = (call: CallDetail): CallDetail => ({
  ...call,
  ticket,
  ticket_subject: 'Cuộc gọi từ 0912 345 678',
  call_info: { ...call.call_info, ticketId: ticket._id },
});

function renderDialog(call: CallView, onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <MemoryRouter>
          <CallDetailsDialog call={call} onOpenChange={onOpenChange} />
        </MemoryRouter>
      </TestShell>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Chi tiết cuộc gọi' });
}

describe('a call in detail', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
    tickets.fetchTickets.mockReset();
  });

  it('shows the call, what happened in order, and its ticket', async () => {
    api.getCall.mockResolvedValue(withTicket(detail()));
    const dialog = within(renderDialog(row({ ticket })));
    const field = (label: string) => dialog.getByText(label).nextElementSibling as HTMLElement;
    expect(field('Loại cuộc gọi')).toHaveTextContent('Gọi vào');
    expect(field('Số điện thoại')).toHaveTextContent('0912 345 678');
    expect(dialog.getByRole('link', { name: 'Nguyễn Văn Gọi' })).toHaveAttribute(
      'href',
      '/customers/12',
    );
    expect(field('Hotline')).toHaveTextContent('1900 6789');
    expect(field('Hàng chờ')).toHaveTextContent('Tổng đài CSKH');
    expect(field('Chuyên viên')).toHaveTextContent('Phạm Quốc Dũng');
    expect(field('Bắt đầu')).toHaveTextContent('15/01/2026 09:00');
    expect(field('Thời gian chờ')).toHaveTextContent('00:05');
    expect(field('Thời gian đàm thoại')).toHaveTextContent('01:15');
    expect(field('Kết quả')).toHaveTextContent('Đã trả lời');
    expect(field('Kết quả')).toHaveTextContent('Chuyên viên gác máy');
    const link = dialog.getByRole('link', { name: 'Mở ticket #000042' });
    expect(link).toHaveAttribute('href', '/tickets/42');
    // The subject comes with the details (only for those who may see the ticket).
    await waitFor(() => expect(link).toHaveTextContent('#000042Cuộc gọi từ 0912 345 678'));
    expect(dialog.queryByRole('button', { name: 'Tạo ticket' })).toBeNull();
    const timeline = await dialog.findByRole('list', { name: 'Diễn biến cuộc gọi' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '00:00Bắt đầu cuộc gọi',
      '00:02Đổ chuông · Phạm Quốc Dũng',
      '00:05Trả lời · Phạm Quốc Dũng',
      '01:20Kết thúc · Chuyên viên gác máy',
    ]);
    expect(api.getCall).toHaveBeenCalledWith('c1', expect.anything());
  });

  it("'Tạo ticket' makes the call's ticket and shows it", async () => {
    const user = userEvent.setup();
    api.getCall.mockResolvedValue(detail());
    api.createCallTicket.mockResolvedValue({
      data: withTicket(detail()),
      message: 'Đã tạo ticket #000042 cho cuộc gọi',
    });
    const dialog = within(renderDialog(row()));
    expect(dialog.getByText('Chưa gắn ticket')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Tạo ticket' }));
    expect(api.createCallTicket).toHaveBeenCalledWith('c1');
    expect(await dialog.findByRole('link', { name: 'Mở ticket #000042' })).toHaveAttribute(
      'href',
      '/tickets/42',
    );
    expect(toasts.success).toHaveBeenCalledWith('Đã tạo ticket #000042 cho cuộc gọi');
    expect(dialog.queryByRole('button', { name: 'Tạo ticket' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Gắn vào ticket' })).toBeNull();
  });

  it("'Gắn vào ticket' searches the tickets the caller sees and attaches the call to the one picked", async () => {
    const user = userEvent.setup();
    api.getCall.mockResolvedValue(detail());
    tickets.fetchTickets.mockResolvedValue({
      data: [
        {
          _id: 't1',
          code: '#000042',
          number: 42,
          subject: 'Hỏi về hóa đơn',
          status: 'open',
          requester: null,
        } as unknown as TicketListItem,
      ],
      total: 1,
      total_capped: false,
    });
    api.attachCallTicket.mockResolvedValue({
      data: { ...withTicket(detail()), ticket_subject: 'Hỏi về hóa đơn' },
      message: 'Đã gắn cuộc gọi vào ticket #000042',
    });
    const dialog = within(renderDialog(row()));
    await user.click(dialog.getByRole('button', { name: 'Gắn vào ticket' }));
    expect(dialog.getByRole('button', { name: 'Gắn' })).toBeDisabled();
    await user.click(dialog.getByLabelText('Chọn ticket'));
    await user.type(screen.getByRole('combobox', { name: /^Tìm/ }), 'hóa đơn');
    // Searched on the server by what is typed; closed tickets are not offered.
    await waitFor(() =>
      expect(tickets.fetchTickets).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'hóa đơn', status: 'new,open,pending,solved' }),
        expect.anything(),
      ),
    );
    await user.click(await screen.findByRole('option', { name: /#000042 · Hỏi về hóa đơn/ }));
    await user.click(dialog.getByRole('button', { name: 'Gắn' }));
    expect(api.attachCallTicket).toHaveBeenCalledWith('c1', { ticket_id: 't1' });
    expect(await dialog.findByRole('link', { name: 'Mở ticket #000042' })).toHaveTextContent(
      'Hỏi về hóa đơn',
    );
    expect(toasts.success).toHaveBeenCalledWith('Đã gắn cuộc gọi vào ticket #000042');
  });

  it('shows a refusal about the ticket under the picker, another as a toast', async () => {
    const user = userEvent.setup();
    api.getCall.mockResolvedValue(detail());
    tickets.fetchTickets.mockResolvedValue({
      data: [
        {
          _id: 't9',
          code: '#000009',
          number: 9,
          subject: 'Đã xong',
          status: 'solved',
          requester: null,
        } as unknown as TicketListItem,
      ],
      total: 1,
      total_capped: false,
    });
    const closed = 'Ticket đã đóng, chỉ quản trị viên được thay đổi';
    api.attachCallTicket.mockRejectedValueOnce(
      new ApiError({
        message: closed,
        kind: 'http',
        status: 422,
        fieldErrors: [{ param: 'ticket_id', message: closed }],
      }),
    );
    const dialog = within(renderDialog(row()));
    await user.click(dialog.getByRole('button', { name: 'Gắn vào ticket' }));
    await user.click(dialog.getByLabelText('Chọn ticket'));
    await user.click(await screen.findByRole('option', { name: /#000009/ }));
    await user.click(dialog.getByRole('button', { name: 'Gắn' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(closed);
    expect(toasts.error).not.toHaveBeenCalled();

    api.createCallTicket.mockRejectedValueOnce(
      new ApiError({ message: 'Cuộc gọi đã có ticket', kind: 'http', status: 409 }),
    );
    await user.click(dialog.getByRole('button', { name: 'Hủy' }));
    await user.click(dialog.getByRole('button', { name: 'Tạo ticket' }));
    expect(toasts.error).toHaveBeenCalledWith('Cuộc gọi đã có ticket');
  });
});
