import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PaginationBar } from '@/components/ui/pagination-bar';
import { cn } from '@/lib/cn';
import type { ListParams } from '@/lib/use-list-params';
import { listCountKnown, type ListQueryState } from './list-table';

/**
 * A list screen: its area's tabs, the title with an add button (or other actions), one card
 * holding the search, filters, list and pagination, then the screen's dialogs.
 */
export function ListPage({
  nav,
  title,
  add,
  actions,
  notices,
  cardClassName,
  children,
  dialogs,
  after,
  section,
}: {
  nav: ReactNode;
  title: string;
  /** What follows the card (another section of the screen). */
  after?: ReactNode;
  /** A section of a screen: its title a second-level heading, no tabs of its own. */
  section?: boolean;
  /** The add button; leave it out for those who may not add. */
  add?: { label: string; onClick: () => void } | false;
  /** Header actions other than the add button, shown before it. */
  actions?: ReactNode;
  /** Banners between the title and the card (a running job). */
  notices?: ReactNode;
  cardClassName?: string;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  const addButton = add && (
    <Button onClick={add.onClick}>
      <Plus aria-hidden="true" />
      {add.label}
    </Button>
  );
  const headerActions =
    addButton && actions ? (
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        {addButton}
      </div>
    ) : (
      addButton || actions
    );
  return (
    <div className="flex flex-col gap-4">
      {!section && nav}
      {section ? (
        <div className="flex flex-wrap items-center justify-between gap-2 pt-2">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {headerActions}
        </div>
      ) : (
        <PageHeader title={title} actions={headerActions} />
      )}
      {notices}
      <Card className={cn('flex flex-col gap-3 p-3 sm:p-4', cardClassName)}>{children}</Card>
      {dialogs}
      {after}
    </div>
  );
}

/**
 * The pagination bar of a list driven by useListParams; given the list's `query`, its count
 * stays hidden while the first page loads or after a failed load (never a false '0').
 */
export function ListPagination({
  list,
  total,
  totalCapped,
  query,
}: {
  list: Pick<ListParams, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;
  total: number;
  query?: ListQueryState;
  /** The server stopped counting at `total`. */
  totalCapped?: boolean;
}) {
  return (
    <PaginationBar
      page={list.page}
      pageSize={list.pageSize}
      total={query && !listCountKnown(query) ? undefined : total}
      totalCapped={totalCapped}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
}
