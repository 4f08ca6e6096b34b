import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { BUILT_IN_VIEWS, type TicketView } from '../ticket-views';
import { useTicketListState } from './ticket-list-state';

const SAVED: TicketView = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Online',
  saved: true,
  filters: { status: 'open', custom: '{"kenh_ban":"Online"}' },
  search: 'cước',
  sort: { key: 'created_at', order: 'asc' },
};

/** Every render's view, and whether the list would ask the server for its page then. */
const renders: { view: string | null; asks: boolean }[] = [];

function List() {
  const state = useTicketListState([...BUILT_IN_VIEWS, SAVED]);
  renders.push({ view: state.viewId, asks: !state.opening });
  return (
    <>
      <button onClick={() => state.openView(BUILT_IN_VIEWS[0]!)}>Của tôi</button>
      <button onClick={() => state.openView(SAVED)}>Online</button>
      <button onClick={() => state.setFilters((current) => ({ ...current, priority_id: 'p1,p2' }))}>
        Ưu tiên
      </button>
      <button onClick={() => state.sortBy('subject')}>Theo tiêu đề</button>
      <button onClick={() => state.settleView(SAVED)}>Ổn định</button>
      <output>
        {JSON.stringify({
          filters: state.filters,
          view: state.viewId,
          from: state.fromViewId,
          saved: state.onSavedView,
        })}
      </output>
    </>
  );
}

const show = (entry = '/tickets?view=all') => {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <p>Trang chủ</p> },
      { path: '/tickets', element: <List /> },
    ],
    { initialEntries: ['/home', entry], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
};
const shown = () => JSON.parse(screen.getByRole('status').textContent ?? '{}') as object;
const back = (router: ReturnType<typeof show>) => act(() => router.navigate(-1));

afterEach(() => {
  localStorage.clear();
  renders.length = 0;
});

describe('the ticket list’s state in the address', () => {
  it('steps Back through views and filters changed by hand', async () => {
    const router = show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Của tôi' }));
    await user.click(screen.getByRole('button', { name: 'Ưu tiên' }));
    expect(shown()).toMatchObject({
      filters: { assignee_id: 'me', status: 'new,open,pending', priority_id: 'p1,p2' },
      view: null,
    });
    await back(router);
    expect(shown()).toMatchObject({
      filters: { assignee_id: 'me', status: 'new,open,pending' },
      view: 'mine-open',
    });
    await back(router);
    expect(shown()).toMatchObject({ filters: {}, view: 'all' });
  });

  it('names a saved view alone, shows its filters, and remembers it; a change keeps where it came from', async () => {
    const router = show();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Online' }));
    expect(router.state.location.search).toBe(
      `?view=${SAVED.id}&sort=created_at&order=asc&q=c%C6%B0%E1%BB%9Bc`,
    );
    expect(shown()).toEqual({ filters: SAVED.filters, view: SAVED.id, from: null, saved: true });
    expect(localStorage.getItem('smartView')).toBe(JSON.stringify(SAVED.id));
    // A sort, or the view settled, keeps the view's filters for the next change.
    await user.click(screen.getByRole('button', { name: 'Theo tiêu đề' }));
    await user.click(screen.getByRole('button', { name: 'Ổn định' }));
    expect(shown()).toMatchObject({ view: SAVED.id, saved: true });

    await user.click(screen.getByRole('button', { name: 'Ưu tiên' }));
    expect(shown()).toEqual({
      filters: { ...SAVED.filters, priority_id: 'p1,p2' },
      view: null,
      from: SAVED.id,
      saved: false,
    });
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('custom')).toBe('{"kenh_ban":"Online"}');
    expect(address.get('q')).toBe('cước');
    await back(router);
    expect(shown()).toEqual({ filters: SAVED.filters, view: SAVED.id, from: null, saved: true });
  });

  it('opens the view remembered on a bare address, in its place', async () => {
    localStorage.setItem('smartView', JSON.stringify(SAVED.id));
    const router = show('/tickets');
    expect(await screen.findByText(/"saved":true/)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?view=${SAVED.id}`);
    // The bare address's page (every ticket, unfiltered) is never asked for.
    expect(renders.filter((render) => render.asks).map((render) => render.view)).not.toContain(
      null,
    );
    expect(renders.some((render) => render.asks)).toBe(true);
    await back(router);
    expect(screen.getByText('Trang chủ')).toBeInTheDocument();
  });
});
