import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CustomFilters } from '@omnicare/shared/fields/custom-filters';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { SEARCH_DEBOUNCE_MS } from '@omnicare/shared/platform/constants';
import {
  applicableCustomFilters,
  checkboxChoiceOf,
  checkboxValueOf,
  customParamOf,
  numberOf,
  readCustomFilters,
  withCustomFilter,
} from './custom-filters';
import { CustomFieldFilters } from './components/custom-field-filters';

const field = (key: string, type: CustomField['type'], options: string[] = []): CustomField => ({
  _id: key,
  entity: 'customer',
  key,
  label: {
    text: 'Ghi chú',
    number: 'Điểm',
    date: 'Ngày ký',
    select: 'Phân khúc',
    multiselect: 'Sở thích',
    checkbox: 'VIP',
  }[type],
  type,
  required: false,
  options,
  position: 0,
  active: true,
});
const FIELDS = [
  field('ghi_chu', 'text'),
  field('diem', 'number'),
  field('ngay_ky', 'date'),
  field('phan_khuc', 'select', ['Bán lẻ', 'Doanh nghiệp']),
  field('so_thich', 'multiselect', ['Du lịch', 'Ẩm thực']),
  field('vip', 'checkbox'),
];

describe('custom filters in the address', () => {
  it('turns filters into one canonical custom parameter and back', () => {
    const filters: CustomFilters = {
      vip: false,
      so_thich: ['Du lịch', 'Ẩm thực'],
      diem: { min: 10 },
      ngay_ky: { from: '2024-01-01', to: '2024-12-31' },
      phan_khuc: 'Bán lẻ',
      ghi_chu: 'Hà Nội',
    };
    const param = customParamOf(filters);
    // Keys in order: one filter, one address (and one cache entry).
    expect(param).toBe(
      '{"diem":{"min":10},"ghi_chu":"Hà Nội","ngay_ky":{"from":"2024-01-01","to":"2024-12-31"},"phan_khuc":"Bán lẻ","so_thich":["Du lịch","Ẩm thực"],"vip":false}',
    );
    expect(readCustomFilters(param)).toEqual(filters);
    // URLSearchParams round trip, as the router keeps it.
    const address = new URLSearchParams({ custom: param ?? '' }).toString();
    expect(readCustomFilters(new URLSearchParams(address).get('custom'))).toEqual(filters);
  });

  it('has no parameter when nothing is chosen, and drops empty values', () => {
    expect(customParamOf({})).toBeUndefined();
    expect(
      customParamOf({ ghi_chu: '  ', so_thich: [], diem: {} as CustomFilters[string] }),
    ).toBeUndefined();
    expect(customParamOf({ vip: false })).toBe('{"vip":false}');
  });

  it('reads anything unreadable as no filter', () => {
    for (const raw of [null, undefined, '', '{', '[1]', '"x"', '42']) {
      expect(readCustomFilters(raw)).toEqual({});
    }
    expect(readCustomFilters('{"a":null,"b":{"x":1},"c":[1,"x","x"],"d":true}')).toEqual({
      c: ['x'],
      d: true,
    });
    // A saved filter keeps an object.
    expect(readCustomFilters({ vip: true, diem: { max: 5 } })).toEqual({
      vip: true,
      diem: { max: 5 },
    });
  });

  it('sets and clears one field', () => {
    const one = withCustomFilter({}, 'vip', true);
    expect(one).toEqual({ vip: true });
    const two = withCustomFilter(one, 'diem', { min: undefined, max: 3 });
    expect(two).toEqual({ vip: true, diem: { max: 3 } });
    expect(withCustomFilter(two, 'diem', { min: undefined })).toEqual({ vip: true });
    expect(withCustomFilter(two, 'vip', undefined)).toEqual({ diem: { max: 3 } });
  });

  it('asks only for fields and options the tenant has now', () => {
    expect(
      applicableCustomFilters(FIELDS, {
        vip: true,
        removed: 'x',
        phan_khuc: 'Bán sỉ',
        so_thich: ['Du lịch'],
        diem: { min: 'a' } as unknown as CustomFilters[string],
      }),
    ).toEqual({ vip: true, so_thich: ['Du lịch'] });
  });

  it('reads number boxes and the tri-state checkbox', () => {
    expect(numberOf('')).toBeUndefined();
    expect(numberOf(' 12.5 ')).toBe(12.5);
    expect(numberOf('abc')).toBeUndefined();
    expect(checkboxChoiceOf(true)).toBe('true');
    expect(checkboxChoiceOf(false)).toBe('false');
    expect(checkboxChoiceOf(undefined)).toBe('');
    expect(checkboxValueOf('true')).toBe(true);
    expect(checkboxValueOf('false')).toBe(false);
    expect(checkboxValueOf('')).toBeUndefined();
  });
});

function Harness({ initial = {} }: { initial?: CustomFilters }) {
  const [value, setValue] = useState<CustomFilters>(initial);
  return (
    <>
      <CustomFieldFilters fields={FIELDS} value={value} onChange={setValue} />
      <output data-testid="param">{customParamOf(value) ?? ''}</output>
      <button type="button" onClick={() => setValue({})}>
        clear
      </button>
    </>
  );
}
const param = () => screen.getByTestId('param').textContent;
const show = (initial?: CustomFilters) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );

describe('custom field filter controls', () => {
  it('shows a control per field type with Vietnamese labels', () => {
    show({ vip: false, phan_khuc: 'Bán lẻ', diem: { min: 1, max: 9 } });
    expect(screen.getByLabelText('Ghi chú')).toHaveAttribute('placeholder', 'Có chứa...');
    expect(screen.getByLabelText('Điểm từ')).toHaveValue(1);
    expect(screen.getByLabelText('Điểm đến')).toHaveValue(9);
    expect(screen.getByLabelText('Ngày ký từ ngày')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(screen.getByLabelText('Ngày ký đến ngày')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(screen.getByLabelText('Phân khúc')).toHaveValue('Bán lẻ');
    expect(screen.getByLabelText(/Sở thích/)).toHaveTextContent('Tất cả');
    const vip = screen.getByLabelText('VIP');
    expect(vip).toHaveValue('false');
    expect(
      within(vip)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tất cả', 'Có', 'Không']);
  });

  it('selects, ticks and picks straight into the filters', async () => {
    const user = userEvent.setup();
    show();
    await user.selectOptions(screen.getByLabelText('VIP'), 'Có');
    await user.selectOptions(screen.getByLabelText('Phân khúc'), 'Doanh nghiệp');
    fireEvent.change(screen.getByLabelText('Ngày ký từ ngày'), { target: { value: '01/05/2024' } });
    await user.click(screen.getByLabelText(/Sở thích/));
    await user.click(screen.getByRole('option', { name: 'Ẩm thực' }));
    await user.keyboard('{Escape}');
    expect(JSON.parse(param() ?? '')).toEqual({
      vip: true,
      phan_khuc: 'Doanh nghiệp',
      ngay_ky: { from: '2024-05-01' },
      so_thich: ['Ẩm thực'],
    });
    await user.selectOptions(screen.getByLabelText('VIP'), 'Tất cả');
    expect(JSON.parse(param() ?? '')).not.toHaveProperty('vip');
  });

  it('sends typed text and numbers once typing pauses, and follows a clear', () => {
    vi.useFakeTimers();
    try {
      show();
      fireEvent.change(screen.getByLabelText('Ghi chú'), { target: { value: 'Hà' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(param()).toBe('');
      act(() => vi.advanceTimersByTime(1));
      expect(JSON.parse(param() ?? '')).toEqual({ ghi_chu: 'Hà' });
      fireEvent.change(screen.getByLabelText('Điểm đến'), { target: { value: '50' } });
      expect(JSON.parse(param() ?? '')).toEqual({ ghi_chu: 'Hà' });
      // Leaving the box sends it at once.
      fireEvent.blur(screen.getByLabelText('Điểm đến'));
      expect(JSON.parse(param() ?? '')).toEqual({ ghi_chu: 'Hà', diem: { max: 50 } });
      fireEvent.click(screen.getByRole('button', { name: 'clear' }));
      expect(screen.getByLabelText('Ghi chú')).toHaveValue('');
      expect(screen.getByLabelText('Điểm đến')).toHaveValue(null);
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(param()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
