import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { useAddressFilters, useAddressParams, useListParamsInAddress } from './use-list-params';

function List() {
  const list = useListParamsInAddress();
  const [params, change] = useAddressParams();
  return (
    <>
      <input
        type="search"
        aria-label="Tìm"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />
      <button onClick={() => list.setPage(list.page + 1)}>Trang sau</button>
      <button onClick={() => change((next) => next.set('tier', '3'))}>Hạng 3</button>
      <output>{`${params.get('tier') ?? '-'} ${list.page} ${list.debouncedSearch}`}</output>
    </>
  );
}

const show = () => {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <p>Trang chủ</p> },
      { path: '/customers', element: <List /> },
    ],
    { initialEntries: ['/home', '/customers'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const back = (router: ReturnType<typeof show>) => act(() => router.navigate(-1));

describe('a list in the address keeps the browser Back', () => {
  it('steps back through filter, page and settled search changes, then leaves', async () => {
    const router = show();
    await userEvent.click(screen.getByRole('button', { name: 'Hạng 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    await userEvent.type(screen.getByRole('searchbox'), 'hoang');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 1 hoang'), {
      timeout: 3000,
    });

    // The typed text settled once: one entry for it, none per keystroke.
    await back(router);
    expect(screen.getByRole('status')).toHaveTextContent('3 2');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    await back(router);
    expect(screen.getByRole('status')).toHaveTextContent('3 1');
    await back(router);
    expect(screen.getByRole('status')).toHaveTextContent('- 1');
    await back(router);
    expect(screen.getByText('Trang chủ')).toBeInTheDocument();
  });

  it('writes nothing when a change leaves the address as it is', async () => {
    const router = show();
    await userEvent.click(screen.getByRole('button', { name: 'Hạng 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hạng 3' }));
    await back(router);
    expect(screen.getByRole('status')).toHaveTextContent('- 1');
  });
});

function Filtered() {
  const list = useListParamsInAddress();
  const [filters, setFilters] = useAddressFilters(['role', 'status']);
  return (
    <>
      <button onClick={() => list.setPage(list.page + 1)}>Trang sau</button>
      <button onClick={() => setFilters({ role: 'agent' })}>Chuyên viên</button>
      <button onClick={() => setFilters({ role: null, status: 'disabled' })}>Vô hiệu hóa</button>
      <output>{`${filters.role ?? '-'} ${filters.status ?? '-'} ${list.page}`}</output>
    </>
  );
}

describe('filters kept in the address', () => {
  it('make one history entry per change, each back on page 1, and Back restores the one before', async () => {
    const router = createMemoryRouter(
      [
        { path: '/home', element: <p>Trang chủ</p> },
        { path: '/staff', element: <Filtered /> },
      ],
      { initialEntries: ['/home', '/staff'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    await userEvent.click(screen.getByRole('button', { name: 'Chuyên viên' }));
    expect(screen.getByRole('status')).toHaveTextContent('agent - 1');
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vô hiệu hóa' }));
    expect(screen.getByRole('status')).toHaveTextContent('- disabled 1');
    expect(router.state.location.search).toBe('?status=disabled');

    await act(() => router.navigate(-1));
    expect(screen.getByRole('status')).toHaveTextContent('agent - 2');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('status')).toHaveTextContent('agent - 1');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('status')).toHaveTextContent('- - 2');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('status')).toHaveTextContent('- - 1');
  });
});
