import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { listOf, listParamOf } from './comma-list';
import { FilterField, FilterMultiSelect, FilterSelect } from './filter-field';

const withQueries = (node: React.ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {node}
    </QueryClientProvider>,
  );

const STATUSES = [
  { value: 'new', label: 'Mới' },
  { value: 'open', label: 'Đang mở' },
  { value: 'pending', label: 'Đang chờ' },
];

function Multi({ initial, onChange }: { initial?: string; onChange: (v?: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <FilterMultiSelect
      id="status"
      label="Trạng thái"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={STATUSES}
    />
  );
}

describe('filter fields', () => {
  it('keeps a multiple choice as a comma list, without repeats or blanks', () => {
    expect(listOf(undefined)).toEqual([]);
    expect(listOf('new, open,,pending')).toEqual(['new', 'open', 'pending']);
    expect(listParamOf([])).toBeUndefined();
    expect(listParamOf(['new', 'open', 'new'])).toBe('new,open');
  });

  it('ties a label to its control', () => {
    render(
      <FilterField id="x" label="Kênh">
        {(id) => <input id={id} />}
      </FilterField>,
    );
    expect(screen.getByLabelText('Kênh')).toBeInstanceOf(HTMLInputElement);
  });

  it('offers Tất cả for no value in a select, and answers undefined for it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <FilterSelect
        id="sla"
        label="SLA"
        value="breached"
        onChange={onChange}
        options={[
          { value: 'breached', label: 'Quá hạn SLA' },
          { value: 'due_soon', label: 'Sắp đến hạn SLA' },
        ]}
      />,
    );
    const select = screen.getByLabelText('SLA');
    expect(select).toHaveValue('breached');
    expect(screen.getByRole('option', { name: 'Tất cả' })).toBeInTheDocument();
    await user.selectOptions(select, 'Tất cả');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.selectOptions(select, 'Sắp đến hạn SLA');
    expect(onChange).toHaveBeenLastCalledWith('due_soon');
  });

  it('picks several values into one comma list, and unpicks back to none', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    withQueries(<Multi initial="new" onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Trạng thái' });
    expect(trigger).toHaveTextContent('Mới');
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: 'Đang chờ' }));
    expect(onChange).toHaveBeenLastCalledWith('new,pending');
    await user.click(screen.getByRole('option', { name: 'Mới' }));
    await user.click(screen.getByRole('option', { name: 'Đang chờ' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
