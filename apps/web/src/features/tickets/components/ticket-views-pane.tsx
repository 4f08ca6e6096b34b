import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import {
  TICKET_VIEW_COUNT_CAP,
  type TicketViewCount,
  type TicketViewCountsRequest,
} from '@omnicare/shared/tickets/tickets.schemas';
import { cn } from '@/lib/cn';
import { readJsonItem, writeJsonItem } from '@/lib/storage';
import { fetchViewCounts } from '../tickets.api';
import { ticketKeys } from '../tickets.queries';
import type { TicketView } from '../ticket-views';

const COLLAPSED_KEY = 'ticketViewsCollapsed';
/** From this window width the pane and the default columns fit side by side. */
const WIDE_ENOUGH = 1440;
type CountedView = TicketViewCountsRequest['views'][number];

export const VIEWS_PANE_TEXT = {
  title: 'Chế độ xem',
  saved: 'View đã lưu',
  collapse: 'Thu gọn chế độ xem',
  expand: 'Mở chế độ xem',
} as const;

/** '12', or '99+' past the cap. */
export const viewCountLabel = ({ count, capped }: Pick<TicketViewCount, 'count' | 'capped'>) =>
  capped ? `${TICKET_VIEW_COUNT_CAP}+` : String(count);

/** What the server counts for a view: a saved one by its id, a built-in one by its filters. */
const countedAs = (view: TicketView): CountedView => ({
  id: view.id,
  // The address's strings, as the list sends them; the server checks them as it checks the list.
  filter: view.saved
    ? { smart_view_id: view.id }
    : ({
        ...view.filters,
        ...(view.search ? { search: view.search } : {}),
      } as CountedView['filter']),
});

/**
 * The list's views (built-in, then saved) with how many tickets each holds for me, in a pane
 * that collapses to a button (remembered: at 1366 px the table needs the room).
 */
export function TicketViewsPane({
  views,
  currentId,
  onOpen,
}: {
  views: readonly TicketView[];
  currentId: string | null;
  onOpen: (view: TicketView) => void;
}) {
  // Until chosen, collapsed on screens narrower than WIDE_ENOUGH: the table needs the room.
  const [collapsed, setCollapsed] = useState(
    () => readJsonItem<boolean>(COLLAPSED_KEY) ?? window.innerWidth < WIDE_ENOUGH,
  );
  const toggle = () => {
    writeJsonItem(COLLAPSED_KEY, !collapsed);
    setCollapsed(!collapsed);
  };
  const counted = views.map(countedAs);
  const counts = useQuery({
    // Under the lists' key: whatever re-reads the lists (a change, a save) re-counts too.
    queryKey: [...ticketKeys.lists, 'view-counts', counted],
    queryFn: ({ signal }) => fetchViewCounts({ views: counted }, signal),
    enabled: !collapsed && counted.length > 0,
    staleTime: 30_000,
    meta: { silent: true },
  });
  const countOf = new Map((counts.data ?? []).map((count) => [count.id, count]));

  if (collapsed)
    return (
      <nav aria-label={VIEWS_PANE_TEXT.title} className="border-slate-200 p-2 lg:border-r">
        <button
          type="button"
          aria-expanded={false}
          aria-label={VIEWS_PANE_TEXT.expand}
          title={VIEWS_PANE_TEXT.expand}
          onClick={toggle}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <PanelLeftOpen className="size-4" aria-hidden="true" />
        </button>
      </nav>
    );

  const list = (items: readonly TicketView[]) => (
    <ul className="flex flex-row flex-wrap gap-1 lg:flex-col">
      {items.map((view) => {
        const count = countOf.get(view.id);
        return (
          <li key={view.id}>
            <button
              type="button"
              aria-current={view.id === currentId ? 'page' : undefined}
              onClick={() => onOpen(view)}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100',
                view.id === currentId && 'bg-teal-50 font-medium text-teal-900',
              )}
            >
              <span className="min-w-0 flex-1 truncate" title={view.name}>
                {view.name}
              </span>{' '}
              {count && (
                <span
                  className="shrink-0 text-xs text-slate-500 tabular-nums"
                  data-testid="view-count"
                >
                  {viewCountLabel(count)}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
  const heading = (text: string, className?: string) => (
    <h2
      className={cn(
        'mb-2 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase',
        className,
      )}
    >
      {text}
    </h2>
  );
  const saved = views.filter((view) => view.saved);
  return (
    <nav
      aria-label={VIEWS_PANE_TEXT.title}
      className="border-b border-slate-200 p-3 lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0"
    >
      <div className="flex items-start justify-between gap-2">
        {heading(VIEWS_PANE_TEXT.title)}
        <button
          type="button"
          aria-expanded={true}
          aria-label={VIEWS_PANE_TEXT.collapse}
          title={VIEWS_PANE_TEXT.collapse}
          onClick={toggle}
          className="-mt-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <PanelLeftClose className="size-4" aria-hidden="true" />
        </button>
      </div>
      {list(views.filter((view) => !view.saved))}
      {saved.length > 0 && (
        <>
          {heading(VIEWS_PANE_TEXT.saved, 'mt-4')}
          {list(saved)}
        </>
      )}
    </nav>
  );
}
