import type { ReactNode } from 'react';
import { usePageHandle } from '@/app/route-declaration';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { DeleteRowButton } from '@/components/list/delete-row-button';
import { EditRowButton, ListTable, RowActions } from '@/components/list/list-table';
import { deleteConfirmText } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { SearchInput } from '@/components/ui/search-input';
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

interface CatalogueListProps<Row extends CatalogueRow, Body> {
  catalogue: Catalogue<Row, Body>;
  /** The area's or settings group's tabs. */
  nav: ReactNode;
  addLabel: string;
  columns: CatalogueColumn<Row>[];
  dialog: (props: RecordDialogProps<Row>) => ReactNode;
  canEdit: boolean;
  rowEditable?: (row: Row) => boolean;
  hint?: string;
  /** The table's accessible name (the page title when not given). */
  tableLabel?: string;
  deleteHint?: string;
  /**
   * A long catalogue: pages, and a search sent as `param` (default `keyword`); both kept in the
   * address, so Back steps through them. Without it the whole list is shown.
   */
  search?: { label: string; placeholder: string; param?: string };
}

/**
 * A catalogue's list screen: the list in a table (loading, empty and error states), an
 * add/edit dialog, and delete behind the shared confirmation. The server refuses what is in use
 * and says where (its message is the error toast).
 */
export function CatalogueListPage<Row extends CatalogueRow, Body>(
  props: CatalogueListProps<Row, Body>,
) {
  return props.search ? (
    <PagedCatalogue {...props} search={props.search} />
  ) : (
    <WholeCatalogue {...props} />
  );
}

function WholeCatalogue<Row extends CatalogueRow, Body>(props: CatalogueListProps<Row, Body>) {
  const query = useCatalogueList(props.catalogue);
  return (
    <CatalogueTable
      {...props}
      query={query}
      toolbar={props.hint && <p className="text-xs text-slate-500">{props.hint}</p>}
    />
  );
}

function PagedCatalogue<Row extends CatalogueRow, Body>(
  props: CatalogueListProps<Row, Body> & {
    search: NonNullable<CatalogueListProps<Row, Body>['search']>;
  },
) {
  const { search, hint } = props;
  const list = useListParamsInAddress();
  const term = list.debouncedSearch.trim();
  const query = useCatalogueList(props.catalogue, {
    page: list.page,
    page_size: list.pageSize,
    ...(term ? { [search.param ?? 'keyword']: term } : {}),
  });
  return (
    <CatalogueTable
      {...props}
      query={query}
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
        <ListPagination
          list={list}
          total={query.isError ? 0 : (query.data?.total ?? 0)}
          query={query}
        />
      }
      afterRemoval={list.afterRemoval}
    />
  );
}

function CatalogueTable<Row extends CatalogueRow, Body>({
  catalogue,
  nav,
  addLabel,
  columns,
  dialog: Dialog,
  canEdit,
  rowEditable = () => true,
  tableLabel,
  deleteHint = CATALOGUE_TEXT.deleteHint,
  query,
  toolbar,
  footer,
  afterRemoval,
}: CatalogueListProps<Row, Body> & {
  query: ReturnType<typeof useCatalogueList<Row, Body>>;
  toolbar?: ReactNode;
  footer?: ReactNode;
  /** After a delete, with the rows the page showed (a page emptied steps back). */
  afterRemoval?: (rowsOnPage: number) => void;
}) {
  const { title } = usePageHandle();
  const remove = useDeleteCatalogue(catalogue);
  const dialog = useRecordDialog<Row>();
  const rows = query.isError ? [] : (query.data?.data ?? []);
  return (
    <ListPage
      nav={nav}
      title={title}
      add={canEdit && { label: addLabel, onClick: dialog.add }}
      dialogs={
        <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange} record={dialog.record} />
      }
    >
      {toolbar}
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
            <TableCell>
              {canEdit && rowEditable(row) && (
                <RowActions>
                  <EditRowButton
                    label={`${CATALOGUE_TEXT.edit} ${row.name}`}
                    tooltip={CATALOGUE_TEXT.edit}
                    onClick={() => dialog.edit(row)}
                  />
                  <DeleteRowButton
                    label={`${CATALOGUE_TEXT.delete} ${row.name}`}
                    title={deleteConfirmText(row.name)}
                    description={deleteHint}
                    onConfirm={() =>
                      removeWithFeedback(
                        () => remove.mutateAsync(row._id),
                        () => afterRemoval?.(rows.length),
                      )
                    }
                  />
                </RowActions>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {footer}
    </ListPage>
  );
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
