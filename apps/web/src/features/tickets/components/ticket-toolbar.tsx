import { lazy, Suspense, type ReactNode } from 'react';
import { FilterToolbar } from '@/components/list/filter-toolbar';
import { Skeleton } from '@/components/ui/skeleton';
import { withChunkReload } from '@/lib/chunk-reload';
import type { TicketFilters } from '../tickets.api';
import { TICKET_TEXT } from '../tickets-text';
import type { FiltersUpdate } from './ticket-filters';

/**
 * The filters panel is its own chunk (pickers, date ranges, custom fields), loaded when it is
 * first opened: the list's first screen shows it closed.
 */
const TicketFiltersPanel = lazy(
  withChunkReload(async () => ({
    default: (await import('./ticket-filters')).TicketFiltersPanel,
  })),
);

export function TicketToolbar({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
  onClear,
  showFilters,
  onShowFiltersChange,
  end,
}: {
  search: string;
  onSearchChange: (text: string) => void;
  filters: TicketFilters;
  onFiltersChange: FiltersUpdate;
  onClear: () => void;
  showFilters: boolean;
  onShowFiltersChange: (show: boolean) => void;
  /** Controls at the end of the row (columns). */
  end?: ReactNode;
}) {
  return (
    <FilterToolbar
      text={TICKET_TEXT}
      search={search}
      onSearchChange={onSearchChange}
      filterCount={Object.keys(filters).length}
      onClear={onClear}
      showFilters={showFilters}
      onShowFiltersChange={onShowFiltersChange}
      end={end && <div className="ml-auto flex flex-wrap items-center gap-2">{end}</div>}
      panel={
        <Suspense fallback={<Skeleton className="h-16 w-full" />}>
          <TicketFiltersPanel value={filters} onChange={onFiltersChange} />
        </Suspense>
      }
    />
  );
}
