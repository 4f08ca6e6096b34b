import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus, RefreshCw, Save } from 'lucide-react';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { listCountKnown } from '@/components/list/list-table';
import { Button } from '@/components/ui/button';
import { readJsonItem, writeJsonItem } from '@/lib/storage';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useRowSelection } from '@/lib/use-row-selection';
import { moveRowFocus, toggleFocusedRow } from '@/components/list/row-keys';
import { useShortcuts } from '@/components/shortcuts/shortcuts';
import { withChunkReload } from '@/lib/chunk-reload';
import type { TicketBulkFilter } from '../components/ticket-bulk-bar';
import { TicketToolbar } from '../components/ticket-toolbar';
import { TicketViewsPane } from '../components/ticket-views-pane';
import { useTicketListState, useTicketRows } from '../components/ticket-list-state';
import {
  ColumnChooser,
  DEFAULT_TICKET_COLUMNS,
  NarrowHidden,
  TICKET_COLUMNS,
  TicketTable,
  type TicketColumnId,
} from '../components/ticket-table';
import {
  BUILT_IN_VIEWS,
  DEFAULT_VIEW_ID,
  listFiltersOf,
  savedView,
  viewFiltersOf,
  type TicketView,
} from '../ticket-views';
import { useResourceList } from '@/features/ticket-settings/ticket-settings.queries';
import { TICKET_SETTINGS } from '@/features/ticket-settings/ticket-settings.api';
import { useSaveCatalogue } from '@/components/catalogue/use-catalogue';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import type { ListAsView } from '../components/save-view-dialog';
import { rememberTicketOrder } from '../ticket-list-order';
import { ticketKeys } from '../tickets.queries';
import { sortParamOf } from '../tickets.api';
import { TICKET_TEXT } from '../tickets-text';

/** Its own chunk (pickers, merge dialog), loaded with the first ticket picked. */
const TicketBulkBar = lazy(
  withChunkReload(async () => ({
    default: (await import('../components/ticket-bulk-bar')).TicketBulkBar,
  })),
);

/** Its own chunk (the form and its checks), loaded when first opened. */
const SaveViewDialog = lazy(
  withChunkReload(async () => ({
    default: (await import('../components/save-view-dialog')).SaveViewDialog,
  })),
);

const COLUMNS_KEY = 'ticketColumns';
const readColumns = (): TicketColumnId[] => {
  const stored = readJsonItem<unknown>(COLUMNS_KEY);
  const known = TICKET_COLUMNS.map((column) => column.id) as string[];
  return Array.isArray(stored) && stored.every((id) => known.includes(id))
    ? (stored as TicketColumnId[])
    : [...DEFAULT_TICKET_COLUMNS];
};

const KNOWN_COLUMNS: readonly string[] = ['code', 'subject', ...TICKET_COLUMNS.map((c) => c.id)];
/** What a view shows, in one spelling whatever the order of its parts (to compare two). */
function sameAsView(view: ListAsView): string {
  return JSON.stringify({
    filters: listFiltersOf(view.filters ?? {}),
    search: view.filters?.search ?? '',
    columns: view.columns.filter((column) => KNOWN_COLUMNS.includes(column)).sort(),
    sort: view.sort,
  });
}

/** /tickets: views, search, filters, sortable and chosen columns, paging, bulk actions, live rows. */
export function TicketListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const savedViews = useResourceList('views');
  const views = useMemo(
    () => [...BUILT_IN_VIEWS, ...(savedViews.data?.data ?? []).map(savedView)],
    [savedViews.data],
  );
  const state = useTicketListState(views);
  const list = useListParamsInAddress();
  const [showFilters, setShowFilters] = useState(false);
  const [saving, setSaving] = useState(false);
  const saveDialogUsed = useOpenedOnce(saving);
  const [columns, setColumns] = useState(readColumns);
  const keyword = list.debouncedSearch.trim();
  const updateView = useSaveCatalogue(TICKET_SETTINGS.views);
  const tickets = useTicketRows({
    smartViewId: state.onSavedView ? (state.viewId ?? undefined) : undefined,
    // On a saved view the server applies its filters; the panel shows them.
    filters: state.onSavedView ? {} : state.filters,
    search: keyword,
    sort: state.sort,
    order: state.order,
    page: list.page,
    pageSize: list.pageSize,
    enabled: !state.opening,
  });
  const selection = useRowSelection(tickets.rows, {
    resetOn: JSON.stringify([
      state.viewId,
      state.filters,
      state.sort,
      state.order,
      keyword,
      list.page,
      list.pageSize,
    ]),
  });
  // The bulk bar stays mounted once shown: its outcome dialog outlives the selection.
  const bulkUsed = useOpenedOnce(selection.selected.size > 0);
  useEffect(() => rememberTicketOrder(tickets.rows.map((row) => row.number)), [tickets.rows]);
  const currentView = views.find((view) => view.id === state.viewId);
  const fromView = views.find((view) => view.id === state.fromViewId);
  // The saved view 'Cập nhật view' saves to: the one shown, or the one the filters came from.
  const baseView = currentView?.saved ? currentView : fromView;
  const baseRecord = savedViews.data?.data.find((item) => item._id === baseView?.id);

  const applyColumns = (view: TicketView) => {
    if (!view.columns) return;
    setColumns(
      TICKET_COLUMNS.map((column) => column.id).filter((id) =>
        (view.columns as readonly string[]).includes(id),
      ),
    );
  };
  const openView = (view: TicketView) => {
    state.openView(view);
    // A saved view brings its columns (those this list knows).
    applyColumns(view);
  };
  // A saved view opened by its id alone (the one remembered): its columns and sort once known;
  // one no longer there (deleted, or no longer shared) gives way to the default view.
  const [settledView, setSettledView] = useState<string | null>(null);
  if (state.onSavedView && savedViews.data && settledView !== state.viewId) {
    setSettledView(state.viewId);
    if (currentView) applyColumns(currentView);
  }
  useEffect(() => {
    if (!state.onSavedView || !savedViews.data) return;
    if (!currentView) {
      const fallback = BUILT_IN_VIEWS.find((view) => view.id === DEFAULT_VIEW_ID);
      if (fallback) state.openView(fallback, true);
    } else state.settleView(currentView);
    // When the view shown or the views' list changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.viewId, savedViews.data]);

  /** The list now, as a view keeps it: code and subject always show. */
  const listAsView = (): ListAsView => ({
    filters: viewFiltersOf(state.filters, keyword),
    columns: ['code', 'subject', ...columns],
    sort: { field: state.sort, direction: state.order },
  });
  // 'Cập nhật view' is offered when the list differs from the view it came from.
  const baseChanged =
    baseRecord !== undefined && sameAsView(listAsView()) !== sameAsView(baseRecord);
  const saveToView = () => {
    if (!baseRecord) return;
    void updateView
      .mutateAsync({
        id: baseRecord._id,
        body: { name: baseRecord.name, shared: baseRecord.shared, ...listAsView() },
      })
      .then((result) => {
        toast.success(result.message);
        openView(savedView(result.data));
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  };
  const heading = currentView?.name
    ? currentView.name
    : fromView
      ? `${fromView.name} ${TICKET_TEXT.changed}`
      : TICKET_TEXT.filters;

  const openNewTicket = () => void navigate(`/tickets/new-${Date.now().toString(36)}`);
  useShortcuts([
    { key: 'j', label: 'Ticket tiếp theo', run: () => moveRowFocus(TICKET_TEXT.listTitle, 1) },
    { key: 'k', label: 'Ticket phía trên', run: () => moveRowFocus(TICKET_TEXT.listTitle, -1) },
    {
      key: 'x',
      label: 'Chọn / bỏ chọn ticket đang trỏ',
      run: () => toggleFocusedRow(TICKET_TEXT.listTitle),
    },
    {
      key: '/',
      label: 'Tìm kiếm',
      run: () =>
        document
          .querySelector<HTMLInputElement>(`input[aria-label="${TICKET_TEXT.searchPlaceholder}"]`)
          ?.focus(),
    },
    { key: 'c', label: TICKET_TEXT.add, run: openNewTicket },
  ]);

  return (
    <ListPage
      nav={null}
      title={TICKET_TEXT.listTitle}
      add={{ label: TICKET_TEXT.add, onClick: openNewTicket }}
      cardClassName="min-w-0 p-0"
    >
      <div className="flex min-h-[32rem] flex-col lg:flex-row">
        <TicketViewsPane views={views} currentId={state.viewId} onOpen={openView} />
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-3 sm:p-4">
          <h2 className="text-base font-semibold text-slate-800">{heading}</h2>
          <TicketToolbar
            search={list.search}
            onSearchChange={list.setSearch}
            filters={state.filters}
            onFiltersChange={state.setFilters}
            onClear={state.clearFilters}
            showFilters={showFilters}
            onShowFiltersChange={setShowFilters}
            end={
              <>
                {baseView?.editable && baseChanged && (
                  <Button variant="outline" onClick={saveToView} disabled={updateView.isPending}>
                    <Save aria-hidden="true" />
                    {TICKET_TEXT.updateView}
                  </Button>
                )}
                <Button
                  variant="outline"
                  title={TICKET_TEXT.saveAsView}
                  onClick={() => setSaving(true)}
                >
                  <BookmarkPlus aria-hidden="true" />
                  <NarrowHidden>{TICKET_TEXT.saveAsView}</NarrowHidden>
                </Button>
                <ColumnChooser
                  visible={columns}
                  onChange={(next) => {
                    setColumns(next);
                    writeJsonItem(COLUMNS_KEY, next);
                  }}
                />
              </>
            }
          />
          {saveDialogUsed && (
            <Suspense fallback={null}>
              <SaveViewDialog
                open={saving}
                onOpenChange={setSaving}
                current={listAsView()}
                onSaved={(view) => openView(savedView(view))}
              />
            </Suspense>
          )}
          {bulkUsed && (
            <Suspense fallback={null}>
              <TicketBulkBar
                selected={[...selection.selected.values()]}
                whole={{
                  offered: selection.allOnPage && listCountKnown(tickets.query),
                  chosen: selection.allMatching,
                  onChoose: selection.selectAllMatching,
                  total: tickets.total,
                  capped: tickets.capped,
                  // The list's own query: on a saved view the server applies its filters.
                  filter: {
                    ...(state.onSavedView && state.viewId
                      ? { smart_view_id: state.viewId }
                      : state.filters),
                    ...(keyword ? { search: keyword } : {}),
                    sort: sortParamOf(state.sort, state.order),
                    // The address's strings; the server checks them as it checks the list's query.
                  } as TicketBulkFilter,
                }}
                onClear={selection.clear}
                onDone={(deleted) => {
                  if (deleted) selection.clear();
                  void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
                }}
              />
            </Suspense>
          )}
          <div
            className="flex min-h-5 items-center gap-3 text-sm text-slate-500"
            aria-live="polite"
          >
            {listCountKnown(tickets.query) &&
              (tickets.capped
                ? TICKET_TEXT.capped(tickets.total)
                : TICKET_TEXT.matching(tickets.total))}
            {tickets.outsideChanges > 0 && (
              <Button variant="link" size="sm" className="h-auto p-0" onClick={tickets.reload}>
                <RefreshCw aria-hidden="true" />
                {TICKET_TEXT.newChanges(tickets.outsideChanges)} · {TICKET_TEXT.refresh}
              </Button>
            )}
          </div>
          <TicketTable
            rows={tickets.rows}
            query={tickets.query}
            columns={columns}
            sort={state.sort}
            order={state.order}
            onSort={state.sortBy}
            selection={selection}
            onClearFilters={
              keyword || Object.keys(state.filters).length > 0 ? state.clearFilters : undefined
            }
          />
          <ListPagination
            list={list}
            total={tickets.total}
            totalCapped={tickets.capped}
            query={tickets.query}
          />
        </div>
      </div>
    </ListPage>
  );
}
