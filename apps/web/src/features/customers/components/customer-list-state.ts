import { useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomFilters } from '@omnicare/shared/fields/custom-filters';
import { CUSTOMER_SORTS } from '@omnicare/shared/customers/customers.schemas';
import { LIST_ADDRESS_KEYS, useAddressFilters } from '@/lib/use-list-params';
import type { CustomerFilters, CustomerSort, SortOrder } from '../customers.api';
import { compactParams } from '@/lib/http';
import { FILTER_KEYS, fetchCustomers } from '../customers.api';
import { customerKeys, useCustomerFields } from '../customers.queries';
import {
  applicableCustomFilters,
  customParamOf,
  readCustomFilters,
} from '@/features/fields/custom-filters';

type FiltersUpdate = CustomerFilters | ((current: CustomerFilters) => CustomerFilters);

/**
 * The order a click on a column header asks for: the sorted column flips; another starts A→Z
 * for the name and newest or highest first for dates and the tier.
 */
export function nextSortOrder(
  column: CustomerSort,
  sort: CustomerSort,
  order: SortOrder,
): SortOrder {
  if (column === sort) return order === 'asc' ? 'desc' : 'asc';
  return column === 'name' ? 'asc' : 'desc';
}

/**
 * Filters and sort live in the address beside the list's keyword, page and size
 * (useListParamsInAddress), so going back from a record keeps them. A change of filters, sort or
 * keyword drops the page in the same change: page 1 shows with them, not a page of the old rows.
 */
const ADDRESS_KEYS = [...FILTER_KEYS, 'sort', 'order', LIST_ADDRESS_KEYS.search] as const;

export function useCustomerListState() {
  const [address, setAddress] = useAddressFilters(ADDRESS_KEYS);
  const addressKey = JSON.stringify(address);
  const filters = useMemo(() => {
    const value: CustomerFilters = {};
    for (const key of FILTER_KEYS) {
      // Custom filters in one canonical spelling, so an edited address asks like a clean one.
      const item = key === 'custom' ? customParamOf(readCustomFilters(address[key])) : address[key];
      if (item) value[key] = item;
    }
    return value;
    // The values, not the object read anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressKey]);
  const sortParam = address.sort;
  const sort: CustomerSort = (CUSTOMER_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as CustomerSort)
    : 'created_at';
  const order: SortOrder = address.order === 'asc' ? 'asc' : 'desc';
  // The filters as last set: a change made before the address shows the previous one (two quick
  // picks) builds on it instead of on what this render read.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  const update = (next: {
    filters?: FiltersUpdate;
    sort?: CustomerSort;
    order?: SortOrder;
    /** A keyword set with the filters, in the same change (a saved filter, clearing all). */
    keyword?: string;
  }) => {
    const nextFilters =
      typeof next.filters === 'function' ? next.filters(latest.current) : next.filters;
    if (nextFilters) latest.current = nextFilters;
    const merged = compactParams({
      ...(nextFilters ?? latest.current),
      sort: next.sort ?? sort,
      order: next.order ?? order,
    }) as Record<string, string | number | undefined>;
    // Every filter written (absent ones dropped), defaults left out; the keyword and the page size
    // stay unless a keyword comes along; the page is 1.
    const values: Partial<Record<(typeof ADDRESS_KEYS)[number], string | null>> = {};
    for (const key of FILTER_KEYS)
      values[key] = merged[key] === undefined ? null : String(merged[key]);
    values.sort = merged.sort === 'created_at' ? null : String(merged.sort);
    values.order = merged.order === 'desc' ? null : String(merged.order);
    if (next.keyword !== undefined) values[LIST_ADDRESS_KEYS.search] = next.keyword || null;
    setAddress(values);
  };
  return {
    filters,
    sort,
    order,
    setFilters: (next: FiltersUpdate) => update({ filters: next }),
    sortBy: (column: CustomerSort) =>
      update({ sort: column, order: nextSortOrder(column, sort, order) }),
    update,
  };
}

/** What a saved filter holds, as the list's filters, sort, order and keyword. */
export function readSavedFilter(saved: Record<string, unknown>) {
  const filters: CustomerFilters = {};
  for (const key of FILTER_KEYS) {
    const value = key === 'custom' ? customParamOf(readCustomFilters(saved.custom)) : saved[key];
    if (typeof value === 'string' || typeof value === 'number') filters[key] = String(value);
  }
  return {
    filters,
    sort: CUSTOMER_SORTS.find((value) => value === saved.sort) ?? 'created_at',
    order: saved.order === 'asc' ? ('asc' as const) : ('desc' as const),
    keyword: typeof saved.keyword === 'string' ? saved.keyword : '',
  };
}

/** The list as a saved filter keeps it. */
export function savedFilterOf({
  filters,
  appliedCustom,
  keyword,
  sort,
  order,
}: {
  filters: CustomerFilters;
  appliedCustom: CustomFilters;
  keyword: string;
  sort: CustomerSort;
  order: SortOrder;
}) {
  return {
    ...compactParams({ ...filters, custom: undefined }),
    // Kept as an object: what the API takes in a saved filter and answers back.
    custom: Object.keys(appliedCustom).length > 0 ? appliedCustom : undefined,
    keyword: keyword || undefined,
    sort,
    order,
  };
}

/**
 * The customers of a page. Custom filters go to the server for the fields the tenant has now
 * (a saved filter naming a removed field or option drops that part); they wait for the fields,
 * unless those fail.
 */
export function useCustomerRows({
  filters,
  keyword,
  sort,
  order,
  page,
  pageSize,
}: {
  filters: CustomerFilters;
  keyword: string;
  sort: CustomerSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}) {
  const fields = useCustomerFields();
  const customFilters = useMemo(() => readCustomFilters(filters.custom), [filters.custom]);
  const appliedCustom = fields.data
    ? applicableCustomFilters(fields.data, customFilters)
    : customFilters;
  const waitingForFields = filters.custom !== undefined && fields.isPending;
  const listFilters = { ...filters, custom: customParamOf(appliedCustom) };
  const params = { ...listFilters, keyword, sort, order, page, page_size: pageSize };
  const query = useQuery({
    queryKey: [...customerKeys.customers, 'list', params],
    queryFn: ({ signal }) => fetchCustomers(params, signal),
    placeholderData: keepPreviousData,
    enabled: !waitingForFields,
  });
  return {
    query,
    fields: fields.data,
    appliedCustom,
    /** What the export asks for: the list's filters without paging. */
    exportQuery: compactParams({ ...listFilters, keyword, sort, order }),
    rows: query.isError ? [] : (query.data?.data ?? []),
    total: query.isError ? 0 : (query.data?.total ?? 0),
    capped: !query.isError && query.data?.total_capped === true,
  };
}
