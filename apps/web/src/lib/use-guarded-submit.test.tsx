import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogForm, FormDialog } from '@/components/ui/form-dialog';

function SaveTwice({ save }: { save: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog open={open} onOpenChange={setOpen}>
      <DialogForm
        title="Lưu bộ lọc"
        description="Tên"
        pending={false}
        onCancel={() => setOpen(false)}
        onSubmit={(event) => {
          event.preventDefault();
          return save();
        }}
      >
        <input aria-label="Tên" defaultValue="Khách VIP" />
      </DialogForm>
    </FormDialog>
  );
}

describe('a form submits once at a time', () => {
  it('drops a double click and Enter while the first save runs, then allows the next', async () => {
    let finish = () => {};
    const save = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<SaveTwice save={save} />);
    const button = screen.getByRole('button', { name: 'Lưu' });
    await userEvent.dblClick(button);
    await userEvent.type(screen.getByLabelText('Tên'), '{Enter}');
    expect(save).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    finish();
    await vi.waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
