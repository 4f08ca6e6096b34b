import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createQueryClient } from '@/test/query-client';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useListParams } from '@/lib/use-list-params';
import { ListPagination } from './list-page';
import { ListTable } from './list-table';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function List({
  load,
  failure,
}: {
  load: () => Promise<{ data: string[]; total: number }>;
  failure?: 'inline' | 'empty';
}) {
  const list = useListParams();
  const query = useQuery({ queryKey: ['things'], queryFn: load });
  const rows = query.data?.data ?? [];
  return (
    <>
      <ListTable
        label="Danh sách"
        query={query}
        failure={failure}
        empty={rows.length === 0}
        columns={1}
        head={<TableHead>Tên</TableHead>}
      >
        {rows.map((row) => (
          <TableRow key={row}>
            <TableCell>{row}</TableCell>
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} total={query.data?.total ?? 0} query={query} />
    </>
  );
}

const show = (
  load: () => Promise<{ data: string[]; total: number }>,
  failure?: 'inline' | 'empty',
) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <List load={load} failure={failure} />
    </QueryClientProvider>,
  );

describe('a list that fails to load', () => {
  it('says so with Thử lại instead of showing an empty list, and hides the count', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockResolvedValueOnce({ data: ['An', 'Bình'], total: 2 });
    show(load);
    expect(screen.queryByText(/bản ghi/)).not.toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Không tải được dữ liệu');
    expect(screen.queryByText('Không có dữ liệu.')).not.toBeInTheDocument();
    expect(screen.queryByText(/bản ghi/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Bình')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('trong 2 bản ghi')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stays an empty list where the screen asks for it (the customer groups rule)', async () => {
    show(() => Promise.reject(new Error('500')), 'empty');
    expect(await screen.findByText('Không có dữ liệu.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
  });
});
