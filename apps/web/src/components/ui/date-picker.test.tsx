import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { readDay } from '@/lib/days';
import { DatePicker, DateRangePicker, type DayRange } from './date-picker';

function OneDay({ initial = '', onChange = vi.fn() }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <>
      <DatePicker
        aria-label="Ngày sinh"
        value={value}
        onChange={(day) => {
          setValue(day);
          onChange(day);
        }}
      />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('days as Vietnamese people write them', () => {
  it('reads and shows dd/MM/yyyy, whatever the separator', () => {
    expect(formatCalendarDay('1982-08-05')).toBe('05/08/1982');
    expect(readDay('05/08/1982')).toBe('1982-08-05');
    expect(readDay('5/8/1982')).toBe('1982-08-05');
    expect(readDay('05-08-1982')).toBe('1982-08-05');
    expect(readDay('05081982')).toBe('1982-08-05');
    expect(readDay('31/02/2024')).toBeUndefined();
    expect(readDay('08/05/198')).toBeUndefined();
  });
});

describe('DatePicker', () => {
  it('takes a typed dd/MM/yyyy as that day, in an English browser too', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const onChange = vi.fn();
    render(<OneDay onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ngày sinh' }), '05/08/1982');
    expect(onChange).toHaveBeenLastCalledWith('1982-08-05');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('value')).toHaveTextContent('1982-08-05');
  });

  it('shows a stored ISO day as dd/MM/yyyy', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    render(<OneDay initial="1982-08-05" />);
    expect(screen.getByRole('textbox', { name: 'Ngày sinh' })).toHaveValue('05/08/1982');
  });

  it('says so when the text is no day, and keeps the value', async () => {
    render(<OneDay initial="1982-08-05" />);
    const box = screen.getByRole('textbox', { name: 'Ngày sinh' });
    await userEvent.clear(box);
    await userEvent.type(box, '31/02/2024');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ngày không hợp lệ, nhập theo dạng dd/mm/yyyy',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    // Emptied first, so the value is empty rather than an invented day.
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('opens a Monday-first calendar in Vietnamese and picks with the keyboard', async () => {
    render(<OneDay initial="1982-08-05" />);
    await userEvent.click(screen.getByRole('button', { name: 'Chọn ngày: Ngày sinh' }));
    const grid = screen.getByRole('grid', { name: 'Tháng 8 năm 1982' });
    const heads = within(grid)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(heads).toEqual(['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN']);
    // 1 August 1982 was a Sunday: the first row starts on Monday 26 July.
    const first = within(grid).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('button')[0]).toHaveAccessibleName('Thứ Hai, 26/07/1982');
    expect(within(first).getAllByRole('button')[6]).toHaveAccessibleName('Chủ Nhật, 01/08/1982');
    // The chosen day has the focus; arrows move it, PageDown a month, Enter picks.
    expect(screen.getByRole('button', { name: 'Thứ Năm, 05/08/1982' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Thứ Sáu, 13/08/1982' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'Tháng 9 năm 1982' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thứ Hai, 13/09/1982' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ngày sinh' })).toHaveValue('13/09/1982');
    expect(screen.getByTestId('value')).toHaveTextContent('1982-09-13');
  });

  it('names the months in Vietnamese', async () => {
    render(<OneDay initial="2026-01-15" />);
    await userEvent.click(screen.getByRole('button', { name: /Chọn ngày/ }));
    const month = screen.getByRole('combobox', { name: 'Tháng' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Array.from({ length: 12 }, (_, i) => `Tháng ${i + 1}`));
  });
});

describe('DateRangePicker', () => {
  function Range({ onChange }: { onChange: (range: DayRange) => void }) {
    const [value, setValue] = useState<DayRange>({});
    return (
      <DateRangePicker
        labels={{ from: 'Từ ngày', to: 'Đến ngày', visible: true }}
        value={value}
        onChange={(range) => {
          setValue(range);
          onChange(range);
        }}
      />
    );
  }

  it('refuses a reversed range with a message, and passes it on once put right', async () => {
    const onChange = vi.fn();
    render(<Range onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Từ ngày'), '10/03/2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-10' });
    await userEvent.type(screen.getByLabelText('Đến ngày'), '01/03/2026');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ngày bắt đầu không được sau ngày kết thúc',
    );
    expect(onChange).toHaveBeenCalledTimes(1);
    const to = screen.getByLabelText('Đến ngày');
    await userEvent.clear(to);
    await userEvent.type(to, '31/03/2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-10', to: '2026-03-31' });
  });
});
