import { Bell, BellOff, Loader2 } from 'lucide-react';
import {
  CONVERSATION_BOX,
  CONVERSATION_BOX_LABEL,
  type ConversationRow,
} from '@omnicare/shared/conversations/conversations.schemas';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import type { ConversationFilters } from '../conversations.api';
import { useConversationList } from '../conversations.queries';
import { CHAT_TEXT } from '../conversations-text';
import { useChatMuted } from '../live/chat-sound';
import { rowsOf } from '../live/list-cache';
import { ConversationFiltersBar } from './conversation-filters';
import { ConversationListRow } from './conversation-row';

/** Rows once each (a row moved up live may come again with a later page). */
const uniqueRows = (rows: ConversationRow[]) => {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row._id) && seen.add(row._id));
};

function MuteToggle() {
  const [muted, setMuted] = useChatMuted();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-8 p-0 text-slate-500"
      aria-label={muted ? CHAT_TEXT.unmute : CHAT_TEXT.mute}
      title={muted ? CHAT_TEXT.unmute : CHAT_TEXT.mute}
      aria-pressed={muted}
      onClick={() => setMuted(!muted)}
    >
      {muted ? <BellOff aria-hidden /> : <Bell aria-hidden />}
    </Button>
  );
}

/**
 * The left pane: the boxes with their unread numbers, the filters and the conversations,
 * newest activity first, a page more at the bottom.
 */
export function ConversationList({
  filters,
  onFilters,
  me,
  activeId,
  linkTo,
}: {
  filters: ConversationFilters;
  onFilters: (patch: Partial<ConversationFilters>) => void;
  me: string | undefined;
  activeId: string | null;
  linkTo: (row: ConversationRow) => string;
}) {
  const list = useConversationList(filters);
  const now = useNow(30_000);
  const rows = uniqueRows(rowsOf(list.data));
  const unread = list.data?.pages[0]?.unread;

  return (
    <section aria-label={CHAT_TEXT.listLabel} className="flex h-full min-h-0 flex-col bg-white">
      <div className="flex items-center border-b border-slate-200 px-1 pt-2">
        <div
          role="tablist"
          aria-label={CHAT_TEXT.boxes}
          className="flex min-w-0 flex-1 overflow-x-auto"
        >
          {CONVERSATION_BOX.map((box) => {
            const count = unread?.[box] ?? 0;
            const selected = filters.box === box;
            return (
              <button
                key={box}
                type="button"
                role="tab"
                aria-selected={selected}
                onClick={() => onFilters({ box })}
                className={cn(
                  'inline-flex items-center gap-1 border-b-2 px-2 pb-2 text-[13px] whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-teal-600/40',
                  selected
                    ? 'border-teal-700 font-semibold text-teal-900'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {CONVERSATION_BOX_LABEL[box]}
                {count > 0 && (
                  <span
                    className={cn(
                      'rounded-full px-1.5 text-[11px] font-semibold tabular-nums',
                      selected ? 'bg-teal-700 text-white' : 'bg-slate-200 text-slate-700',
                    )}
                    aria-label={CHAT_TEXT.unreadIn(count)}
                  >
                    {count > 99 ? '99+' : count}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </div>
      <ConversationFiltersBar filters={filters} onChange={onFilters} extra={<MuteToggle />} />
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-list">
        {list.isPending ? (
          <div className="flex flex-col gap-3 p-3">
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="flex gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex flex-1 flex-col gap-1.5">
                  <Skeleton className="h-3.5 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <LoadErrorState onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : rows.length === 0 ? (
          <EmptyState message={CHAT_TEXT.emptyList} />
        ) : (
          <ul>
            {rows.map((row) => (
              <ConversationListRow
                key={row._id}
                row={row}
                me={me}
                now={now}
                active={row._id === activeId}
                to={linkTo(row)}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="flex justify-center p-3">
            <Button
              variant="outline"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
              {CHAT_TEXT.loadMore}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
