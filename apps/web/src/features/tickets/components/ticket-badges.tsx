import { TICKET_STATUS, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { SLA_DUE_SOON_MINUTES } from '@omnicare/shared/tickets/tickets.schemas';
import { Badge } from '@/components/ui/badge';
import { useNow } from '@/lib/use-now';
import { TICKET_TEXT } from '../tickets-text';

const STATUS_BADGE: Record<
  TicketStatus,
  'default' | 'secondary' | 'outline' | 'warning' | 'success'
> = {
  new: 'warning',
  open: 'default',
  pending: 'outline',
  solved: 'success',
  closed: 'secondary',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{TICKET_STATUS.label(status)}</Badge>;
}

export function PriorityLabel({ priority }: { priority: { name: string; color: string } | null }) {
  if (!priority) return null;
  return (
    <span
      className="inline-flex max-w-full items-center gap-1.5 whitespace-nowrap"
      title={priority.name}
    >
      <span
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: priority.color }}
        aria-hidden
      />
      <span className="truncate">{priority.name}</span>
    </span>
  );
}

/** A span of time as an agent says it: '45 phút', '2 giờ 10 phút', '3 ngày 4 giờ'. */
export function spanText(ms: number, compact = false): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'dưới 1 phút';
  if (minutes < 60) return `${minutes} phút`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 && !compact ? `${hours} giờ ${minutes % 60} phút` : `${hours} giờ`;
  const days = Math.floor(hours / 24);
  return hours % 24 && !compact ? `${days} ngày ${hours % 24} giờ` : `${days} ngày`;
}

/**
 * The SLA target at a glance: the time left ('còn 45 phút'; amber when near,
 * `SLA_DUE_SOON_MINUTES`), or red with how long overdue ('Quá hạn 2 giờ'); the due moment on hover.
 */
export function SlaLabel({
  dueAt,
  breachedAt,
  compact = false,
}: {
  dueAt: string | null;
  breachedAt: string | null;
  /** The largest unit only ('còn 16 giờ'), as a list's narrow column shows it. */
  compact?: boolean;
}) {
  const now = useNow();
  const due = dueAt ? Date.parse(dueAt) : null;
  const title = dueAt ? `${TICKET_TEXT.dueAt}: ${formatDateTime(dueAt)}` : undefined;
  if (breachedAt || (due !== null && due < now)) {
    const since = due ?? Date.parse(breachedAt as string);
    return (
      <Badge variant="destructive" title={title} className="whitespace-nowrap">
        {TICKET_TEXT.overdue} {spanText(now - since, compact)}
      </Badge>
    );
  }
  if (due === null) return null;
  const soon = due - now < SLA_DUE_SOON_MINUTES * 60_000;
  return (
    <span
      title={title}
      className={
        soon ? 'font-medium whitespace-nowrap text-amber-700' : 'whitespace-nowrap text-slate-600'
      }
    >
      {TICKET_TEXT.timeLeft} {spanText(due - now, compact)}
    </span>
  );
}
