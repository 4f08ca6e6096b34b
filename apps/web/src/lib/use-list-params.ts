import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
} from '@omnicare/shared/platform/constants';

/** A value that settles `delay` ms after its last change. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * List paging state (spec section 4): page from 1, size 10; the search text is debounced
 * 500 ms and a settled change resets to page 1 in the same render, so the list asks once per
 * settled term; a new page size also starts at page 1.
 *
 * `resetOn` is whatever else selects the rows (filters or a kind kept in the address): when it
 * changes the page is 1 in the very render that shows the change. Setting page 1 from the
 * handler that changes the address would not do: the router updates in a transition, after the
 * handler's own updates, so the list would first ask for page 1 of the old filters.
 * `applySearch` puts a search in place at once (a saved filter), without a request for the
 * text it replaces.
 */
export function useListParams({
  resetOn = '',
  initialPageSize = DEFAULT_PAGE_SIZE,
}: { resetOn?: string; initialPageSize?: number } = {}) {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const [search, setSearch] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState(search);
  const [pagedFor, setPagedFor] = useState(resetOn);

  if (pagedFor !== resetOn) {
    // Adjusting state while rendering: React renders again before anything is committed.
    setPagedFor(resetOn);
    setPage(DEFAULT_PAGE);
  }

  useEffect(() => {
    if (search === debouncedSearch) return;
    const timer = setTimeout(() => {
      setDebouncedSearch(search);
      setPage(DEFAULT_PAGE);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, debouncedSearch]);

  const applySearch = useCallback((text: string) => {
    setSearch(text);
    setDebouncedSearch(text);
    setPage(DEFAULT_PAGE);
  }, []);

  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(DEFAULT_PAGE);
  }, []);

  /** After a delete: the last row of a page went, so show the page before, not an empty one. */
  const afterRemoval = (rowsOnPage: number) => {
    if (rowsOnPage === 1 && page > DEFAULT_PAGE) setPage(page - 1);
  };

  return {
    page,
    setPage,
    pageSize,
    setPageSize,
    search,
    setSearch,
    applySearch,
    debouncedSearch,
    afterRemoval,
  };
}

export type ListParams = ReturnType<typeof useListParams>;
