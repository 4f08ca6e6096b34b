import type { ReactNode } from 'react';
import { usePageHandle } from '@/lib/route-declaration';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import {
  EditRowButton,
  ListTable,
  RowActions,
  type ListQueryState,
} from '@/components/list/list-table';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { FormDialog } from '@/components/ui/form-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { removeWithFeedback } from '@/lib/mutation-feedback';
import { useListParamsInAddress } from '@/lib/use-list-params';
import { useRecordDialog } from '@/lib/use-record-dialog';
import type { Catalogue, CatalogueRow } from './catalogue-api';
import { CATALOGUE_TEXT } from './catalogue-text';
import { useCatalogueList, useDeleteCatalogue } from './use-catalogue';

export interface CatalogueColumn<Row> {
  head: string;
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface RecordDialogProps<Row> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  record: Row | null;
}

/** What a screen that draws its own rows is given (see `layout`). */
export interface CatalogueLayoutProps<Row> {
  /** The rows to draw: never empty (loading, failure and emptiness are the page's). */
  rows: Row[];
  /** A row's edit and delete buttons, or nothing for those who may not change it. */
  actions: (row: Row) => ReactNode;
  /** The settled search term ('' without a search). */
  term: string;
  /** Whether the list is being read again. */
  busy: boolean;
}

type CatalogueListProps<Row extends CatalogueRow, Body> = {
  catalogue: Catalogue<Row, Body>;
  /** The area's or settings group's tabs. */
  nav: ReactNode;
  addLabel: string;
  dialog: (props: RecordDialogProps<Row>) => ReactNode;
  canEdit: boolean;
  rowEditable?: (row: Row) => boolean;
  hint?: string;
  /** The table's accessible name (the page title when not given). */
  tableLabel?: string;
  /** The delete confirmation's text: one for every row, or a row's own. */
  deleteHint?: string | ((row: Row) => string);
  /**
   * A searched catalogue: the search sent as `param` (default `keyword`) and, unless `paged` is
   * false (the whole list the server filters), pages; both kept in the address, so Back steps
   * through them. Without it the whole list is shown.
   */
  search?: { label: string; placeholder: string; param?: string; paged?: boolean };
  /** Another list of the same screen, below this one (drawn with `section`). */
  after?: ReactNode;
  /** Drawn as a section of a screen under this title, not as the screen itself. */
  section?: { title: string };
} & (
  | { columns: CatalogueColumn<Row>[]; layout?: never }
  /** Rows the screen draws itself instead of a table (the tag groups' accordion). */
  | { layout: (props: CatalogueLayoutProps<Row>) => ReactNode; columns?: never }
);

/**
 * A catalogue's list screen: the list in a table (or as the screen draws it) with loading,
 * empty and error states, an add/edit dialog, and delete behind the shared confirmation. The
 * server refuses what is in use and says where (its message is the error toast).
 */
export function CatalogueListPage<Row extends CatalogueRow, Body>(
  props: CatalogueListProps<Row, Body>,
) {
  return props.search ? (
    <SearchedCatalogue {...props} search={props.search} />
  ) : (
    <WholeCatalogue {...props} />
  );
}

function WholeCatalogue<Row extends CatalogueRow, Body>(props: CatalogueListProps<Row, Body>) {
  const query = useCatalogueList(props.catalogue);
  return (
    <CatalogueScreen
      {...props}
      query={query}
      term=""
      toolbar={props.hint && <p className="text-xs text-slate-500">{props.hint}</p>}
    />
  );
}

function SearchedCatalogue<Row extends CatalogueRow, Body>(
  props: CatalogueListProps<Row, Body> & {
    search: NonNullable<CatalogueListProps<Row, Body>['search']>;
  },
) {
  const { search, hint } = props;
  const paged = search.paged !== false;
  const list = useListParamsInAddress();
  const term = list.debouncedSearch.trim();
  const query = useCatalogueList(props.catalogue, {
    ...(paged ? { page: list.page, page_size: list.pageSize } : {}),
    ...(term ? { [search.param ?? 'keyword']: term } : {}),
  });
  return (
    <CatalogueScreen
      {...props}
      query={query}
      term={term}
      toolbar={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SearchInput
            size="sm"
            className="w-full max-w-sm"
            label={search.label}
            placeholder={search.placeholder}
            value={list.search}
            onChange={list.setSearch}
          />
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
        </div>
      }
      footer={
        paged && (
          <ListPagination
            list={list}
            total={query.isError ? 0 : (query.data?.total ?? 0)}
            query={query}
          />
        )
      }
      afterRemoval={paged ? list.afterRemoval : undefined}
    />
  );
}

function CatalogueScreen<Row extends CatalogueRow, Body>({
  catalogue,
  nav,
  after,
  section,
  addLabel,
  columns,
  layout: Layout,
  dialog: Dialog,
  canEdit,
  rowEditable = () => true,
  tableLabel,
  deleteHint = CATALOGUE_TEXT.deleteHint,
  query,
  term,
  toolbar,
  footer,
  afterRemoval,
}: CatalogueListProps<Row, Body> & {
  query: ReturnType<typeof useCatalogueList<Row, Body>>;
  term: string;
  toolbar?: ReactNode;
  footer?: ReactNode;
  /** After a delete, with the rows the page showed (a page emptied steps back). */
  afterRemoval?: (rowsOnPage: number) => void;
}) {
  const page = usePageHandle();
  const title = section?.title ?? page.title;
  const remove = useDeleteCatalogue(catalogue);
  const dialog = useRecordDialog<Row>();
  const rows = query.isError ? [] : (query.data?.data ?? []);
  const actions = (row: Row) =>
    canEdit &&
    rowEditable(row) && (
      <RowActions>
        <EditRowButton
          label={`${CATALOGUE_TEXT.edit} ${row.name}`}
          tooltip={CATALOGUE_TEXT.edit}
          onClick={() => dialog.edit(row)}
        />
        <DeleteRowButton
          label={`${CATALOGUE_TEXT.delete} ${row.name}`}
          title={deleteConfirmText(row.name)}
          description={typeof deleteHint === 'function' ? deleteHint(row) : deleteHint}
          onConfirm={() =>
            removeWithFeedback(
              () => remove.mutateAsync(row._id),
              () => afterRemoval?.(rows.length),
            )
          }
        />
      </RowActions>
    );
  return (
    <ListPage
      nav={nav}
      title={title}
      section={Boolean(section)}
      after={after}
      add={canEdit && { label: addLabel, onClick: dialog.add }}
      dialogs={
        <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange} record={dialog.record} />
      }
    >
      {toolbar}
      {Layout ? (
        <DrawnRows query={query} empty={rows.length === 0}>
          <Layout rows={rows} actions={actions} term={term} busy={query.isFetching} />
        </DrawnRows>
      ) : (
        <ListTable
          label={tableLabel ?? title}
          query={query}
          empty={rows.length === 0}
          columns={columns.length + 1}
          skeletonRows={5}
          head={
            <>
              {columns.map((column) => (
                <TableHead key={column.head} className={column.className}>
                  {column.head}
                </TableHead>
              ))}
              <TableHead className="w-24 text-right">{CATALOGUE_TEXT.actions}</TableHead>
            </>
          }
        >
          {rows.map((row) => (
            <TableRow key={row._id}>
              {columns.map((column) => (
                <TableCell key={column.head} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
              <TableCell>{actions(row)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {footer}
    </ListPage>
  );
}

/**
 * The states around rows a screen draws, as `ListTable` has them: skeletons while the first
 * load runs, a failure with 'Thử lại', 'Không có dữ liệu.' when there is nothing.
 */
function DrawnRows({
  query,
  empty,
  children,
}: {
  query: ListQueryState;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex flex-col gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  if (query.isError)
    return <LoadErrorState onRetry={() => query.refetch?.()} retrying={query.isFetching} />;
  return empty ? <EmptyState /> : children;
}

/**
 * The add/edit dialog of a catalogue around its form: a fresh form for each record opened, and
 * closing when the form is done.
 */
export function catalogueDialog<Row extends CatalogueRow>(
  Form: (props: { record: Row | null; onDone: () => void }) => ReactNode,
  className = 'max-w-md',
) {
  return function CatalogueDialog({ open, onOpenChange, record }: RecordDialogProps<Row>) {
    return (
      <FormDialog open={open} onOpenChange={onOpenChange} className={className}>
        <Form key={record?._id ?? 'new'} record={record} onDone={() => onOpenChange(false)} />
      </FormDialog>
    );
  };
}

/** A row's name, truncated with the whole of it on hover. */
export function NameCell({ name }: { name: string }) {
  return (
    <span className="block max-w-72 truncate font-medium text-slate-900" title={name}>
      {name}
    </span>
  );
}

export const Dash = () => <span className="text-slate-400">—</span>;
