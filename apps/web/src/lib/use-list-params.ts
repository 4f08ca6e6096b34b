import { useCallback, useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
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

/** A list's paging and search, kept in the component (useListParams) or in the address. */
export interface ListParams {
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  /** The text as typed. */
  search: string;
  setSearch: (text: string) => void;
  /** Puts a search in place at once, with page 1. */
  applySearch: (text: string) => void;
  /** The settled text the list asks for. */
  debouncedSearch: string;
  /** After a delete: the last row of a page went, so show the page before, not an empty one. */
  afterRemoval: (rowsOnPage: number) => void;
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
}: { resetOn?: string; initialPageSize?: number } = {}): ListParams {
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

// The search last asked for, and the location it was asked from (its key, which the first entry
// of a history shares, and where it was). The router shows a new address in a transition, after
// the handler's own updates: a second change before it shows (a page size picked as the typed
// term settles) builds on the first instead of undoing it.
let requested: { from: string; search: string } | null = null;

/**
 * The address's search parameters and `change`, which edits them on top of any change still on
 * its way and pushes a history entry, so Back returns to the list as it was before the change
 * (`{ replace: true }` for a correction that is no step of the user's). A change that leaves the
 * address as it is writes nothing.
 */
export function useAddressParams() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Where the router is going or has gone: while a navigation waits (a record's page still
  // loading) or has arrived but the list is not yet unmounted, a change written then (a typed
  // term settling) would pull the user back to the list, or land on the record's own address.
  // Read from the router when the change is made, not when the list last rendered: a timer may
  // fire between a click on a row and the render that follows it. Plain routers have neither.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, { replace = false }: { replace?: boolean } = {}) => {
      const routerAt = router && (router.state.navigation.location ?? router.state.location);
      if (routerAt && routerAt.pathname !== location.pathname) return;
      const from = `${location.key} ${location.pathname}${location.search}`;
      const base = requested?.from === from ? requested.search : location.search.slice(1);
      const next = new URLSearchParams(base);
      edit(next);
      if (next.toString() === new URLSearchParams(base).toString()) return;
      requested = { from, search: next.toString() };
      void navigate(`?${requested.search}`, { replace });
    },
    [router, location.key, location.pathname, location.search, navigate],
  );
  return [params, change] as const;
}

/** The address parameters of a list kept there: the settled search, the page, the page size. */
export const LIST_ADDRESS_KEYS = { search: 'q', page: 'page', size: 'size' } as const;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > DEFAULT_PAGE ? page : DEFAULT_PAGE;
}

function readPageSize(value: string | null, fallback: number): number {
  const size = Number(value);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : fallback;
}

/**
 * useListParams with the settled search (`q`), the page (`page`) and the page size (`size`) in
 * the address, so Back to the list and a reload show it as it was; defaults stay out of the
 * address. Each settled term, page or size is a history entry (Back steps back through them;
 * the text typed between two settled terms is none). The rules are those of
 * useListParams: the typed text settles after 500 ms and goes to the address with page 1 in one
 * change. There is no `resetOn`: whoever writes the other parameters that choose the rows
 * (filters) drops `page` in the same change, since the address is the page's only truth (Back
 * to a filtered page 3 must show page 3). A search that reaches the address from elsewhere
 * (Back, a saved filter) replaces the typed text.
 */
export function useListParamsInAddress({
  initialPageSize = DEFAULT_PAGE_SIZE,
}: { initialPageSize?: number } = {}): ListParams {
  const [params, changeParams] = useAddressParams();
  const page = readPage(params.get(LIST_ADDRESS_KEYS.page));
  const pageSize = readPageSize(params.get(LIST_ADDRESS_KEYS.size), initialPageSize);
  const debouncedSearch = params.get(LIST_ADDRESS_KEYS.search) ?? '';
  const [search, setSearch] = useState(debouncedSearch);
  // The term last read from the address and the one this list wrote last: a new term that is
  // not our own replaces the text, while our own keeps what was typed since it settled.
  const [seen, setSeen] = useState(debouncedSearch);
  const [written, setWritten] = useState(debouncedSearch);
  if (seen !== debouncedSearch) {
    setSeen(debouncedSearch);
    if (written !== debouncedSearch) {
      setWritten(debouncedSearch);
      setSearch(debouncedSearch);
    }
  }

  const write = useCallback(
    (change: { search?: string; page?: number; size?: number }, replace = false) =>
      changeParams(
        (next) => {
          const set = (key: string, value: string | number, fallback: string | number) => {
            if (value === fallback) next.delete(key);
            else next.set(key, String(value));
          };
          if (change.search !== undefined) set(LIST_ADDRESS_KEYS.search, change.search, '');
          if (change.size !== undefined) set(LIST_ADDRESS_KEYS.size, change.size, initialPageSize);
          set(LIST_ADDRESS_KEYS.page, change.page ?? DEFAULT_PAGE, DEFAULT_PAGE);
        },
        { replace },
      ),
    [changeParams, initialPageSize],
  );

  useEffect(() => {
    if (search === debouncedSearch) return;
    const timer = setTimeout(() => {
      setWritten(search);
      write({ search });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, debouncedSearch, write]);

  const applySearch = useCallback(
    (text: string) => {
      setSearch(text);
      setWritten(text);
      write({ search: text });
    },
    [write],
  );

  const setPage = useCallback((next: number) => write({ page: next }), [write]);
  const setPageSize = useCallback((size: number) => write({ size }), [write]);

  // The page a delete emptied is no step of the user's: it is replaced, not left behind.
  const afterRemoval = (rowsOnPage: number) => {
    if (rowsOnPage === 1 && page > DEFAULT_PAGE) write({ page: page - 1 }, true);
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

/**
 * Filters of a list kept in the address beside useListParamsInAddress: their values (null when
 * absent) and `setFilters`, which writes the ones it is given and drops the page in one change,
 * one history entry (Back shows the list as it was filtered before; `{ replace: true }` for a
 * correction that is no step of the user's). Values are plain strings:
 * a screen reads an unknown value as no filter.
 */
export function useAddressFilters<const K extends string>(keys: readonly K[]) {
  const [params, change] = useAddressParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key)])) as Record<
    K,
    string | null
  >;
  const setFilters = useCallback(
    (next: Partial<Record<K, string | null>>, options: { replace?: boolean } = {}) =>
      change((address) => {
        for (const [key, value] of Object.entries(next) as [K, string | null | undefined][]) {
          if (value === undefined) continue;
          if (value === null || value === '') address.delete(key);
          else address.set(key, value);
        }
        address.delete(LIST_ADDRESS_KEYS.page);
      }, options),
    [change],
  );
  return [values, setFilters] as const;
}
