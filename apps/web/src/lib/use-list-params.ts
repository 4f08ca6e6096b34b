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
 * 500 ms and a settled change resets to page 1; a new page size also starts at page 1.
 */
export function useListParams(initialPageSize: number = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [appliedSearch, setAppliedSearch] = useState(debouncedSearch);

  if (appliedSearch !== debouncedSearch) {
    // Adjusting state while rendering: the page resets in the same render as the new search.
    setAppliedSearch(debouncedSearch);
    setPage(DEFAULT_PAGE);
  }

  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(DEFAULT_PAGE);
  }, []);

  return {
    page,
    setPage,
    pageSize,
    setPageSize,
    search,
    setSearch,
    debouncedSearch: appliedSearch,
  };
}
