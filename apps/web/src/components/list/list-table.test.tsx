import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TableRow } from '@/components/ui/table';
import { useRowSelection } from '@/lib/use-row-selection';
import { ListTable, SelectPageHead, SelectRowCell, SortableHead } from './list-table';

type Row = { _id: string; name: string };

function Sample({ rows, emptyAction }: { rows: Row[]; emptyAction?: ReactNode }) {
  const [sort, setSort] = useState<'name' | 'age'>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const selection = useRowSelection(rows);
  const onSort = (column: 'name' | 'age') => {
    setOrder(sort === column && order === 'desc' ? 'asc' : 'desc');
    setSort(column);
  };
  return (
    <>
      <output>{[...selection.selected.keys()].join(',')}</output>
      <ListTable
        query={{ isPending: false, isFetching: false }}
        empty={rows.length === 0}
        emptyAction={emptyAction}
        columns={3}
        head={
          <>
            <SelectPageHead
              label="All"
              checked={selection.allOnPage}
              onChange={selection.togglePage}
              disabled={rows.length === 0}
            />
            <SortableHead label="Name" column="name" sort={sort} order={order} onSort={onSort} />
            <SortableHead label="Age" column="age" sort={sort} order={order} onSort={onSort} />
          </>
        }
      >
        {rows.map((row) => (
          <TableRow key={row._id}>
            <SelectRowCell
              label={row.name}
              checked={selection.isSelected(row._id)}
              onChange={() => selection.toggle(row)}
            />
          </TableRow>
        ))}
      </ListTable>
    </>
  );
}

const rows = [
  { _id: 'a', name: 'An' },
  { _id: 'b', name: 'Bình' },
];

describe('list table: sortable headers and selection', () => {
  it('marks the sorted column and flips its order, a new column starting descending', async () => {
    render(<Sample rows={rows} />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    const age = screen.getByRole('columnheader', { name: 'Age' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(age).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Age' }));
    expect(age).toHaveAttribute('aria-sort', 'descending');
    expect(name).toHaveAttribute('aria-sort', 'none');
  });

  it('selects rows one by one or the whole page, and clears the page when all are picked', async () => {
    render(<Sample rows={rows} />);
    const all = screen.getByRole('checkbox', { name: 'All' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'An' }));
    expect(screen.getByRole('status')).toHaveTextContent('a');
    expect(all).not.toBeChecked();
    await userEvent.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('a,b');
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(screen.getByRole('checkbox', { name: 'Bình' })).not.toBeChecked();
  });

  it('shows the empty state with nothing to select', () => {
    render(<Sample rows={[]} />);
    expect(screen.getByText('Không có dữ liệu.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'All' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('shows the empty action under the empty text, and only when empty', () => {
    const { rerender } = render(<Sample rows={[]} emptyAction={<button>Clear</button>} />);
    const cell = screen.getByText('Không có dữ liệu.').closest('td');
    expect(cell).toContainElement(screen.getByRole('button', { name: 'Clear' }));
    rerender(<Sample rows={rows} emptyAction={<button>Clear</button>} />);
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'All' })).toBeEnabled();
  });
});
