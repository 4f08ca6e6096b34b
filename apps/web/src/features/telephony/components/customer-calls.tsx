import { Link } from 'react-router';
import { Phone, PhoneIncoming, PhoneOutgoing } from 'lucide-react';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { callResultLabel, formatCallDuration } from '@omnicare/shared/telephony/calls.schemas';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useCallHistory } from '../telephony.queries';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';
import { callResultVariant } from './call-result';

/**
 * A customer's latest calls (as far as the caller's call scope goes), newest first: direction,
 * time, talk time, result and the ticket each belongs to (a link that opens it). The customer
 * panel and the customer's page show it.
 */
export function CustomerCalls({ customerId, shown = 5 }: { customerId: string; shown?: number }) {
  const { recordPath } = useShellNavigation();
  const query = useCallHistory({ customer_id: customerId, page: 1, page_size: shown });
  const rows = query.data?.data ?? [];
  const titleId = `customer-calls-${customerId}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="customer-calls">
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Phone className="size-4 text-teal-700" aria-hidden="true" />
        {TEXT.customerCalls}
        {query.data && <span className="font-normal text-slate-500">({query.data.total})</span>}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <p className="text-sm text-red-700">{TEXT.customerCallsFailed}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">{TEXT.noCustomerCalls}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {rows.map((call) => {
            const Icon = call.direction === 'CALL_OUTBOUND' ? PhoneOutgoing : PhoneIncoming;
            return (
              <li key={call._id} className="flex flex-col gap-1 py-2 text-[13px] text-slate-700">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="flex items-center gap-1 font-medium text-slate-900">
                    <Icon className="size-3.5 text-slate-500" aria-hidden="true" />
                    {CHANNEL_SOURCE.label(call.direction)}
                  </span>
                  <span className="text-slate-500 tabular-nums">
                    {formatDateTime(call.started_at)}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant={callResultVariant(call.result)} title={call.cause ?? undefined}>
                    {callResultLabel(call.result)}
                  </Badge>
                  <span className="text-slate-500 tabular-nums" title={TEXT.talk}>
                    {formatCallDuration(call.talk_seconds)}
                  </span>
                  {call.ticket ? (
                    <Link
                      to={recordPath('ticket', call.ticket.number)}
                      className="font-medium text-teal-800 tabular-nums underline-offset-2 hover:underline"
                      aria-label={TEXT.callTicket(call.ticket.code)}
                    >
                      {call.ticket.code}
                    </Link>
                  ) : (
                    <span className="text-slate-400">{TEXT.noTicket}</span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
