import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CcField, readCcEmails } from './ticket-cc-field';
import { DueAtField, readTime } from './ticket-due-field';

describe('CC emails', () => {
  it('reads emails split on commas and spaces, lower-cased, and names the first problem', () => {
    expect(readCcEmails('An@Example.vn, binh@example.vn', [])).toEqual({
      emails: ['an@example.vn', 'binh@example.vn'],
    });
    expect(readCcEmails('an@example.vn ke-toan', [])).toEqual({ error: 'Email không hợp lệ' });
    expect(readCcEmails('AN@example.vn', ['an@example.vn'])).toEqual({
      error: 'Email này đã có trong CC',
    });
    const fifty = Array.from({ length: 50 }, (_, index) => `u${index}@example.vn`);
    expect(readCcEmails('one@example.vn', fifty)).toEqual({ error: 'Tối đa 50 email CC' });
  });

  it('keeps a wrong email in the box with its message, adds a good one, removes a chip', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string[]>(['sep@example.vn']);
      return (
        <CcField
          id="cc"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const box = screen.getByRole('textbox');
    await user.type(box, 'ke-toan{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Email không hợp lệ');
    expect(box).toHaveValue('ke-toan');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, 'KeToan@Example.vn{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['sep@example.vn', 'ketoan@example.vn']);
    expect(box).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bỏ CC sep@example.vn' }));
    expect(onChange).toHaveBeenLastCalledWith(['ketoan@example.vn']);
  });
});

describe('due date', () => {
  it('reads a time of day as HH:mm', () => {
    expect(readTime('9:05')).toBe('09:05');
    expect(readTime(' 17:30 ')).toBe('17:30');
    expect(readTime('24:00')).toBeNull();
    expect(readTime('9h')).toBeNull();
  });

  it('sends the Bangkok day and time as an instant, 17:00 for a day alone, null when cleared', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <DueAtField
          id="due"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const time = screen.getByRole('textbox', { name: 'Giờ' });
    expect(time).toBeDisabled();
    await user.type(screen.getAllByRole('textbox')[0]!, '24/12/2026');
    // 17:00 in Bangkok (UTC+7).
    expect(onChange).toHaveBeenLastCalledWith('2026-12-24T10:00:00.000Z');
    expect(time).toHaveValue('17:00');

    await user.clear(time);
    await user.type(time, '25:00{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Giờ phải có dạng HH:mm');
    await user.clear(time);
    await user.type(time, '9:30{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-24T02:30:00.000Z');

    await user.click(screen.getByRole('button', { name: 'Xóa hạn xử lý' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getAllByRole('textbox')[0]).toHaveValue('');
  });

  it('shows a saved instant in Bangkok time', () => {
    render(<DueAtField id="due" value="2026-12-31T16:59:00.000Z" onChange={() => undefined} />);
    expect(screen.getAllByRole('textbox')[0]).toHaveValue('31/12/2026');
    expect(screen.getByRole('textbox', { name: 'Giờ' })).toHaveValue('23:59');
  });
});
