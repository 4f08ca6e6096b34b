import type { CustomField } from '@omnicare/shared/fields/fields.schemas';
import { FilterToolbar } from '@/components/list/filter-toolbar';
import type { CustomerFilters } from '../customers.api';
import { CUSTOMER_TEXT } from '../customers-text';
import { CustomerFiltersPanel } from './customer-filters';
import { SavedFiltersMenu } from './saved-filters-menu';
import type { SavedFiltersMenuProps } from './saved-filters-menu';

/** The customer list's filter toolbar, its saved filters at the end of the row. */
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
    <FilterToolbar
      text={CUSTOMER_TEXT}
      search={search}
      onSearchChange={onSearchChange}
      filterCount={filterCount}
      onClear={() => onFiltersChange({})}
      showFilters={showFilters}
      onShowFiltersChange={onShowFiltersChange}
      end={
        <>
          <span className="flex-1" />
          <SavedFiltersMenu {...saved} />
        </>
      }
      panel={<CustomerFiltersPanel value={filters} onChange={onFiltersChange} fields={fields} />}
    />
  );
}
