import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/errors';
import { removeWithFeedback, saveForm } from '@/lib/mutation-feedback';
import { DialogForm, FormDialog, FormField, fieldAria } from './form-dialog';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

function Harness({ pending = false, onSubmit = vi.fn() }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Mở
      </button>
      <FormDialog open={open} onOpenChange={setOpen} className="max-w-md">
        <DialogForm
          title="Thêm mới"
          description="Mô tả"
          onSubmit={(event) => {
            event.preventDefault();
            setError('Tên không được bỏ trống');
            onSubmit();
          }}
          onCancel={() => setOpen(false)}
          pending={pending}
        >
          <FormField id="name" label="Tên" required error={error} hint="Gợi ý">
            <input id="name" defaultValue="giữ" {...fieldAria('name', error)} />
          </FormField>
        </DialogForm>
      </FormDialog>
    </>
  );
}

describe('form dialog', () => {
  it('mounts its form on opening, shows the field error in place of the hint, and cancels', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mở' }));
    const field = screen.getByLabelText('Tên*');
    expect(screen.getByRole('heading', { name: 'Thêm mới' })).toBeVisible();
    expect(screen.getByText('Gợi ý')).toBeVisible();
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Tên không được bỏ trống');
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'name-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('aria-describedby', 'name-error');
    expect(screen.queryByText('Gợi ý')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Hủy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables both buttons while saving', async () => {
    const user = userEvent.setup();
    render(<Harness pending />);
    await user.click(screen.getByRole('button', { name: 'Mở' }));
    expect(screen.getByRole('button', { name: 'Lưu' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hủy' })).toBeDisabled();
  });
});

describe('removeWithFeedback', () => {
  it('toasts the message then runs the follow-up; a failure is swallowed (already toasted)', async () => {
    const onRemoved = vi.fn();
    await removeWithFeedback(() => Promise.resolve({ message: 'Đã xóa' }), onRemoved);
    expect(toasts.success).toHaveBeenCalledWith('Đã xóa');
    expect(onRemoved).toHaveBeenCalledTimes(1);
    await expect(
      removeWithFeedback(() => Promise.reject(new Error('x')), onRemoved),
    ).resolves.toBeUndefined();
    expect(onRemoved).toHaveBeenCalledTimes(1);
  });
});

describe('saveForm', () => {
  it('toasts the message and closes on success', async () => {
    const onSaved = vi.fn();
    await saveForm(() => Promise.resolve({ message: 'Đã lưu' }), {
      onSaved,
      showFieldErrors: () => false,
    });
    expect(toasts.success).toHaveBeenCalledWith('Đã lưu');
    expect(onSaved).toHaveBeenCalled();
  });

  it('leaves a 422 to the fields, and toasts any other failure', async () => {
    const invalid = new ApiError({
      kind: 'http',
      status: 422,
      message: 'Validation Failed',
      fieldErrors: [{ param: 'name', message: 'Tên đã tồn tại' }],
    });
    const onSaved = vi.fn();
    const shown: unknown[] = [];
    await saveForm(() => Promise.reject(invalid), {
      onSaved,
      showFieldErrors: (error) => {
        shown.push(error);
        return true;
      },
    });
    expect(shown).toEqual([invalid]);
    expect(toasts.error).not.toHaveBeenCalled();

    await saveForm(() => Promise.reject(new Error('Mất kết nối')), {
      onSaved,
      showFieldErrors: () => false,
    });
    expect(toasts.error).toHaveBeenCalledWith('Mất kết nối');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
