import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { ticketLinkView, ticketMergeView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { ticketListAnswer, type TicketListItem } from '@omnicare/shared/tickets/tickets.schemas';
import { ApiError } from '@/lib/errors';
import { fixture, page } from '@/test/contract-fixtures';
import { ticketRow } from '@/test/view-fixtures';
import type * as TicketsApi from '../tickets.api';
import { TicketLinks } from './ticket-links';
import { TicketMergeDialog } from './ticket-merge-dialog';

const api = vi.hoisted(() => ({
  fetchTickets: vi.fn(),
  mergeTicket: vi.fn(),
  fetchTicketLinks: vi.fn(),
  addTicketLink: vi.fn(),
  removeTicketLink: vi.fn(),
}));
vi.mock('../tickets.api', async (importOriginal) => ({
  ...(await importOriginal<typeof TicketsApi>()),
  ...api,
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const listed = (number: number, subject: string) =>
  ticketRow({ number, subject, requester: { _id: 'c1', name: 'Nguyễn Văn An' } });

/** A page of GET /v2/tickets, as `fetchTickets` resolves it. */
const tickets = (data: TicketListItem[]) =>
  page('GET /v2/tickets', ticketListAnswer, { data, total: data.length, total_capped: false });

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

async function pickTicket(
  user: ReturnType<typeof userEvent.setup>,
  trigger: HTMLElement,
  text: string,
  name: RegExp,
) {
  await user.click(trigger);
  await user.type(screen.getByRole('combobox', { name: /^Tìm/ }), text);
  await user.click(await screen.findByRole('option', { name }));
}

describe('merging from the ticket page', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
    api.fetchTickets.mockResolvedValue(
      tickets([listed(1, 'Nguồn'), listed(7, 'Mất mạng khu vực')]),
    );
  });

  it('searches open tickets other than this one, says what moves, then merges', async () => {
    const user = userEvent.setup();
    const onMerged = vi.fn();
    const onOpenChange = vi.fn();
    api.mergeTicket.mockResolvedValue({
      data: fixture('POST /v2/tickets/:id/merge', ticketMergeView, {
        source: { _id: 'id-1', code: '#000001', subject: 'Nguồn', status: 'closed' },
        target: { _id: 'id-7', code: '#000007', subject: 'Mất mạng khu vực', status: 'open' },
        moved_comments: 3,
        moved_attachments: 0,
        moved_links: 0,
      }),
      message: 'Gộp ticket thành công',
    });
    wrap(
      <TicketMergeDialog
        ticket={{ _id: 'id-1', code: '#000001' }}
        open
        onOpenChange={onOpenChange}
        onMerged={onMerged}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Gộp ticket #000001 vào ticket khác' });
    expect(within(dialog).getByRole('button', { name: 'Gộp ticket' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Ticket đích'));
    // The ticket itself is not offered; only tickets still open to merges are asked for.
    expect(await screen.findByRole('option', { name: /#000007/ })).toBeVisible();
    expect(screen.queryByRole('option', { name: /#000001/ })).toBeNull();
    expect(api.fetchTickets.mock.calls[0]?.[0]).toMatchObject({
      status: 'new,open,pending,solved',
    });
    await user.click(screen.getByRole('option', { name: /#000007/ }));
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent(
      'Toàn bộ bình luận, tệp đính kèm và liên kết của #000001 chuyển sang #000007.',
    );
    expect(within(dialog).getByTestId('merge-summary')).toHaveTextContent(
      'Ticket #000001 được đóng',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Gộp ticket' }));
    expect(api.mergeTicket).toHaveBeenCalledWith('id-1', 'id-7');
    expect(toasts.success).toHaveBeenCalledWith('Gộp ticket thành công');
    expect(onMerged).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's refusal under the picker and stays open", async () => {
    const user = userEvent.setup();
    api.mergeTicket.mockRejectedValue(
      new ApiError({
        message: 'Ticket đích đã đóng, không thể gộp vào',
        kind: 'http',
        status: 422,
        fieldErrors: [{ param: 'target_id', message: 'Ticket đích đã đóng, không thể gộp vào' }],
      }),
    );
    const onOpenChange = vi.fn();
    wrap(
      <TicketMergeDialog
        ticket={{ _id: 'id-1', code: '#000001' }}
        open
        onOpenChange={onOpenChange}
        onMerged={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    await pickTicket(user, within(dialog).getByLabelText('Ticket đích'), 'mat', /#000007/);
    await user.click(within(dialog).getByRole('button', { name: 'Gộp ticket' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ticket đích đã đóng, không thể gộp vào',
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('related tickets', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    api.fetchTicketLinks.mockResolvedValue(
      page('GET /v2/tickets/:id/links', ticketLinkView, {
        data: [
          {
            kind: 'split',
            ticket: { _id: 'id-2', code: '#000002', subject: 'Tách ra', status: 'new' },
            created_at: '2026-11-24T01:00:00.000Z',
          },
          {
            kind: 'related',
            ticket: { _id: 'id-3', code: '#000003', subject: 'Liên quan', status: 'open' },
            created_at: '2026-11-24T02:00:00.000Z',
          },
        ],
        total: 2,
      }),
    );
    api.fetchTickets.mockResolvedValue(tickets([listed(3, 'Liên quan'), listed(9, 'Hóa đơn')]));
  });

  it('lists links to their tickets; only related ones are removed; adds by search', async () => {
    const user = userEvent.setup();
    api.removeTicketLink.mockResolvedValue({ data: null, message: 'Đã gỡ liên kết ticket' });
    api.addTicketLink.mockResolvedValue({
      data: fixture('POST /v2/tickets/:id/links', ticketLinkView, {
        kind: 'related',
        ticket: { _id: 'id-9', code: '#000009', subject: 'Hóa đơn', status: 'open' },
        created_at: '2026-11-24T03:00:00.000Z',
      }),
      message: 'Đã liên kết ticket',
    });
    wrap(<TicketLinks ticketId="id-1" />);
    const section = screen.getByRole('region', { name: 'Ticket liên quan' });
    expect(await within(section).findByRole('link', { name: /#000002 Tách ra/ })).toHaveAttribute(
      'href',
      '/tickets/2',
    );
    expect(within(section).getByText('Tách ra', { selector: 'span' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Gỡ liên kết #000002' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Gỡ liên kết #000003' }));
    expect(api.removeTicketLink).toHaveBeenCalledWith('id-1', 'id-3');

    await user.click(within(section).getByRole('button', { name: 'Thêm ticket liên quan' }));
    await user.click(within(section).getByRole('combobox', { name: 'Thêm ticket liên quan' }));
    await user.type(screen.getByRole('combobox', { name: /^Tìm/ }), 'hoa');
    // Already linked tickets are not offered again.
    expect(await screen.findByRole('option', { name: /#000009/ })).toBeVisible();
    expect(screen.queryByRole('option', { name: /#000003/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: /#000009/ }));
    expect(api.addTicketLink).toHaveBeenCalledWith('id-1', 'id-9');
  });
});
