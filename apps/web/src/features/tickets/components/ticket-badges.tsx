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
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        className="size-2.5 rounded-full"
        style={{ backgroundColor: priority.color }}
        aria-hidden
      />
      {priority.name}
    </span>
  );
}

/**
 * The SLA target as an agent reads it: 'Quá hạn' in red once breached, else the due time (amber
 * when it is near (`SLA_DUE_SOON_MINUTES`)).
 */
export function SlaLabel({
  dueAt,
  breachedAt,
}: {
  dueAt: string | null;
  breachedAt: string | null;
}) {
  const now = useNow();
  if (breachedAt || (dueAt && Date.parse(dueAt) < now))
    return (
      <Badge variant="destructive" title={dueAt ? formatDateTime(dueAt) : undefined}>
        {TICKET_TEXT.overdue}
      </Badge>
    );
  if (!dueAt) return null;
  const soon = Date.parse(dueAt) - now < SLA_DUE_SOON_MINUTES * 60_000;
  return (
    <span className={soon ? 'font-medium text-amber-700' : 'text-slate-600'}>
      {formatDateTime(dueAt)}
    </span>
  );
}
