import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

/** What a list reads of its query: a useQuery result fits. */
export interface ListQueryState {
  isPending: boolean;
  isFetching: boolean;
  isError?: boolean;
  refetch?: () => unknown;
}

/** Whether a list's count means anything: not while its first page loads, nor once it failed. */
export const listCountKnown = (query: ListQueryState) => !query.isPending && !query.isError;

/**
 * A list's table: the header cells, skeleton rows while the first page loads, an error with
 * 'Thử lại' when the load failed, 'Không có dữ liệu.' (and `emptyAction` under it) when there
 * is nothing, else the rows (children); busy while any page loads. A table wider than its card
 * scrolls sideways inside it.
 */
export function ListTable({
  label,
  query,
  empty,
  columns,
  head,
  skeletonRows = 10,
  skeletonClassName = 'h-7',
  emptyAction,
  failure = 'inline',
  children,
}: {
  /** The table's accessible name. */
  label?: string;
  query: ListQueryState;
  empty: boolean;
  /** How many columns the skeleton and empty rows span. */
  columns: number;
  /** The header cells (TableHead). */
  head: ReactNode;
  skeletonRows?: number;
  skeletonClassName?: string;
  /** Shown under the empty text: a way out of an empty result (clearing the filters). */
  emptyAction?: ReactNode;
  /**
   * A failed load: said in the table with 'Thử lại' (`inline`), or shown empty where the spec
   * asks for its error toast and an empty list (`empty`, the customer groups).
   */
  failure?: 'inline' | 'empty';
  children: ReactNode;
}) {
  const failed = failure === 'inline' && query.isError === true && !query.isPending;
  return (
    <Table aria-label={label} aria-busy={query.isFetching}>
      <TableHeader>
        <TableRow>{head}</TableRow>
      </TableHeader>
      <TableBody>
        {query.isPending &&
          Array.from({ length: skeletonRows }, (_, index) => (
            <TableRow key={`skeleton-${index}`}>
              <TableCell colSpan={columns}>
                <Skeleton className={skeletonClassName} />
              </TableCell>
            </TableRow>
          ))}
        {failed && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns}>
              <LoadErrorState onRetry={() => query.refetch?.()} retrying={query.isFetching} />
            </TableCell>
          </TableRow>
        )}
        {!query.isPending && !failed && empty && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns}>
              <EmptyState>{emptyAction}</EmptyState>
            </TableCell>
          </TableRow>
        )}
        {!failed && children}
      </TableBody>
    </Table>
  );
}

/** A header cell that sorts by `column`: its arrow and `aria-sort` show the current order. */
export function SortableHead<Column extends string>({
  label,
  column,
  sort,
  order,
  onSort,
  className,
}: {
  label: string;
  column: Column;
  sort: Column;
  order: 'asc' | 'desc';
  onSort: (column: Column) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex items-center gap-1 rounded uppercase outline-none hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-teal-600/50',
          active && 'text-teal-800',
        )}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}

interface SelectBoxProps {
  label: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
}

function SelectBox({ label, checked, onChange, disabled }: SelectBoxProps) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-teal-700 disabled:cursor-not-allowed disabled:opacity-50"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

/**
 * The header cell of a selection column: its checkbox selects or clears the page's rows
 * (`disabled` when the page has none).
 */
export function SelectPageHead(props: SelectBoxProps) {
  return (
    <TableHead className="w-10">
      <SelectBox {...props} />
    </TableHead>
  );
}

/** A row's cell in the selection column. */
export function SelectRowCell(props: SelectBoxProps) {
  return (
    <TableCell>
      <SelectBox {...props} />
    </TableCell>
  );
}

/** A row's action buttons, to the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-0.5">{children}</div>;
}

/** The pencil of a row: `label` names the row for screen readers; `tooltip` shows on hover. */
export function EditRowButton({
  label,
  tooltip,
  onClick,
}: {
  label: string;
  tooltip?: string;
  onClick: () => void;
}) {
  const button = (
    <Button variant="ghost" size="icon-sm" aria-label={label} onClick={onClick}>
      <Pencil />
    </Button>
  );
  return tooltip ? <Tooltip content={tooltip}>{button}</Tooltip> : button;
}
