import type { SmartView } from '@omnicare/shared/ticket-config/ticket-config.schemas';
import type { TicketSortKey } from '@omnicare/shared/tickets/tickets.schemas';
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
  sort?: { key: TicketSortKey; order: 'asc' | 'desc' };
}

/** A view id that names a saved view (a UUID), not a built-in one. */
export const isSavedViewId = (id: string | null): id is string =>
  id !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A smart view of the tenant (shared) or of the user, as the list opens it. */
export const savedView = (view: SmartView): TicketView => ({
  id: view._id,
  name: view.name,
  filters: {},
  saved: true,
  sort: { key: view.sort.field, order: view.sort.direction },
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
