import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { queueView, type QueueView } from '@omnicare/shared/telephony/queues.schemas';
import { createQueryClient } from '@/test/query-client';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { fixture } from '@/test/contract-fixtures';
import { queueRecord } from '@/test/view-fixtures';
import { QueueDialog } from './queue-dialog';

const api = vi.hoisted(() => ({
  listQueues: vi.fn(),
  saveQueue: vi.fn(),
  deleteQueue: vi.fn(),
  listCalls: vi.fn(),
  exportCalls: vi.fn(),
}));
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../telephony.api', () => api);
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const backup = queueRecord({
  _id: '0b0c0d0e-0000-4000-8000-000000000001',
  name: 'Dự phòng',
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
});

function renderDialog(record: QueueView | null = null) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <QueueDialog open onOpenChange={onOpenChange} record={record} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

describe('QueueDialog', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    Object.values(toasts).forEach((fn) => fn.mockReset());
    api.listQueues.mockResolvedValue(fixture('GET /v2/queues', z.array(queueView), [backup]));
  });

  it('checks with the shared schema before sending', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên hàng chờ không được bỏ trống')).toBeVisible();
    await user.type(screen.getByLabelText('Tên hàng chờ', { exact: false }), 'CSKH');
    await user.type(screen.getByLabelText('Hotline'), '1900-abc');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Số hotline không hợp lệ')).toBeVisible();
    expect(api.saveQueue).not.toHaveBeenCalled();
  });

  it('sends the hotlines as a list and the overflow queue when chosen, then closes', async () => {
    api.saveQueue.mockResolvedValue({
      message: 'Tạo hàng chờ thành công',
      data: fixture('POST /v2/queues', queueView, { ...backup, _id: 'q-new', name: 'CSKH' }),
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText('Tên hàng chờ', { exact: false }), 'CSKH');
    await user.type(screen.getByLabelText('Hotline'), '19001234, 19005678');
    await user.selectOptions(screen.getByLabelText('Cách phân phối'), 'round_robin');
    await user.selectOptions(screen.getByLabelText('Khi quá thời gian chờ'), 'queue');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Vui lòng chọn hàng chờ tràn')).toBeVisible();
    await user.selectOptions(
      screen.getByLabelText('Hàng chờ tràn', { exact: false }),
      '0b0c0d0e-0000-4000-8000-000000000001',
    );
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.saveQueue).toHaveBeenCalled());
    expect(api.saveQueue.mock.calls[0]?.[0]).toEqual({
      id: null,
      body: {
        name: 'CSKH',
        hotlines: ['19001234', '19005678'],
        member_ids: [],
        strategy: 'round_robin',
        ring_timeout_seconds: 20,
        max_wait_seconds: 120,
        overflow_action: 'queue',
        overflow_queue_id: '0b0c0d0e-0000-4000-8000-000000000001',
      },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toasts.success).toHaveBeenCalledWith('Tạo hàng chờ thành công');
  });

  it("shows the server's refusal of a hotline on the hotline field", async () => {
    api.saveQueue.mockRejectedValue(
      new ApiError({
        kind: 'http',
        status: 422,
        message: 'Số hotline 19001234 đã thuộc hàng chờ Bán hàng',
        fieldErrors: [
          { param: 'hotlines.0', message: 'Số hotline 19001234 đã thuộc hàng chờ Bán hàng' },
        ],
      }),
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog({ ...backup, hotlines: ['19001234'] });
    expect(screen.getByLabelText('Hotline')).toHaveValue('19001234');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Số hotline 19001234 đã thuộc hàng chờ Bán hàng')).toBeVisible();
    expect(screen.getByLabelText('Hotline')).toHaveAttribute('aria-invalid', 'true');
    expect(api.saveQueue.mock.calls[0]?.[0]).toMatchObject({
      id: '0b0c0d0e-0000-4000-8000-000000000001',
    });
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
