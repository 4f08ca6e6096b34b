import { Link } from 'react-router';
import { Lock, UserRound } from 'lucide-react';
import type { ConversationRow as Row } from '@omnicare/shared/conversations/conversations.schemas';
import { MESSAGE_KIND } from '@omnicare/shared/conversations/message-enums';
import { formatRelative } from '@omnicare/shared/platform/time';
import { isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { CHAT_TEXT } from '../conversations-text';
import { ReferralBadge } from './referral-badge';
import { ChannelMark, channelLabel } from './channel-mark';

/** The last message's line: who wrote it when it was us or a note, then its text or kind. */
function Preview({ row, me }: { row: Row; me: string | undefined }) {
  const last = row.last_message;
  if (!last) return <span className="text-slate-400">{row.subject}</span>;
  const text = last.preview || `[${MESSAGE_KIND.label(last.kind)}]`;
  const ours = last.author_type === 'user' && row.assignee?._id === me;
  return (
    <>
      {!last.public ? (
        <span className="mr-1 inline-flex items-center gap-0.5 font-medium text-amber-700">
          <Lock className="size-3" aria-hidden />
          {CHAT_TEXT.note.trim()}
        </span>
      ) : ours ? (
        <span className="text-slate-500">{CHAT_TEXT.you}</span>
      ) : null}
      {text}
    </>
  );
}

const waitedMinutes = (since: string, now: number) =>
  Math.floor((now - new Date(since).getTime()) / 60_000);

/** One conversation of the list: who, where from, the last line, since when, what waits. */
export function ConversationListRow({
  row,
  me,
  now,
  active,
  to,
}: {
  row: Row;
  me: string | undefined;
  now: number;
  active: boolean;
  to: string;
}) {
  const name = row.customer?.name ?? CHAT_TEXT.unknownCustomer;
  const unread = row.unread > 0;
  const waiting = row.waiting_since && isUnsolved(row.status) ? row.waiting_since : null;
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation-row"
        className={cn(
          'flex gap-3 border-b border-slate-100 px-3 py-2.5 outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600/40 focus-visible:ring-inset',
          active && 'bg-teal-50/70 hover:bg-teal-50',
        )}
      >
        <span className="relative shrink-0">
          <Avatar name={name} url={row.customer?.avatar_url} />
          <ChannelMark
            source={row.source}
            className="absolute -right-1 -bottom-1 ring-2 ring-white"
          />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span
              className={cn(
                'min-w-0 flex-1 truncate text-sm',
                unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800',
              )}
            >
              {name}
            </span>
            <time
              className={cn('shrink-0 text-[11px]', unread ? 'text-teal-700' : 'text-slate-400')}
              dateTime={row.last_activity_at}
            >
              {formatRelative(row.last_activity_at, now)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span
              className={cn(
                'min-w-0 flex-1 truncate text-[13px]',
                unread ? 'text-slate-800' : 'text-slate-500',
              )}
            >
              <Preview row={row} me={me} />
            </span>
            {unread && (
              <span
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-teal-600 px-1.5 text-[11px] font-semibold text-white tabular-nums"
                aria-label={CHAT_TEXT.unreadBadge(row.unread)}
              >
                {row.unread > 99 ? '99+' : row.unread}
              </span>
            )}
          </span>
          <span className="flex items-center gap-2 text-[11px] text-slate-500">
            <span className="truncate">
              {channelLabel(row.source)}
              {row.channel ? ` · ${row.channel.name}` : ''}
            </span>
            <ReferralBadge referral={row.referral} />
            {waiting && (
              <span
                className="shrink-0 rounded bg-amber-100 px-1.5 py-px font-medium text-amber-800"
                data-testid="waiting-badge"
              >
                {CHAT_TEXT.waiting(waitedMinutes(waiting, now))}
              </span>
            )}
            <span
              className="ml-auto inline-flex max-w-[45%] shrink-0 items-center gap-1 truncate"
              title={row.assignee ? CHAT_TEXT.assignedTo(row.assignee.name) : CHAT_TEXT.unassigned}
            >
              <UserRound className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{row.assignee?.name ?? CHAT_TEXT.unassigned}</span>
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}
