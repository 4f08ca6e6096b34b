import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { callView } from '@omnicare/shared/telephony/calls.schemas';
import { ticketListAnswer } from '@omnicare/shared/tickets/tickets.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { ApiError } from '@/lib/errors';
import { page } from '@/test/contract-fixtures';
import { callRow, customerDetail, ticketRow } from '@/test/view-fixtures';
import { CustomerPanel } from './customer-panel';

const customers = vi.hoisted(() => ({
  fetchCustomer: vi.fn(),
  updateCustomerFields: vi.fn(),
}));
vi.mock('../customers.api', () => customers);
const tickets = vi.hoisted(() => ({ fetchTickets: vi.fn() }));
vi.mock('@/features/tickets/tickets.api', () => tickets);
const telephony = vi.hoisted(() => ({ listCalls: vi.fn() }));
vi.mock('@/features/telephony/telephony.api', () => telephony);

const CUSTOMER = customerDetail({
  _id: 'c1',
  number: 42,
  name: 'Lê Thị Hoa',
  phone: '0912345678',
  email: 'hoa@example.vn',
  tier: 2,
  owner: { _id: 'u1', name: 'Phạm Quốc Dũng' },
  updated_at: '2026-01-02T00:00:00.000Z',
  phones: [{ phone: '0912345678', is_primary: true }],
  emails: [{ email: 'hoa@example.vn', is_primary: true }],
  groups: [{ _id: 'g1', name: 'Khách hàng thân thiết' }],
  tags: [{ _id: 't1', name: 'Cần gọi lại' }],
});

const ticket = (id: string, number: number, subject: string, status: 'open' | 'solved') =>
  ticketRow({ _id: id, number, subject, status, updated_at: '2026-01-15T02:00:00.000Z' });

function renderPanel(customerId: string | null = 'c1') {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <TestShell>
          <CustomerPanel
            customerId={customerId}
            currentTicketId="tk1"
            emptyText="Ticket chưa có khách hàng."
          />
        </TestShell>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  customers.fetchCustomer.mockReset().mockResolvedValue(CUSTOMER);
  customers.updateCustomerFields.mockReset();
  tickets.fetchTickets.mockReset().mockResolvedValue(
    page('GET /v2/tickets', ticketListAnswer, {
      data: [
        ticket('tk1', 12, 'Đổi chủ hợp đồng', 'open'),
        ticket('tk2', 9, 'Mất tín hiệu truyền hình', 'solved'),
      ],
      total: 2,
      total_capped: false,
    }),
  );
  telephony.listCalls.mockReset().mockResolvedValue(
    page('GET /v2/calls', callView, {
      data: [
        callRow({
          _id: 'call1',
          direction: 'CALL_OUTBOUND',
          started_at: '2026-01-15T03:30:00.000Z',
          talk_seconds: 125,
          result: 'answered',
          cause: 'agent_hangup',
          ticket: { _id: 'tk2', code: '#000009', number: 9 },
        }),
        callRow({
          _id: 'call2',
          direction: 'CALL_INBOUND',
          started_at: '2026-01-14T01:00:00.000Z',
          answered_at: null,
          talk_seconds: 0,
          result: 'missed',
          cause: 'no_answer',
          ticket: null,
        }),
      ],
      total: 2,
    }),
  );
});

describe('CustomerPanel', () => {
  it("shows the requester's card, their tickets and their calls", async () => {
    renderPanel();
    const card = await screen.findByTestId('customer-card');
    expect(within(card).getByTestId('customer-card-name')).toHaveTextContent('Lê Thị Hoa');
    expect(within(card).getByText('0912 345 678')).toBeVisible();
    expect(within(card).getByText('hoa@example.vn')).toBeVisible();
    expect(within(card).getByText('Khách hàng thân thiết')).toBeVisible();
    expect(within(card).getByText('Cần gọi lại')).toBeVisible();
    expect(within(card).getByText('Phạm Quốc Dũng')).toBeVisible();
    expect(
      within(card).getByRole('link', { name: 'Xem hồ sơ đầy đủ của Lê Thị Hoa' }),
    ).toHaveAttribute('href', '/customers/42');

    const ticketList = await screen.findByTestId('customer-tickets');
    const other = await within(ticketList).findByRole('link', { name: /Mất tín hiệu truyền hình/ });
    expect(other).toHaveAttribute('href', '/tickets/9');
    // The ticket on screen is marked.
    expect(within(ticketList).getByText('Đang xem')).toBeVisible();
    expect(tickets.fetchTickets).toHaveBeenCalledWith(
      expect.objectContaining({ requester_id: 'c1', page_size: 5 }),
      expect.anything(),
    );

    const calls = await screen.findByTestId('customer-calls');
    expect(await within(calls).findByText('Gọi ra')).toBeVisible();
    expect(within(calls).getByText('Gọi vào')).toBeVisible();
    expect(within(calls).getByText('15/01/2026 10:30')).toBeVisible();
    expect(within(calls).getByText('02:05')).toBeVisible();
    expect(within(calls).getByText('Đã trả lời')).toBeVisible();
    expect(within(calls).getByText('Gọi nhỡ')).toBeVisible();
    expect(within(calls).getByRole('link', { name: 'Mở ticket #000009' })).toHaveAttribute(
      'href',
      '/tickets/9',
    );
    expect(within(calls).getByText('Chưa gắn ticket')).toBeVisible();
    expect(telephony.listCalls).toHaveBeenCalledWith(
      { customer_id: 'c1', page: 1, page_size: 5 },
      expect.anything(),
    );
  });

  it('says so briefly when the record has no customer', () => {
    renderPanel(null);
    expect(screen.getByTestId('customer-panel')).toHaveTextContent('Ticket chưa có khách hàng.');
    expect(customers.fetchCustomer).not.toHaveBeenCalled();
  });

  it('says a customer outside the scope is not found', async () => {
    customers.fetchCustomer.mockRejectedValue(
      new ApiError({ message: 'Không tìm thấy khách hàng', kind: 'http', status: 404 }),
    );
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Không tìm thấy khách hàng hoặc bạn không có quyền xem.',
    );
  });

  it('saves one field in place and marks it saved', async () => {
    const user = userEvent.setup();
    customers.updateCustomerFields.mockResolvedValue(
      customerDetail({ ...CUSTOMER, name: 'Lê Thị Hoa Mai' }),
    );
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Sửa tên khách hàng' }));
    const input = screen.getByRole('textbox', { name: 'Tên khách hàng' });
    await user.clear(input);
    await user.type(input, '  Lê Thị Hoa Mai {Enter}');
    expect(customers.updateCustomerFields).toHaveBeenCalledWith('c1', { name: 'Lê Thị Hoa Mai' });
    expect(await screen.findByRole('status')).toHaveTextContent('Đã lưu');
    expect(screen.getByTestId('customer-card-name')).toHaveTextContent('Lê Thị Hoa Mai');
    expect(screen.queryByRole('textbox', { name: 'Tên khách hàng' })).not.toBeInTheDocument();
  });

  it('checks with the customer rules before sending: an empty name is not sent', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Sửa tên khách hàng' }));
    await user.clear(screen.getByRole('textbox', { name: 'Tên khách hàng' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Không lưu được: /);
    expect(customers.updateCustomerFields).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the field and keeps the draft", async () => {
    const user = userEvent.setup();
    customers.updateCustomerFields.mockRejectedValue(
      new ApiError({
        message: 'Dữ liệu không hợp lệ',
        kind: 'http',
        status: 422,
        fieldErrors: [
          { param: 'phones.1.phone', message: 'Số điện thoại đã thuộc về khách hàng Trần Văn A' },
        ],
      }),
    );
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Sửa số điện thoại' }));
    await user.click(screen.getByRole('button', { name: 'Thêm số điện thoại' }));
    await user.type(screen.getByRole('textbox', { name: 'Số điện thoại 2' }), '0987654321');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(customers.updateCustomerFields).toHaveBeenCalledWith('c1', {
      phones: [
        { phone: '0912 345 678', is_primary: true },
        // Written as every phone is once the box is left.
        { phone: '0987 654 321', is_primary: false },
      ],
    });
    // The field says it failed, and why on the row it belongs to; the typed number stays.
    expect(await screen.findByText('Không lưu được.')).toBeVisible();
    const second = screen.getByRole('textbox', { name: 'Số điện thoại 2' });
    expect(second).toHaveValue('0987 654 321');
    expect(second).toHaveAccessibleDescription('Số điện thoại đã thuộc về khách hàng Trần Văn A');
    expect(screen.queryByText('Đã lưu')).not.toBeInTheDocument();
  });
});
