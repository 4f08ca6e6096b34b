import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { act, render } from '@testing-library/react';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { nextSortOrder, useCustomerListState } from './customer-list-state';

describe('sorting by a column header', () => {
  it('starts the name A→Z, dates and the tier newest or highest first', () => {
    expect(nextSortOrder('name', 'created_at', 'desc')).toBe('asc');
    expect(nextSortOrder('name', 'tier', 'asc')).toBe('asc');
    expect(nextSortOrder('created_at', 'name', 'asc')).toBe('desc');
    expect(nextSortOrder('updated_at', 'created_at', 'asc')).toBe('desc');
    expect(nextSortOrder('tier', 'name', 'asc')).toBe('desc');
  });

  it('flips the sorted column', () => {
    expect(nextSortOrder('name', 'name', 'asc')).toBe('desc');
    expect(nextSortOrder('name', 'name', 'desc')).toBe('asc');
    expect(nextSortOrder('created_at', 'created_at', 'desc')).toBe('asc');
    expect(nextSortOrder('tier', 'tier', 'asc')).toBe('desc');
  });
});

function renderList(url: string) {
  const current = {} as {
    state: ReturnType<typeof useCustomerListState>;
    list: ReturnType<typeof useListParamsInAddress>;
  };
  const seen: { filters: string; sort: string; term: string; page: number; url: string }[] = [];
  function Probe() {
    const state = useCustomerListState();
    const list = useListParamsInAddress();
    const location = useLocation();
    useEffect(() => {
      current.state = state;
      current.list = list;
      seen.push({
        filters: JSON.stringify(state.filters),
        sort: `${state.sort} ${state.order}`,
        term: list.debouncedSearch,
        page: list.page,
        url: `${location.pathname}${location.search}`,
      });
    });
    return null;
  }
  const router = createMemoryRouter([{ path: '/customers', element: <Probe /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const step = async (action: () => unknown) => {
    await act(async () => {
      action();
      await Promise.resolve();
    });
  };
  return { current, seen, last: () => seen[seen.length - 1], router, step };
}

describe('customer list address', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a filter change shows page 1 with the new filters, keeping keyword and size', async () => {
    const { current, seen, last, step } = renderList('/customers?q=hoang&size=20&page=3');
    seen.length = 0;
    await step(() => current.state.setFilters({ tier: '2' }));
    expect(last()).toMatchObject({
      filters: '{"tier":"2"}',
      term: 'hoang',
      page: 1,
      url: '/customers?q=hoang&size=20&tier=2',
    });
    // Never the new filters on the old page.
    expect(seen.filter((entry) => entry.filters !== '{}' && entry.page !== 1)).toEqual([]);
  });

  it('a filter picked as the keyword settles keeps both', async () => {
    const { current, last, step } = renderList('/customers');
    await step(() => current.list.setSearch('hoang'));
    await step(() => {
      vi.advanceTimersByTime(500);
      current.state.setFilters({ tier: '1' });
    });
    expect(last()).toMatchObject({ filters: '{"tier":"1"}', term: 'hoang', page: 1 });
  });

  it('a sort click starts the name A→Z at page 1', async () => {
    const { current, last, step } = renderList('/customers?page=2');
    await step(() => current.state.sortBy('name'));
    expect(last()).toMatchObject({
      sort: 'name asc',
      page: 1,
      url: '/customers?sort=name&order=asc',
    });
    await step(() => current.state.sortBy('name'));
    expect(last()).toMatchObject({ sort: 'name desc', url: '/customers?sort=name' });
  });

  it('sets a keyword with the filters in one change (saved filter, clearing all)', async () => {
    const { current, seen, last, step } = renderList('/customers?q=old&tier=1&page=2&size=20');
    seen.length = 0;
    await step(() => current.state.update({ filters: { source: 'zalo' }, keyword: 'mới' }));
    expect(seen).toHaveLength(1);
    expect(last()).toMatchObject({ filters: '{"source":"zalo"}', term: 'mới', page: 1 });
    await step(() => current.state.update({ filters: {}, keyword: '' }));
    expect(last()).toMatchObject({ filters: '{}', term: '', page: 1, url: '/customers?size=20' });
  });
});
