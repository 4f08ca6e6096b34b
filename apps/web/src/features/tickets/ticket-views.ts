import type {
  SmartView,
  SmartViewFilters,
  TicketListColumn,
} from '@omnicare/shared/ticket-config/ticket-config.schemas';
import type { TicketSortKey } from '@omnicare/shared/tickets/tickets.schemas';
import { listOf, listParamOf } from '@/components/filters/comma-list';
import { customParamOf, readCustomFilters } from '@/features/fields/custom-filters';
import type { TicketFilters } from './tickets.api';

/**
 * The views every agent starts with (Zendesk's defaults, in Vietnamese); saved views of the
 * tenant come after them. The chosen one is remembered in local storage `smartView`.
 */
export interface TicketView {
  id: string;
  name: string;
  filters: TicketFilters;
  /** A view saved on the server (`/v2/smart-view`): the list asks with `smart_view_id`. */
  saved?: boolean;
  /** A saved view's search (the list's `q`). */
  search?: string;
  sort?: { key: TicketSortKey; order: 'asc' | 'desc' };
  /** A saved view's columns. */
  columns?: readonly TicketListColumn[];
  /** A saved view the user may change ('Cập nhật view'). */
  editable?: boolean;
}

/** The multi-value filters: a comma list in the address and the list query, an array in a view. */
const LIST_KEYS = [
  'status',
  'priority_id',
  'type_id',
  'service_id',
  'group_id',
  'assignee_id',
  'source',
  'tag',
] as const;
const SINGLE_KEYS = [
  'requester_id',
  'sla',
  'created_from',
  'created_to',
  'updated_from',
  'updated_to',
] as const;

/** A view's filters as the list's (what its filter panel shows and the address holds). */
export function listFiltersOf(filters: SmartViewFilters): TicketFilters {
  const value: TicketFilters = {};
  for (const key of LIST_KEYS) {
    const items = listParamOf(filters[key] ?? []);
    if (items) value[key] = items;
  }
  for (const key of SINGLE_KEYS) if (filters[key]) value[key] = filters[key];
  const custom = customParamOf(readCustomFilters(filters.custom));
  if (custom) value.custom = custom;
  return value;
}

/** The list's filters and search as a view keeps them (empty ones left out). */
export function viewFiltersOf(filters: TicketFilters, search = ''): SmartViewFilters {
  const value: SmartViewFilters = {};
  const lists = value as Record<(typeof LIST_KEYS)[number], string[] | undefined>;
  for (const key of LIST_KEYS) {
    const items = listOf(filters[key]);
    if (items.length > 0) lists[key] = items;
  }
  for (const key of SINGLE_KEYS) {
    const item = filters[key];
    if (item) (value as Record<string, string>)[key] = item;
  }
  const custom = readCustomFilters(filters.custom);
  if (Object.keys(custom).length > 0) value.custom = custom as SmartViewFilters['custom'];
  if (search.trim()) value.search = search.trim();
  return value;
}

/** A view id that names a saved view (a UUID), not a built-in one. */
export const isSavedViewId = (id: string | null): id is string =>
  id !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A smart view of the tenant (shared) or of the user, as the list opens it. */
export const savedView = (view: SmartView): TicketView => ({
  id: view._id,
  name: view.name,
  filters: listFiltersOf(view.filters),
  search: view.filters.search,
  saved: true,
  sort: { key: view.sort.field, order: view.sort.direction },
  columns: view.columns,
  editable: view.editable,
});
export const BUILT_IN_VIEWS: readonly TicketView[] = [
  {
    id: 'mine-open',
    name: 'Ticket của tôi đang xử lý',
    filters: { assignee_id: 'me', status: 'new,open,pending' },
  },
  {
    id: 'unassigned',
    name: 'Ticket chưa giao',
    filters: { assignee_id: 'none', status: 'new,open,pending' },
  },
  { id: 'open', name: 'Tất cả ticket đang mở', filters: { status: 'new,open,pending' } },
  { id: 'sla-breached', name: 'Quá hạn SLA', filters: { sla: 'breached' } },
  { id: 'solved', name: 'Đã giải quyết', filters: { status: 'solved' } },
  { id: 'all', name: 'Tất cả ticket', filters: {} },
];
export const DEFAULT_VIEW_ID = 'open';

/** The view whose filters are exactly these (to show which one the list is on). */
export function viewMatching(filters: TicketFilters): TicketView | undefined {
  const same = (a: TicketFilters, b: TicketFilters) => {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof TicketFilters>;
    return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
  };
  return BUILT_IN_VIEWS.find((view) => same(view.filters, filters));
}
