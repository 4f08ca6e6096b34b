import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShortcutsButton, ShortcutsHost, useShortcuts, type Shortcut } from './shortcuts';

function Screen({ shortcuts }: { shortcuts: Shortcut[] }) {
  useShortcuts(shortcuts);
  return <input aria-label="Ô nhập" />;
}

describe('keyboard shortcuts', () => {
  it('runs a shortcut, lists them all on ?, and leaves keys typed in a field alone', async () => {
    const reply = vi.fn();
    const assign = vi.fn();
    render(
      <>
        <ShortcutsHost />
        <Screen
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

  it("the header's button lists the shown screen's shortcuts; a screen gone takes its keys along", async () => {
    const next = vi.fn();
    const { rerender } = render(
      <>
        <ShortcutsHost />
        <ShortcutsButton />
        <Screen shortcuts={[{ key: 'j', label: 'Ticket tiếp theo', run: next }]} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Phím tắt (?)' }));
    expect(await screen.findByRole('dialog', { name: 'Phím tắt' })).toHaveTextContent(
      'Ticket tiếp theo',
    );
    await userEvent.keyboard('{Escape}');
    rerender(
      <>
        <ShortcutsHost />
        <ShortcutsButton />
      </>,
    );
    await userEvent.keyboard('j');
    expect(next).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Phím tắt (?)' }));
    expect(await screen.findByRole('dialog', { name: 'Phím tắt' })).toHaveTextContent(
      'Màn hình này chưa có phím tắt riêng.',
    );
  });
});
