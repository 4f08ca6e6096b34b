import { lazy, Suspense, type ReactNode } from 'react';
import { Filter, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
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
  const count = Object.keys(filters).length;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          className="min-w-[min(100%,21rem)] flex-1 sm:max-w-md"
          label={TICKET_TEXT.searchPlaceholder}
          placeholder={TICKET_TEXT.searchPlaceholder}
          value={search}
          onChange={onSearchChange}
        />
        <Button
          variant={showFilters ? 'secondary' : 'outline'}
          aria-expanded={showFilters}
          onClick={() => onShowFiltersChange(!showFilters)}
        >
          <Filter aria-hidden="true" />
          {TICKET_TEXT.filters}
          {count > 0 && <Badge>{count}</Badge>}
        </Button>
        {count > 0 && (
          <Button variant="ghost" onClick={onClear}>
            <X aria-hidden="true" />
            {TICKET_TEXT.clearFilters}
          </Button>
        )}
        {end && <div className="ml-auto flex flex-wrap items-center gap-2">{end}</div>}
      </div>
      {showFilters && (
        <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
          <Suspense fallback={<Skeleton className="h-16 w-full" />}>
            <TicketFiltersPanel value={filters} onChange={onFiltersChange} />
          </Suspense>
        </div>
      )}
    </>
  );
}
