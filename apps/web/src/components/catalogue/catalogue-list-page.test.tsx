import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '@/test/query-client';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { Catalogue } from './catalogue-api';
import {
  CatalogueListPage,
  type CatalogueLayoutProps,
  type RecordDialogProps,
} from './catalogue-list-page';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

interface Item {
  _id: string;
  name: string;
  order: number;
}

/** A catalogue whose rows live in memory: what any catalogue's calls give the page. */
function memoryCatalogue(rows: Item[]): Catalogue<Item, { name: string }> & { removed: string[] } {
  const removed: string[] = [];
  return {
    key: ['probe', rows.length],
    removed,
    list: async () => {
      const data = rows.filter((row) => !removed.includes(row._id));
      return { data, total: data.length };
    },
    save: async ({ body }) => ({ data: { _id: 'n', order: 0, ...body }, message: 'Đã lưu' }),
    remove: async (id) => {
      removed.push(id);
      return { message: 'Xóa mục thử thành công' };
    },
  };
}

function ProbeDialog({ open, record }: RecordDialogProps<Item>) {
  return open ? <p role="status">{record ? `Sửa: ${record.name}` : 'Thêm mới'}</p> : null;
}

function renderPage(
  catalogue: Catalogue<Item, { name: string }>,
  canEdit = true,
  search?: { label: string; placeholder: string },
) {
  const page = (
    <CatalogueListPage
      catalogue={catalogue}
      search={search}
      nav={null}
      addLabel="Thêm mục thử"
      canEdit={canEdit}
      dialog={ProbeDialog}
      columns={[
        { head: 'Tên', cell: (row) => row.name },
        { head: 'Thứ tự', cell: (row) => row.order },
      ]}
    />
  );
  renderAt(page);
}

function renderAt(page: ReactElement) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: '/probe', element: page, handle: { title: 'Mục thử' } }],
            { initialEntries: ['/probe'] },
          )}
        />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('CatalogueListPage', () => {
  it('lists the rows in their columns, opens the dialog to add and to edit', async () => {
    const user = userEvent.setup();
    renderPage(
      memoryCatalogue([
        { _id: 'a', name: 'Thấp', order: 1 },
        { _id: 'b', name: 'Cao', order: 2 },
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Mục thử' });
    expect(await within(table).findByText('Thấp')).toBeVisible();
    expect(within(table).getByText('2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Thêm mục thử' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thêm mới');
    await user.click(screen.getByRole('button', { name: 'Sửa Cao' }));
    expect(screen.getByRole('status')).toHaveTextContent('Sửa: Cao');
  });

  it('deletes a row after the confirmation, toasts the server’s message and reads the list again', async () => {
    const user = userEvent.setup();
    const catalogue = memoryCatalogue([{ _id: 'a', name: 'Thấp', order: 1 }]);
    renderPage(catalogue);
    await user.click(await screen.findByRole('button', { name: 'Xóa Thấp' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Xác nhận' }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Xóa mục thử thành công'));
    expect(catalogue.removed).toEqual(['a']);
    await waitFor(() => expect(screen.queryByText('Thấp')).not.toBeInTheDocument());
  });

  it('shows no add, edit or delete to those who may not change the catalogue', async () => {
    renderPage(memoryCatalogue([{ _id: 'a', name: 'Thấp', order: 1 }]), false);
    expect(await screen.findByText('Thấp')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thêm mục thử' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xóa Thấp' })).not.toBeInTheDocument();
  });

  it('pages a long catalogue and sends its search term, kept in the address', async () => {
    const user = userEvent.setup();
    const list = vi.fn(async (_signal?: AbortSignal, params?: Record<string, string | number>) => ({
      data: [{ _id: 'a', name: params?.keyword ? `Tìm: ${params.keyword}` : 'Tất cả', order: 1 }],
      total: 25,
    }));
    renderPage({ ...memoryCatalogue([]), list }, true, {
      label: 'Tìm mục thử',
      placeholder: 'Tên mục thử',
    });
    expect(await screen.findByText('Tất cả')).toBeVisible();
    expect(list).toHaveBeenLastCalledWith(expect.anything(), { page: 1, page_size: 10 });
    await user.type(screen.getByRole('searchbox', { name: 'Tìm mục thử' }), 'cao');
    expect(await screen.findByText('Tìm: cao', {}, { timeout: 3000 })).toBeVisible();
    expect(list).toHaveBeenLastCalledWith(expect.anything(), {
      page: 1,
      page_size: 10,
      keyword: 'cao',
    });
  });

  it('lets a screen draw its rows, searched as a whole list, with a delete text per row', async () => {
    const user = userEvent.setup();
    const list = vi.fn(async (_signal?: AbortSignal, params?: Record<string, string | number>) => {
      const data = params?.name ? [] : [{ _id: 'a', name: 'Thấp', order: 1 }];
      return { data, total: data.length };
    });
    function ProbeCards({ rows, actions, term }: CatalogueLayoutProps<Item>) {
      return (
        <ul aria-label={`Mục thử ${term}`}>
          {rows.map((row) => (
            <li key={row._id}>
              {row.name}
              {actions(row)}
            </li>
          ))}
        </ul>
      );
    }
    renderAt(
      <CatalogueListPage
        catalogue={{ ...memoryCatalogue([]), list }}
        nav={null}
        addLabel="Thêm mục thử"
        canEdit
        dialog={ProbeDialog}
        deleteHint={(row) => `${row.name} có thứ tự ${row.order}`}
        search={{ label: 'Tìm mục thử', placeholder: 'Tên', param: 'name', paged: false }}
        layout={ProbeCards}
      />,
    );
    const cards = await screen.findByRole('list', { name: 'Mục thử' });
    expect(within(cards).getByText('Thấp')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.anything(), {});

    await user.click(within(cards).getByRole('button', { name: 'Xóa Thấp' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Thấp có thứ tự 1');
    await user.click(screen.getByRole('button', { name: 'Hủy' }));

    await user.type(screen.getByRole('searchbox', { name: 'Tìm mục thử' }), 'vừa');
    expect(await screen.findByText('Không có dữ liệu.', {}, { timeout: 3000 })).toBeVisible();
    expect(list).toHaveBeenLastCalledWith(expect.anything(), { name: 'vừa' });
    // The whole list: no pages.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
