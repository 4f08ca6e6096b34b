import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ApiRequest } from '@/lib/http';
import { createdBody } from '@omnicare/shared/platform/envelope';
import {
  scheduleView,
  type ScheduleBody,
} from '@omnicare/shared/working-time/working-time.schemas';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/errors';
import { created, mockApi } from '@/test/contract-fixtures';
import { ScheduleDialog } from './schedule-dialog';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ScheduleDialog open onOpenChange={onOpenChange} record={null} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const CONTRACTS = { 'POST /v2/time/create-schedule': createdBody(scheduleView) };

afterEach(() => vi.restoreAllMocks());

describe('ScheduleDialog', () => {
  it('starts from office hours and sends the week with a holiday', async () => {
    const request = mockApi(CONTRACTS, (config) => {
      const { name, periods, holidays = [] } = config.data as ScheduleBody;
      return created(
        {
          _id: 's1',
          name,
          time_zone: 'Asia/Bangkok',
          is_default: false,
          periods,
          holidays,
          weekly_minutes: 2_400,
          sla_policy_count: 0,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        },
        'Tạo mới lịch làm việc thành công',
      );
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    expect(screen.getByLabelText('Thứ Hai khung 2 từ')).toHaveValue('13:30');
    expect(screen.getAllByText('Nghỉ')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Tên lịch làm việc/), 'Giờ hành chính');
    await user.click(screen.getByRole('button', { name: 'Thêm ngày nghỉ' }));
    await user.type(screen.getByRole('textbox', { name: 'Ngày nghỉ 1' }), '02/09/2026');
    await user.type(screen.getByLabelText('Tên ngày nghỉ 1'), 'Quốc khánh');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = request.mock.calls[0]?.[0] as ApiRequest;
    expect(sent).toMatchObject({ method: 'POST', url: '/v2/time/create-schedule' });
    expect(sent.data).toMatchObject({
      name: 'Giờ hành chính',
      holidays: [{ date: '2026-09-02', name: 'Quốc khánh' }],
    });
    expect((sent.data as { periods: unknown[] }).periods).toHaveLength(10);
  }, 20_000);

  it('refuses a reversed opening in the browser, and shows a server 422 on its row', async () => {
    const request = mockApi(CONTRACTS, () =>
      Promise.reject(
        new ApiError({
          kind: 'http',
          status: 422,
          message: 'Tên lịch làm việc đã tồn tại',
          fieldErrors: [
            { param: 'name', message: 'Tên lịch làm việc đã tồn tại' },
            { param: 'holidays.0.date', message: 'Ngày nghỉ bị trùng' },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(/^Tên lịch làm việc/), 'Trùng');
    const end = screen.getByLabelText('Thứ Ba khung 1 đến');
    await user.clear(end);
    await user.type(end, '07:00');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Giờ kết thúc phải sau giờ bắt đầu')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();

    await user.clear(end);
    await user.type(end, '12:00');
    await user.click(screen.getByRole('button', { name: 'Thêm ngày nghỉ' }));
    await user.type(screen.getByRole('textbox', { name: 'Ngày nghỉ 1' }), '01/01/2026');
    await user.type(screen.getByLabelText('Tên ngày nghỉ 1'), 'Tết');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên lịch làm việc đã tồn tại')).toBeInTheDocument();
    expect(screen.getByText('Ngày nghỉ bị trùng')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Tên lịch làm việc/)).toHaveAttribute('aria-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalled();
  }, 20_000);
});
