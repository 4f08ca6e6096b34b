import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BulkResultPanel } from './bulk-result-panel';

const LAST_ADMIN =
  'Không thể vô hiệu hóa hoặc đổi vai trò của quản trị viên đang hoạt động cuối cùng';

describe('bulk result panel', () => {
  it('names each user that failed with the reason, and the ones that succeeded', async () => {
    const onDismiss = vi.fn();
    render(
      <BulkResultPanel
        report={{
          message: '2/3 thành công, 1 thất bại',
          results: [
            { id: 'a', ok: true },
            { id: 'b', ok: false, message: LAST_ADMIN },
            { id: 'c', ok: true },
          ],
          names: { a: 'Phạm Quốc Dũng', b: 'Nguyễn Văn An', c: 'Hoàng Thu Hà' },
        }}
        onDismiss={onDismiss}
      />,
    );
    const panel = screen.getByRole('status', { name: 'Kết quả thực hiện' });
    expect(within(panel).getByText('2/3 thành công, 1 thất bại')).toBeInTheDocument();
    expect(within(panel).getByText('2 thành công')).toBeInTheDocument();
    expect(within(panel).getByText('1 thất bại')).toBeInTheDocument();
    const failures = within(panel).getByRole('list', { name: 'Nhân viên không thực hiện được' });
    expect(within(failures).getAllByRole('listitem')).toHaveLength(1);
    expect(failures).toHaveTextContent(`Nguyễn Văn An: ${LAST_ADMIN}`);
    expect(panel).toHaveTextContent('Phạm Quốc Dũng, Hoàng Thu Hà');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Đóng kết quả' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('shows the id when the name is unknown, and no failure list when all succeeded', () => {
    render(
      <BulkResultPanel
        report={{
          message: 'Kích hoạt thành công',
          results: [{ id: 'x1', ok: true }],
          names: {},
        }}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('x1');
  });

  it('counts the rest when many succeeded', () => {
    const results = Array.from({ length: 13 }, (_, index) => ({ id: `u${index}`, ok: true }));
    render(
      <BulkResultPanel
        report={{ message: 'Vô hiệu hóa thành công', results, names: {} }}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('và 3 người khác');
  });
});
