import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { callView } from '@omnicare/shared/telephony/calls.schemas';
import { createQueryClient } from '@/test/query-client';
import { page } from '@/test/contract-fixtures';
import { callRow } from '@/test/view-fixtures';
import { TicketCalls } from './ticket-calls';

const api = vi.hoisted(() => ({
  listQueues: vi.fn(),
  saveQueue: vi.fn(),
  deleteQueue: vi.fn(),
  listCalls: vi.fn(),
  exportCalls: vi.fn(),
}));
vi.mock('../telephony.api', () => api);

const renderCalls = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TicketCalls ticketId="t1" />
    </QueryClientProvider>,
  );

describe('TicketCalls', () => {
  beforeEach(() => api.listCalls.mockReset());

  it("lists the ticket's calls", async () => {
    api.listCalls.mockResolvedValue(
      page('GET /v2/calls', callView, {
        data: [
          callRow({
            _id: 'c1',
            direction: 'CALL_INBOUND',
            from_number: '0912345678',
            to_number: '19006789',
            started_at: '2026-01-15T02:00:00.000Z',
            result: 'answered',
            talk_seconds: 75,
            agent: { _id: 'u1', name: 'Phạm Quốc Dũng', agent_id: '1004' },
          }),
        ],
        total: 1,
      }),
    );
    renderCalls();
    expect(await screen.findByRole('heading', { name: 'Cuộc gọi' })).toBeVisible();
    expect(screen.getByText('0912 345 678')).toBeVisible();
    expect(screen.getByText('15/01/2026 09:00 · Đã trả lời · 01:15')).toBeVisible();
    expect(screen.getByText('Phạm Quốc Dũng')).toBeVisible();
    expect(api.listCalls).toHaveBeenCalledWith(
      { ticket_id: 't1', page: 1, page_size: 20 },
      expect.anything(),
    );
  });

  it('shows nothing for a ticket without calls', async () => {
    api.listCalls.mockResolvedValue(page('GET /v2/calls', callView, { data: [], total: 0 }));
    const { container } = renderCalls();
    await waitFor(() => expect(api.listCalls).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
