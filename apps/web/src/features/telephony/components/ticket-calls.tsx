import { PhoneIncoming, PhoneOutgoing } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { callResultLabel, formatCallDuration } from '@omnicare/shared/telephony/calls.schemas';
import { useCallHistory } from '../telephony.queries';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';

/**
 * 'Cuộc gọi' on a ticket: the calls linked to it (newest first), each with its number, time,
 * result, talk time and agent. Nothing is shown for a ticket without calls.
 */
export function TicketCalls({ ticketId }: { ticketId: string }) {
  const calls = useCallHistory({ ticket_id: ticketId, page: 1, page_size: 20 });
  const rows = calls.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label={TEXT.ticketCalls} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-slate-900">{TEXT.ticketCalls}</h2>
      <ul className="flex flex-col gap-2">
        {rows.map((call) => {
          const outbound = call.direction === 'CALL_OUTBOUND';
          const Icon = outbound ? PhoneOutgoing : PhoneIncoming;
          const number = outbound ? call.to_number : call.from_number;
          return (
            <li key={call._id} className="flex items-start gap-2 text-[13px] text-slate-700">
              <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="flex min-w-0 flex-col">
                <span className="font-medium tabular-nums">{formatPhone(number) || number}</span>
                <span className="text-slate-500 tabular-nums">
                  {formatDateTime(call.started_at)} · {callResultLabel(call.result)}
                  {call.talk_seconds > 0 && ` · ${formatCallDuration(call.talk_seconds)}`}
                </span>
                {call.agent && <span className="text-slate-500">{call.agent.name}</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The ticket screen's card of its calls (absent without calls). */
export function TicketCallsCard({ ticketId }: { ticketId: string }) {
  const calls = useCallHistory({ ticket_id: ticketId, page: 1, page_size: 20 });
  if (!calls.data?.data.length) return null;
  return (
    <Card className="p-4">
      <TicketCalls ticketId={ticketId} />
    </Card>
  );
}
