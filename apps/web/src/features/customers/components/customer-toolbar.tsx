import { Filter, X } from 'lucide-react';
import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import type { CustomerFilters } from '../customers.api';
import { CUSTOMER_TEXT } from '../customers-text';
import { CustomerFiltersPanel } from './customer-filters';
import { SavedFiltersMenu } from './saved-filters-menu';
import type { SavedFiltersMenuProps } from './saved-filters-menu';

/**
 * The search box (wide enough for its whole placeholder: the buttons wrap to the next line
 * first), the filters button with its count, clearing, saved filters; then the panel.
 */
export function CustomerToolbar({
  search,
  onSearchChange,
  filters,
  onFiltersChange,
  fields,
  filterCount,
  showFilters,
  onShowFiltersChange,
  saved,
}: {
  search: string;
  onSearchChange: (text: string) => void;
  filters: CustomerFilters;
  onFiltersChange: (
    next: CustomerFilters | ((current: CustomerFilters) => CustomerFilters),
  ) => void;
  fields: readonly CustomField[] | undefined;
  filterCount: number;
  showFilters: boolean;
  onShowFiltersChange: (show: boolean) => void;
  saved: SavedFiltersMenuProps;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          className="min-w-[min(100%,21rem)] flex-1 sm:max-w-md"
          label={CUSTOMER_TEXT.searchPlaceholder}
          placeholder={CUSTOMER_TEXT.searchPlaceholder}
          value={search}
          onChange={onSearchChange}
        />
        <Button
          variant={showFilters ? 'secondary' : 'outline'}
          aria-expanded={showFilters}
          onClick={() => onShowFiltersChange(!showFilters)}
        >
          <Filter aria-hidden="true" />
          {CUSTOMER_TEXT.filters}
          {filterCount > 0 && <Badge>{filterCount}</Badge>}
        </Button>
        {filterCount > 0 && (
          <Button variant="ghost" onClick={() => onFiltersChange({})}>
            <X aria-hidden="true" />
            {CUSTOMER_TEXT.clearFilters}
          </Button>
        )}
        <span className="flex-1" />
        <SavedFiltersMenu {...saved} />
      </div>
      {showFilters && (
        <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
          <CustomerFiltersPanel value={filters} onChange={onFiltersChange} fields={fields} />
        </div>
      )}
    </>
  );
}
