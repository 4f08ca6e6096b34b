import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShortcutsOverlay } from './shortcuts';

describe('keyboard shortcuts', () => {
  it('runs a shortcut, lists them all on ?, and leaves keys typed in a field alone', async () => {
    const reply = vi.fn();
    const assign = vi.fn();
    render(
      <>
        <input aria-label="Ô nhập" />
        <ShortcutsOverlay
          shortcuts={[
            { key: 'r', label: 'Trả lời', run: reply },
            { key: 'a', label: 'Giao cho tôi', run: assign },
          ]}
        />
      </>,
    );
    await userEvent.keyboard('r');
    expect(reply).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('textbox', { name: 'Ô nhập' }));
    await userEvent.keyboard('ra');
    expect(reply).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(document.body);
    await userEvent.keyboard('{Control>}a{/Control}');
    expect(assign).not.toHaveBeenCalled();

    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Phím tắt' });
    expect(dialog).toHaveTextContent('Trả lời');
    expect(dialog).toHaveTextContent('Giao cho tôi');
    expect(dialog).toHaveTextContent('Hiện danh sách phím tắt');
  });
});
