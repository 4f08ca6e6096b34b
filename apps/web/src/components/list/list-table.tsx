import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';

/**
 * A list's table: the header cells, skeleton rows while the first page loads, 'Không có dữ
 * liệu.' when there is nothing, else the rows (children); busy while any page loads.
 */
export function ListTable({
  label,
  query,
  empty,
  columns,
  head,
  skeletonRows = 10,
  skeletonClassName = 'h-7',
  children,
}: {
  /** The table's accessible name. */
  label?: string;
  query: { isPending: boolean; isFetching: boolean };
  empty: boolean;
  /** How many columns the skeleton and empty rows span. */
  columns: number;
  /** The header cells (TableHead). */
  head: ReactNode;
  skeletonRows?: number;
  skeletonClassName?: string;
  children: ReactNode;
}) {
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
        {!query.isPending && empty && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns}>
              <EmptyState />
            </TableCell>
          </TableRow>
        )}
        {children}
      </TableBody>
    </Table>
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

/** The bin of a row, behind the shared confirmation ('Xóa' tooltip). */
export function DeleteRowButton({
  label,
  title,
  description,
  onConfirm,
  className = 'text-red-600 hover:bg-red-50 hover:text-red-700',
}: {
  label: string;
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => unknown;
  className?: string;
}) {
  return (
    <ConfirmDialog
      tooltip
      title={title}
      description={description}
      onConfirm={onConfirm}
      trigger={
        <Button variant="ghost" size="icon-sm" className={className} aria-label={label}>
          <Trash2 />
        </Button>
      }
    />
  );
}
