import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { z } from 'zod';
import { queueView, type QueueView } from '@omnicare/shared/telephony/queues.schemas';
import { createQueryClient } from '@/test/query-client';
import { TestShell } from '@/test/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { fixture } from '@/test/contract-fixtures';
import { queueRecord } from '@/test/view-fixtures';
import { QueuesPage } from './queues-page';

const api = vi.hoisted(() => ({
  listQueues: vi.fn(),
  saveQueue: vi.fn(),
  deleteQueue: vi.fn(),
  listCalls: vi.fn(),
  exportCalls: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
const session = vi.hoisted(() => ({ role: 'administrator' }));
vi.mock('../telephony.api', () => api);
vi.mock('@/lib/toast', () => ({ toast: toasts }));
vi.mock('@/stores/session-store', () => ({
  useCurrentUser: () => ({ role: session.role, token: 't' }),
}));

const queue = (id: string, name: string, extra: Partial<QueueView> = {}): QueueView =>
  queueRecord({
    _id: id,
    name,
    hotlines: ['19006789'],
    members: [{ _id: 'u1', name: 'Phạm Quốc Dũng', agent_id: '1004', presence: 'AVAILABLE' }],
    strategy: 'round_robin',
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:05.000Z',
    ...extra,
  });

/** GET /v2/queues, as `listQueues` resolves it. */
const queues = (rows: QueueView[]) => fixture('GET /v2/queues', z.array(queueView), rows);

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TestShell>
        <TooltipProvider>
          <RouterProvider
            router={createMemoryRouter([{ path: '/switchboard/queue', element: <QueuesPage /> }], {
              initialEntries: ['/switchboard/queue'],
            })}
          />
        </TooltipProvider>
      </TestShell>
    </QueryClientProvider>,
  );
}

describe('queues page', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
    session.role = 'administrator';
  });

  it('lists the queues with hotlines, members, strategy and overflow', async () => {
    api.listQueues.mockResolvedValue(
      queues([
        queue('q1', 'Dự phòng'),
        queue('q2', 'CSKH', {
          overflow_action: 'queue',
          overflow_queue: { _id: 'q1', name: 'Dự phòng' },
        }),
      ]),
    );
    renderPage();
    expect(await screen.findByText('CSKH')).toBeVisible();
    expect(screen.getAllByText('1900 6789').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Xoay vòng')).toHaveLength(2);
    expect(screen.getByText('Chuyển sang hàng chờ khác: Dự phòng')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Thêm hàng chờ' })).toBeVisible();
  });

  it("shows the server's refusal to delete a queue in use", async () => {
    api.listQueues.mockResolvedValue(queues([queue('q1', 'Dự phòng')]));
    api.deleteQueue.mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 422,
        message: 'Không thể xóa: hàng chờ đang là hàng chờ tràn của CSKH',
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Xóa Dự phòng' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'Không thể xóa: hàng chờ đang là hàng chờ tràn của CSKH',
      ),
    );
  });

  it('agents read the queues without the add, edit and delete buttons', async () => {
    session.role = 'agent';
    api.listQueues.mockResolvedValue(queues([queue('q1', 'Dự phòng')]));
    renderPage();
    expect(await screen.findByText('Dự phòng')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thêm hàng chờ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Xóa Dự phòng' })).toBeNull();
  });
});
