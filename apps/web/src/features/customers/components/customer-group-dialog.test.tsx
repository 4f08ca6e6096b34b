import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOMER_GROUP_NAME_REQUIRED } from '@omnicare/shared/groups/groups.schemas';
import { CustomerGroupDialog, validateGroupName } from './customer-group-dialog';

function renderDialog(props: Partial<Parameters<typeof CustomerGroupDialog>[0]> = {}) {
  const onSubmit = vi.fn().mockResolvedValue('ok');
  const onOpenChange = vi.fn();
  render(<CustomerGroupDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} {...props} />);
  return { onSubmit, onOpenChange };
}

describe('customer group dialog (spec section 5)', () => {
  it('names the rule of the shared schema', () => {
    expect(validateGroupName('')).toBe('Tên nhóm khách hàng không được bỏ trống');
    expect(validateGroupName('   ')).toBe(CUSTOMER_GROUP_NAME_REQUIRED);
    expect(validateGroupName(' VIP ')).toBeNull();
  });

  it('refuses a blank name with the spec message and sends nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Thêm mới nhóm khách hàng' })).toBeVisible();
    await user.type(screen.getByLabelText(/Tên nhóm khách hàng/), '   ');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tên nhóm khách hàng không được bỏ trống');
    expect(screen.getByLabelText(/Tên nhóm khách hàng/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and closes', async () => {
    const user = userEvent.setup();
    const { onSubmit, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText(/Tên nhóm khách hàng/), '  Khách VIP  ');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: undefined, name: 'Khách VIP' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('edits a group: prefilled, sends its id', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderDialog({ group: { _id: 'g1', name: 'Cũ' } });
    expect(screen.getByRole('heading', { name: 'Chỉnh sửa nhóm khách hàng' })).toBeVisible();
    const input = screen.getByLabelText(/Tên nhóm khách hàng/);
    expect(input).toHaveValue('Cũ');
    await user.clear(input);
    await user.type(input, 'Mới');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: 'g1', name: 'Mới' });
  });

  it('stays open when saving fails', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new Error('x'));
    const { onOpenChange } = renderDialog({ onSubmit });
    await user.type(screen.getByLabelText(/Tên nhóm khách hàng/), 'A');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(onSubmit).toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
