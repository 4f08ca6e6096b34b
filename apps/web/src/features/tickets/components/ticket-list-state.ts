import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@omnicare/shared/platform/constants';
import { TICKET_SORTS, type TicketSortKey } from '@omnicare/shared/tickets/tickets.schemas';
import { LIST_ADDRESS_KEYS, useAddressParams } from '@/lib/use-list-params';
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

/**
 * The ticket list's view, filters and sort, kept in the address (Back returns to the previous
 * state; going back from a ticket keeps them). An address with no view opens the view last chosen
 * (local storage `smartView`), else the open tickets.
 */
export function useTicketListState() {
  const [params, changeParams] = useAddressParams();
  const filters = useMemo(() => {
    const value: TicketFilters = {};
    for (const key of TICKET_FILTER_KEYS) {
      const item = params.get(key);
      if (item) value[key] = item;
    }
    return value;
  }, [params]);
  const viewId = params.get(VIEW_PARAM);
  const sortParam = params.get('sort');
  const sort: TicketSortKey = (TICKET_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as TicketSortKey)
    : 'updated_at';
  const order: SortOrder =
    params.get('order') === 'asc' || (params.get('order') === null && sort === 'subject')
      ? 'asc'
      : 'desc';

  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);

  const write = (
    next: { filters: TicketFilters; view?: string | null; sort?: TicketSortKey; order?: SortOrder },
    replace = false,
  ) => {
    latest.current = next.filters;
    changeParams(
      (query) => {
        for (const key of [
          ...TICKET_FILTER_KEYS,
          VIEW_PARAM,
          'sort',
          'order',
          LIST_ADDRESS_KEYS.page,
        ])
          query.delete(key);
        for (const [key, value] of Object.entries(next.filters)) if (value) query.set(key, value);
        const view = next.view === undefined ? viewId : next.view;
        if (view) query.set(VIEW_PARAM, view);
        const nextSort = next.sort ?? sort;
        const nextOrder = next.order ?? order;
        if (nextSort !== 'updated_at') query.set('sort', nextSort);
        if (nextOrder !== (nextSort === 'subject' ? 'asc' : 'desc')) query.set('order', nextOrder);
      },
      { replace },
    );
  };

  const openView = (view: TicketView, replace = false) => {
    writeJsonItem(STORAGE_KEYS.smartView, view.id);
    write(
      {
        filters: view.filters,
        view: view.id,
        ...(view.sort && { sort: view.sort.key, order: view.sort.order }),
      },
      replace,
    );
  };

  // A bare /tickets opens the remembered view, in place of the bare address.
  const bare =
    !viewId && Object.keys(filters).length === 0 && !params.get(LIST_ADDRESS_KEYS.search);
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
    viewId,
    sort,
    order,
    openView,
    /** Filters changed by hand: the list leaves its view (the name no longer says what it shows). */
    setFilters: (update: (current: TicketFilters) => TicketFilters) =>
      write({ filters: update(latest.current), view: null }),
    clearFilters: () => write({ filters: {}, view: null }),
    sortBy: (column: TicketSortKey) =>
      write({ filters: latest.current, sort: column, order: nextTicketOrder(column, sort, order) }),
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
