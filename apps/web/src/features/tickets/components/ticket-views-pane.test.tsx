import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { okBody } from '@omnicare/shared/platform/envelope';
import { ticketViewCountView } from '@omnicare/shared/tickets/tickets.schemas';
import { mockApi, ok } from '@/test/contract-fixtures';
import type { TicketView } from '../ticket-views';
import { TicketViewsPane, viewCountLabel } from './ticket-views-pane';

const VIEWS: TicketView[] = [
  { id: 'open', name: 'Tất cả ticket đang mở', filters: { status: 'new,open,pending' } },
  { id: 'all', name: 'Tất cả ticket', filters: {} },
  {
    id: '0b6f3c1e-8a2d-4c5e-9f10-2a3b4c5d6e7f',
    name: 'Khẩn cấp',
    filters: {},
    saved: true,
  },
];

const CONTRACTS = { 'POST /v2/tickets/view-counts': okBody(z.array(ticketViewCountView)) };

function renderPane(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  const request = mockApi(CONTRACTS, (config) =>
    ok(
      (config.data as { views: { id: string }[] }).views.map((view) => ({
        id: view.id,
        count: view.id === 'all' ? 99 : 7,
        capped: view.id === 'all',
      })),
    ),
  );
  const onOpen = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <TicketViewsPane views={VIEWS} currentId="open" onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { request, onOpen, ...view };
}

afterEach(() => vi.restoreAllMocks());

describe('the ticket views pane', () => {
  it('counts each view for me, a saved one by its id, 99+ past the cap', async () => {
    const { request, onOpen } = renderPane(1920);
    const pane = screen.getByRole('navigation', { name: 'Chế độ xem' });
    expect(await within(pane).findByRole('button', { name: /Tất cả ticket 99\+/ })).toBeVisible();
    expect(within(pane).getByRole('button', { name: /Khẩn cấp 7/ })).toBeVisible();
    expect(request.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      url: '/v2/tickets/view-counts',
      data: {
        views: [
          { id: 'open', filter: { status: 'new,open,pending' } },
          { id: 'all', filter: {} },
          { id: VIEWS[2]!.id, filter: { smart_view_id: VIEWS[2]!.id } },
        ],
      },
    });
    await userEvent.click(within(pane).getByRole('button', { name: /Khẩn cấp/ }));
    expect(onOpen).toHaveBeenCalledWith(VIEWS[2]);
  });

  it('starts collapsed below 1440 px, and remembers what the user chose', async () => {
    const { request, unmount } = renderPane(1366);
    const pane = screen.getByRole('navigation', { name: 'Chế độ xem' });
    expect(within(pane).queryByRole('button', { name: /Tất cả ticket/ })).toBeNull();
    // Nothing is counted while nobody sees the counts.
    expect(request).not.toHaveBeenCalled();
    await userEvent.click(within(pane).getByRole('button', { name: 'Mở chế độ xem' }));
    expect(await within(pane).findByRole('button', { name: /Tất cả ticket 99\+/ })).toBeVisible();
    unmount();
    vi.restoreAllMocks();

    renderPane(1366);
    expect(screen.getByRole('button', { name: 'Thu gọn chế độ xem' })).toBeVisible();
  });

  it('reads 99+ past the cap', () => {
    expect(viewCountLabel({ count: 12, capped: false })).toBe('12');
    expect(viewCountLabel({ count: 99, capped: true })).toBe('99+');
  });
});
