import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TooltipProvider } from './tooltip';
import { ConfirmDialog, deleteConfirmText } from './confirm-dialog';

function renderInRow(
  onConfirm: () => unknown,
  props: Partial<Parameters<typeof ConfirmDialog>[0]> = {},
) {
  const onRowClick = vi.fn();
  render(
    <TooltipProvider>
      <table>
        <tbody>
          <tr onClick={onRowClick}>
            <td>
              <ConfirmDialog
                trigger={<button type="button">Xóa dòng</button>}
                onConfirm={onConfirm}
                {...props}
              />
            </td>
          </tr>
        </tbody>
      </table>
    </TooltipProvider>,
  );
  return { onRowClick };
}

describe('confirmation dialog (spec section 2)', () => {
  it('is closed by default and opens from the trigger without clicking the row', async () => {
    const user = userEvent.setup();
    const { onRowClick } = renderInRow(vi.fn());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Xóa dòng' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('has the spec defaults and a 425 px maximum width', async () => {
    const user = userEvent.setup();
    renderInRow(vi.fn());
    await user.click(screen.getByRole('button', { name: 'Xóa dòng' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveClass('max-w-[425px]');
    expect(screen.getByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xác nhận' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hủy' })).toBeInTheDocument();
  });

  it('cancel closes without running the action or clicking the row', async () => {
    const user = userEvent.setup();
    const action = vi.fn();
    const { onRowClick } = renderInRow(action);
    await user.click(screen.getByRole('button', { name: 'Xóa dòng' }));
    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('confirm runs the action, then closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { onRowClick } = renderInRow(action);
    await user.click(screen.getByRole('button', { name: 'Xóa dòng' }));
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('takes its own texts, and words delete confirmations', async () => {
    const user = userEvent.setup();
    renderInRow(vi.fn(), { title: 'Xóa kịch bản', description: deleteConfirmText('Chào mừng') });
    await user.click(screen.getByRole('button', { name: 'Xóa dòng' }));
    expect(screen.getByText('Bạn có chắc chắn muốn xóa Chào mừng không?')).toBeInTheDocument();
  });

  it("shows the optional 'Xóa' tooltip", async () => {
    const user = userEvent.setup();
    renderInRow(vi.fn(), { tooltip: true });
    await user.hover(screen.getByRole('button', { name: 'Xóa dòng' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Xóa');
  });
});
