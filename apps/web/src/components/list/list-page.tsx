import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { PageHeader } from '@/components/feedback/placeholder-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PaginationBar } from '@/components/ui/pagination-bar';
import { cn } from '@/lib/cn';
import type { ListParams } from '@/lib/use-list-params';

/**
 * A list screen: its area's tabs, the title with an add button (or other actions), one card
 * holding the search, filters, list and pagination, then the screen's dialogs.
 */
export function ListPage({
  nav,
  title,
  add,
  actions,
  cardClassName,
  children,
  dialogs,
}: {
  nav: ReactNode;
  title: string;
  /** The add button; leave it out for those who may not add. */
  add?: { label: string; onClick: () => void } | false;
  /** Header actions other than the add button. */
  actions?: ReactNode;
  cardClassName?: string;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {nav}
      <PageHeader
        title={title}
        actions={
          add ? (
            <Button onClick={add.onClick}>
              <Plus aria-hidden="true" />
              {add.label}
            </Button>
          ) : (
            actions
          )
        }
      />
      <Card className={cn('flex flex-col gap-3 p-3 sm:p-4', cardClassName)}>{children}</Card>
      {dialogs}
    </div>
  );
}

/** The pagination bar of a list driven by useListParams. */
export function ListPagination({
  list,
  total,
}: {
  list: Pick<ListParams, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;
  total: number;
}) {
  return (
    <PaginationBar
      page={list.page}
      pageSize={list.pageSize}
      total={total}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
}
