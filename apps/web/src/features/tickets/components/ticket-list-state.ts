import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@omnicare/shared/platform/constants';
import { TICKET_SORTS, type TicketSortKey } from '@omnicare/shared/tickets/tickets.schemas';
import { LIST_ADDRESS_KEYS, useAddressFilters } from '@/lib/use-list-params';
import { customParamOf, readCustomFilters } from '@/features/fields/custom-filters';
import { onRecordListChanged } from '@/lib/realtime';
import { readJsonItem, writeJsonItem } from '@/lib/storage';
import {
  TICKET_FILTER_KEYS,
  fetchTicket,
  fetchTickets,
  sortParamOf,
  type SortOrder,
  type TicketFilters,
  type TicketPage,
} from '../tickets.api';
import { ticketKeys } from '../tickets.queries';
import { BUILT_IN_VIEWS, DEFAULT_VIEW_ID, isSavedViewId, type TicketView } from '../ticket-views';

/** A click on a column: the sorted one flips; another starts A→Z for the subject, else newest. */
export function nextTicketOrder(column: TicketSortKey, sort: TicketSortKey, order: SortOrder) {
  if (column === sort) return order === 'asc' ? 'desc' : 'asc';
  return column === 'subject' ? 'asc' : 'desc';
}

const VIEW_PARAM = 'view';
/** Filters changed from a saved view: the view they came from ('Cập nhật view' saves to it). */
const FROM_PARAM = 'from';
const ADDRESS_KEYS = [
  ...TICKET_FILTER_KEYS,
  VIEW_PARAM,
  FROM_PARAM,
  'sort',
  'order',
  LIST_ADDRESS_KEYS.search,
] as const;

/**
 * The ticket list's view, filters and sort, kept in the address with useAddressFilters (Back
 * returns to the previous state; going back from a ticket keeps them). An address with no view
 * opens the view last chosen (local storage `smartView`), else the open tickets.
 *
 * A built-in view writes its filters to the address. A saved view is `view=<id>` alone: the
 * server applies its filters (`smart_view_id`) and the panel shows them from `views`; changing
 * one leaves the view with the whole set in the address and `from=<id>`.
 */
export function useTicketListState(views: readonly TicketView[] = []) {
  const [address, setAddress] = useAddressFilters(ADDRESS_KEYS);
  const addressKey = JSON.stringify(address);
  const addressFilters = useMemo(() => {
    const value: TicketFilters = {};
    for (const key of TICKET_FILTER_KEYS) {
      // Custom filters in one canonical spelling, so an edited address asks like a clean one.
      const item = key === 'custom' ? customParamOf(readCustomFilters(address[key])) : address[key];
      if (item) value[key] = item;
    }
    return value;
    // The values, not the object read anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressKey]);
  const viewId = address[VIEW_PARAM];
  const fromViewId = address[FROM_PARAM];
  const savedView = isSavedViewId(viewId) ? views.find((view) => view.id === viewId) : undefined;
  // What the list shows: a saved view's own filters, else the address's.
  const filters = useMemo(
    () => (isSavedViewId(viewId) ? (savedView?.filters ?? {}) : addressFilters),
    [viewId, savedView, addressFilters],
  );
  const sortParam = address.sort;
  const sort: TicketSortKey = (TICKET_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as TicketSortKey)
    : 'updated_at';
  const order: SortOrder =
    address.order === 'asc' || (address.order === null && sort === 'subject') ? 'asc' : 'desc';

  const hasSort = address.sort !== null || address.order !== null;

  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);

  const write = (
    next: {
      filters: TicketFilters;
      view?: string | null;
      from?: string | null;
      sort?: TicketSortKey;
      order?: SortOrder;
      /** A search set in the same change (a saved view's); undefined keeps the address's. */
      search?: string;
    },
    replace = false,
  ) => {
    // What the list will show: on a saved view its own filters, not the (empty) address's.
    const nextView = next.view === undefined ? viewId : next.view;
    if (!isSavedViewId(nextView)) latest.current = next.filters;
    else if (nextView !== viewId)
      latest.current = views.find((view) => view.id === nextView)?.filters ?? {};
    const nextSort = next.sort ?? sort;
    const nextOrder = next.order ?? order;
    const values: Partial<Record<(typeof ADDRESS_KEYS)[number], string | null>> = {
      [VIEW_PARAM]: next.view === undefined ? viewId : next.view,
      [FROM_PARAM]: next.from === undefined ? fromViewId : next.from,
      sort: nextSort === 'updated_at' ? null : nextSort,
      order: nextOrder === (nextSort === 'subject' ? 'asc' : 'desc') ? null : nextOrder,
    };
    for (const key of TICKET_FILTER_KEYS) values[key] = next.filters[key] ?? null;
    if (next.search !== undefined) values[LIST_ADDRESS_KEYS.search] = next.search || null;
    setAddress(values, { replace });
  };

  const openView = (view: TicketView, replace = false) => {
    writeJsonItem(STORAGE_KEYS.smartView, view.id);
    write(
      {
        // A saved view's filters stay on the server: the address names the view.
        filters: view.saved ? {} : view.filters,
        view: view.id,
        from: null,
        ...(view.sort && { sort: view.sort.key, order: view.sort.order }),
        ...(view.saved && view.search !== undefined && { search: view.search }),
      },
      replace,
    );
  };

  // A bare /tickets opens the remembered view, in place of the bare address.
  const bare = !viewId && !fromViewId && Object.keys(addressFilters).length === 0 && !address.q;
  useEffect(() => {
    if (!bare) return;
    const remembered = readJsonItem<string>(STORAGE_KEYS.smartView);
    // A saved view remembered opens by its id (its name and sort come with the views' list).
    const view = isSavedViewId(remembered)
      ? { id: remembered, name: '', filters: {}, saved: true }
      : (BUILT_IN_VIEWS.find((item) => item.id === remembered) ??
        BUILT_IN_VIEWS.find((item) => item.id === DEFAULT_VIEW_ID));
    if (view) openView(view, true);
    // Only when the address becomes bare.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bare]);

  return {
    filters,
    /** A bare address, about to give way to the remembered view: nothing to ask for yet. */
    opening: bare,
    viewId,
    /** The saved view the filters were changed from, if any. */
    fromViewId,
    /** The list is on a saved view as saved: the server applies it (`smart_view_id`). */
    onSavedView: isSavedViewId(viewId),
    sort,
    order,
    openView,
    /**
     * Filters changed by hand: the list leaves its view (the name no longer says what it shows);
     * changed from a saved view, the address remembers which.
     */
    setFilters: (update: (current: TicketFilters) => TicketFilters) =>
      write({
        filters: update(latest.current),
        view: null,
        from: isSavedViewId(viewId) ? viewId : fromViewId,
      }),
    clearFilters: () => write({ filters: {}, view: null, from: null }),
    sortBy: (column: TicketSortKey) =>
      write({
        // On a saved view its filters stay the server's.
        filters: isSavedViewId(viewId) ? addressFilters : latest.current,
        sort: column,
        order: nextTicketOrder(column, sort, order),
      }),
    /**
     * A saved view opened by its id alone (the one remembered): its sort and search put in place
     * of none, in one change that is no step of the user's.
     */
    settleView: (view: TicketView) =>
      write(
        {
          filters: addressFilters,
          ...(!hasSort && view.sort && { sort: view.sort.key, order: view.sort.order }),
          ...(!address.q && view.search && { search: view.search }),
        },
        true,
      ),
  };
}

/**
 * A page of tickets, kept live: when another user changes a ticket shown here, only that row is
 * read again (through the API, so the data scope applies) and patched in place, keeping scroll
 * and selection; changes to tickets not on the page are counted for a 'Tải lại' offer.
 */
export function useTicketRows(request: {
  /** A saved view the list is on: the server applies its filters. */
  smartViewId?: string;
  filters: TicketFilters;
  search: string;
  sort: TicketSortKey;
  order: SortOrder;
  page: number;
  pageSize: number;
  /** False while the list's view is not settled (no page of another view is asked for). */
  enabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const params = {
    ...request.filters,
    smart_view_id: request.smartViewId,
    search: request.search || undefined,
    sort: sortParamOf(request.sort, request.order),
    page: request.page,
    page_size: request.pageSize,
  };
  const queryKey = [...ticketKeys.lists, params] as const;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchTickets(params, signal),
    enabled: request.enabled ?? true,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const shown = useRef(new Set<string>());
  useEffect(() => {
    shown.current = new Set(rows.map((row) => row._id));
  }, [rows]);
  const keyText = JSON.stringify(queryKey);
  // Changed tickets not on this page, counted for the page they were heard on.
  const [outside, setOutside] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: keyText,
    ids: new Set(),
  });

  useEffect(
    () =>
      onRecordListChanged('ticket', (id) => {
        if (!shown.current.has(id)) {
          setOutside((last) => ({
            key: keyText,
            ids: new Set([...(last.key === keyText ? last.ids : []), id]),
          }));
          return;
        }
        void fetchTicket(id).then(
          (ticket) =>
            queryClient.setQueryData<TicketPage>(JSON.parse(keyText), (page) =>
              page
                ? {
                    ...page,
                    data: page.data.map((row) => (row._id === id ? { ...row, ...ticket } : row)),
                  }
                : page,
            ),
          // Gone or out of scope now: the next read of the page settles it.
          () => undefined,
        );
      }),
    [keyText, queryClient],
  );

  return {
    query,
    rows,
    total: query.data?.total ?? 0,
    capped: query.data?.total_capped ?? false,
    outsideChanges: outside.key === keyText ? outside.ids.size : 0,
    reload: () => {
      setOutside({ key: keyText, ids: new Set() });
      void query.refetch();
    },
  };
}
