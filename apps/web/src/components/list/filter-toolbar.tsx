import type { ReactNode } from 'react';
import { Filter, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';

/**
 * A list's search box (wide enough for its whole placeholder: the buttons wrap to the next line
 * first), the filters button with its count, clearing and the row's own end; the filters panel
 * below while it is open.
 */
export function FilterToolbar({
  text,
  search,
  onSearchChange,
  filterCount,
  onClear,
  showFilters,
  onShowFiltersChange,
  end,
  panel,
}: {
  text: { searchPlaceholder: string; filters: string; clearFilters: string };
  search: string;
  onSearchChange: (text: string) => void;
  filterCount: number;
  onClear: () => void;
  showFilters: boolean;
  onShowFiltersChange: (show: boolean) => void;
  /** Controls at the end of the row. */
  end?: ReactNode;
  /** The filters panel, shown while open. */
  panel: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          className="min-w-[min(100%,16rem)] flex-1 sm:max-w-md"
          label={text.searchPlaceholder}
          placeholder={text.searchPlaceholder}
          value={search}
          onChange={onSearchChange}
        />
        <Button
          variant={showFilters ? 'secondary' : 'outline'}
          aria-expanded={showFilters}
          onClick={() => onShowFiltersChange(!showFilters)}
        >
          <Filter aria-hidden="true" />
          {text.filters}
          {filterCount > 0 && <Badge>{filterCount}</Badge>}
        </Button>
        {filterCount > 0 && (
          <Button variant="ghost" onClick={onClear}>
            <X aria-hidden="true" />
            {text.clearFilters}
          </Button>
        )}
        {end}
      </div>
      {showFilters && (
        <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">{panel}</div>
      )}
    </>
  );
}
