import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';
import { act, render, renderHook } from '@testing-library/react';
import type { ListParams } from './use-list-params';
import { useListParams, useListParamsInAddress } from './use-list-params';

describe('list params (spec section 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at page 1 with 10 rows', () => {
    const { result } = renderHook(() => useListParams());
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(10);
  });

  it('resets to page 1 500 ms after the search text changes', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(4));
    act(() => result.current.setSearch('an'));
    act(() => void vi.advanceTimersByTime(499));
    expect(result.current.page).toBe(4);
    expect(result.current.debouncedSearch).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.debouncedSearch).toBe('an');
    expect(result.current.page).toBe(1);
  });

  it('waits for the typing to stop, and a text typed back is no change', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('a'));
    act(() => void vi.advanceTimersByTime(400));
    act(() => result.current.setSearch('an'));
    act(() => void vi.advanceTimersByTime(400));
    expect(result.current.debouncedSearch).toBe('');
    act(() => void vi.advanceTimersByTime(100));
    expect(result.current.debouncedSearch).toBe('an');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    act(() => result.current.setSearch('a'));
    act(() => void vi.advanceTimersByTime(200));
    act(() => result.current.setSearch('an'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.page).toBe(3);
  });

  it('applies a search at once, with page 1, and never the text it replaced', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('cũ'));
    act(() => result.current.applySearch('mới'));
    expect(result.current.search).toBe('mới');
    expect(result.current.debouncedSearch).toBe('mới');
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.debouncedSearch).toBe('mới');
    expect(result.current.page).toBe(2);
  });

  it('starts at page 1 in the render where the rows are chosen otherwise', () => {
    const seen: [string, number][] = [];
    const { result, rerender } = renderHook(
      ({ kind }: { kind: string }) => {
        const list = useListParams({ resetOn: kind });
        // What the screen commits (and the list query sees), not a discarded render pass.
        useEffect(() => void seen.push([kind, list.page]));
        return list;
      },
      { initialProps: { kind: 'sms' } },
    );
    act(() => result.current.setPage(3));
    seen.length = 0;
    rerender({ kind: 'chat' });
    expect(result.current.page).toBe(1);
    // Committed once: never the new kind on the old page, nor the old kind on page 1.
    expect(seen).toEqual([['chat', 1]]);
  });

  it('steps back a page when a delete took the last row of one', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.afterRemoval(1));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    act(() => result.current.afterRemoval(2));
    expect(result.current.page).toBe(3);
    act(() => result.current.afterRemoval(1));
    expect(result.current.page).toBe(2);
  });

  it('starts a new page size at page 1', () => {
    const { result } = renderHook(() => useListParams());
    act(() => result.current.setPage(3));
    act(() => result.current.setPageSize(50));
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(50);
  });
});

/** The list in a router at `url`; `seen` holds what each committed render showed. */
function renderInAddress(url: string) {
  const current = { list: null as unknown as ListParams };
  const seen: { search: string; term: string; page: number; size: number; url: string }[] = [];
  function Probe() {
    const list = useListParamsInAddress();
    const location = useLocation();
    useEffect(() => {
      current.list = list;
      seen.push({
        search: list.search,
        term: list.debouncedSearch,
        page: list.page,
        size: list.pageSize,
        url: `${location.pathname}${location.search}`,
      });
    });
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: ['/before', url],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  const last = () => seen[seen.length - 1];
  // Router updates settle in promises: let them run inside act.
  const step = async (action: () => unknown) => {
    await act(async () => {
      action();
      await Promise.resolve();
    });
  };
  return { current, seen, last, router, step };
}

describe('list params in the address', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the keyword, page and size of the address (Back, reload)', () => {
    const { last } = renderInAddress('/list?q=hoang&page=3&size=20');
    expect(last()).toMatchObject({ search: 'hoang', term: 'hoang', page: 3, size: 20 });
  });

  it('reads a missing or odd page and size as the defaults', () => {
    const { last } = renderInAddress('/list?page=-2&size=7');
    expect(last()).toMatchObject({ search: '', term: '', page: 1, size: 10 });
  });

  /**
   * A list in the address at /list with `record` beside it at /record, and a term typed into
   * the list that has not settled yet.
   */
  async function typedOnList(record: Omit<RouteObject, 'path' | 'index' | 'children'>) {
    const probe = { list: null as unknown as ListParams };
    function Probe() {
      const list = useListParamsInAddress();
      useEffect(() => {
        probe.list = list;
      });
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: '/list', element: <Probe /> },
        { path: '/record', ...record },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => {
      probe.list.setSearch('hoang');
      await Promise.resolve();
    });
    return router;
  }

  it('does not pull the user back when the term settles while a record page loads', async () => {
    let loaded: (module: { Component: () => null }) => void = () => {};
    const router = await typedOnList({
      lazy: () => new Promise<{ Component: () => null }>((resolve) => (loaded = resolve)),
    });
    // A click on a row before the term settles; the record's page is still downloading.
    await act(async () => {
      void router.navigate('/record');
      await Promise.resolve();
    });
    await act(async () => {
      vi.advanceTimersByTime(600);
      await Promise.resolve();
    });
    await act(async () => {
      loaded({ Component: () => null });
      await vi.runAllTimersAsync();
    });
    expect(router.state.location.pathname).toBe('/record');
  });

  it('does not pull the user back when the term settles before the list renders the click', async () => {
    const router = await typedOnList({
      lazy: () => new Promise<{ Component: () => null }>(() => {}),
    });
    // The click and the settling timer in one task: the list has not rendered the navigation.
    await act(async () => {
      void router.navigate('/record');
      vi.advanceTimersByTime(600);
      await Promise.resolve();
    });
    expect(router.state.navigation.location?.pathname).toBe('/record');
    expect(router.state.location.search).toBe('');
  });

  it('does not write the term onto the record when the router has arrived before the list unmounts', async () => {
    const router = await typedOnList({ element: null });
    // The navigation completes; the timer fires before React renders the record.
    await act(async () => {
      await router.navigate('/record');
      expect(router.state.location.pathname).toBe('/record');
      vi.advanceTimersByTime(600);
      await Promise.resolve();
    });
    expect(router.state.location.pathname).toBe('/record');
    expect(router.state.location.search).toBe('');
  });

  it('writes a settled term with page 1 in one change, as a new history entry', async () => {
    const { current, seen, last, router, step } = renderInAddress('/list?page=4&size=20');
    await step(() => current.list.setSearch('hoang'));
    await step(() => vi.advanceTimersByTime(499));
    expect(last()).toMatchObject({
      search: 'hoang',
      term: '',
      page: 4,
      url: '/list?page=4&size=20',
    });
    seen.length = 0;
    await step(() => vi.advanceTimersByTime(1));
    expect(last()).toMatchObject({
      term: 'hoang',
      page: 1,
      size: 20,
      url: '/list?size=20&q=hoang',
    });
    // Never the new term on the old page: the list asks once per settled term.
    expect(seen.filter((entry) => entry.term === 'hoang' && entry.page !== 1)).toEqual([]);
    expect(router.state.historyAction).toBe('PUSH');
    // Back shows the list as it was before the term, then leaves it.
    await step(() => void router.navigate(-1));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/list?page=4&size=20',
    );
    await step(() => void router.navigate(-1));
    expect(router.state.location.pathname).toBe('/before');
  });

  it('writes the page and the size, a new size starting at page 1, defaults left out', async () => {
    const { current, last, router, step } = renderInAddress('/list?q=an');
    await step(() => current.list.setPage(3));
    expect(last()).toMatchObject({ page: 3, url: '/list?q=an&page=3' });
    await step(() => current.list.setPageSize(50));
    expect(last()).toMatchObject({ page: 1, size: 50, url: '/list?q=an&size=50' });
    await step(() => current.list.setPage(2));
    await step(() => current.list.setPageSize(10));
    expect(last()).toMatchObject({ page: 1, size: 10, url: '/list?q=an' });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('builds a change on one the address does not show yet', async () => {
    const { current, last, step } = renderInAddress('/list?size=20');
    await step(() => current.list.setSearch('hoang'));
    // The term settles and, before the router shows it, the next page is asked for.
    await step(() => {
      vi.advanceTimersByTime(500);
      current.list.setPage(2);
    });
    expect(last()).toMatchObject({ term: 'hoang', page: 2, url: '/list?size=20&q=hoang&page=2' });
  });

  it('steps back a page when a delete took the last row of one', async () => {
    const { current, last, step } = renderInAddress('/list?page=3');
    await step(() => current.list.afterRemoval(2));
    expect(last()).toMatchObject({ page: 3 });
    await step(() => current.list.afterRemoval(1));
    expect(last()).toMatchObject({ page: 2, url: '/list?page=2' });
  });

  it('applies a search at once, with page 1', async () => {
    const { current, last, step } = renderInAddress('/list?q=cu&page=2');
    await step(() => current.list.setSearch('cũ hơn'));
    await step(() => current.list.applySearch('mới'));
    expect(last()).toMatchObject({ search: 'mới', term: 'mới', page: 1 });
    await step(() => vi.advanceTimersByTime(1000));
    expect(last()).toMatchObject({
      search: 'mới',
      term: 'mới',
      url: `/list?${new URLSearchParams({ q: 'mới' })}`,
    });
  });

  it('takes a term that comes from elsewhere, but keeps what was typed after its own', async () => {
    const { current, last, router, step } = renderInAddress('/list?q=an');
    await step(() => void router.navigate('/list?q=binh&page=2'));
    expect(last()).toMatchObject({ search: 'binh', term: 'binh', page: 2 });
    await step(() => void router.navigate('/list'));
    expect(last()).toMatchObject({ search: '', term: '', page: 1 });
    // Typed on after the term settled: the address catching up does not take it back.
    await step(() => current.list.setSearch('hoa'));
    await act(async () => {
      vi.advanceTimersByTime(500);
      current.list.setSearch('hoang');
      await Promise.resolve();
    });
    expect(last()).toMatchObject({ search: 'hoang', term: 'hoa' });
    await step(() => vi.advanceTimersByTime(500));
    expect(last()).toMatchObject({ search: 'hoang', term: 'hoang' });
  });
});
