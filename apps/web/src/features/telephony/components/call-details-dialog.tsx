import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, Loader2, PhoneIncoming, PhoneOutgoing, Plus, Ticket } from 'lucide-react';
import { WRAP_UP_MESSAGES } from '@omnicare/shared/telephony/wrap-up.schemas';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { formatDateTime } from '@omnicare/shared/platform/time';
import {
  CALL_END_CAUSE,
  CALL_EVENT_LABEL,
  callResultLabel,
  formatCallDuration,
  formatCallTransfer,
  type CallDetail,
  type CallEventView,
  type CallView,
} from '@omnicare/shared/telephony/calls.schemas';
import { useShellNavigation } from '@/components/layout/shell-navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { ComboOption } from '@/components/ui/use-combobox-source';
import { TicketPicker } from '@/features/tickets/components/ticket-picker';
import { ticketKeys } from '@/features/tickets/tickets.queries';
import { isApiError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { ClickToCallButton } from '../softphone/components/click-to-call-button';
import { attachCallTicket, createCallTicket } from '../telephony.api';
import { telephonyKeys, useCall } from '../telephony.queries';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';
import { callResultVariant } from './call-result';

/** The number at the customer's end of the call. */
export const customerNumberOf = (call: CallView) =>
  call.direction === 'CALL_OUTBOUND' ? call.to_number : call.from_number;
const phoneShown = (number: string) => formatPhone(number) || number;

/**
 * 'Chi tiết cuộc gọi': a call of the history in a dialog (its row stands in until the call with
 * its events arrives): direction, the customer's number and the customer, hotline, queue,
 * agent and transfers, times, result, what happened in order, and its ticket; a call without
 * one offers 'Tạo ticket' and 'Gắn vào ticket'.
 */
export function CallDetailsDialog({
  call,
  onOpenChange,
}: {
  call: CallView | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={call !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {call && <CallDetails key={call._id} shown={call} />}
      </DialogContent>
    </Dialog>
  );
}

function CallDetails({ shown }: { shown: CallView }) {
  const { recordPath } = useShellNavigation();
  const query = useCall(shown._id, shown);
  const call: CallDetail = query.data ?? { ...shown, events: [], ticket_subject: null };
  const outbound = call.direction === 'CALL_OUTBOUND';
  const Icon = outbound ? PhoneOutgoing : PhoneIncoming;
  const number = customerNumberOf(call);
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{TEXT.callDetails}</DialogTitle>
        <DialogDescription className="flex items-center gap-1.5">
          <Icon className="size-4 text-slate-500" aria-hidden="true" />
          {/* The spec's source labels: 'Gọi vào', 'Gọi ra'. */}
          {CHANNEL_SOURCE.label(call.direction)} · {phoneShown(number)} ·{' '}
          {formatDateTime(call.started_at)}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label={TEXT.direction}>{CHANNEL_SOURCE.label(call.direction)}</Item>
        <Item label={TEXT.number}>
          <span className="flex items-center gap-1.5 tabular-nums">
            {phoneShown(number)}
            <ClickToCallButton
              number={number}
              className="-my-1"
              testId={`call-details-click-to-call-${call._id}`}
            />
          </span>
        </Item>
        <Item label={TEXT.customer}>
          {call.customer ? (
            <Link
              className="text-teal-700 hover:underline"
              to={recordPath('customer', call.customer.number)}
            >
              {call.customer.name}
            </Link>
          ) : (
            <span className="text-slate-500">{TEXT.newCustomer}</span>
          )}
        </Item>
        <Item label={TEXT.hotlineFilter}>
          {call.hotline ? phoneShown(call.hotline) : TEXT.none}
        </Item>
        <Item label={TEXT.queue}>{call.queue?.name ?? TEXT.none}</Item>
        <Item label={TEXT.agent}>
          {call.agent?.name ?? TEXT.none}
          {call.transfers.length > 0 && (
            <ul className="mt-0.5 text-xs text-slate-500" aria-label={TEXT.transferredBy}>
              {call.transfers.map((transfer) => (
                <li key={transfer.at} title={formatDateTime(transfer.at)}>
                  {formatCallTransfer(transfer)}
                </li>
              ))}
            </ul>
          )}
        </Item>
        <Item label={TEXT.startedAt}>
          <span className="tabular-nums">{formatDateTime(call.started_at)}</span>
        </Item>
        <Item label={TEXT.waitTime}>
          <span className="tabular-nums">{formatCallDuration(call.wait_seconds)}</span>
        </Item>
        <Item label={TEXT.talkTime}>
          <span className="tabular-nums">{formatCallDuration(call.talk_seconds)}</span>
          {call.hold_seconds > 0 && (
            <span className="block text-xs text-slate-500 tabular-nums">
              {TEXT.holdTime}: {formatCallDuration(call.hold_seconds)}
              {call.ended_on_hold && ` · ${TEXT.endedOnHold}`}
            </span>
          )}
          {call.acw_seconds > 0 && (
            <span className="block text-xs text-slate-500 tabular-nums" data-testid="call-acw">
              {WRAP_UP_MESSAGES.label}: {formatCallDuration(call.acw_seconds)}
            </span>
          )}
        </Item>
        <Item label={TEXT.result}>
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={callResultVariant(call.result)}>{callResultLabel(call.result)}</Badge>
            {/* How it ended, unless the result already says it ('Khách gác máy' twice). */}
            {call.cause && CALL_END_CAUSE.label(call.cause) !== callResultLabel(call.result) && (
              <span className="text-xs text-slate-500">{CALL_END_CAUSE.label(call.cause)}</span>
            )}
          </span>
        </Item>
      </dl>
      <CallTicketSection call={call} />
      <section aria-labelledby="call-events-title" className="flex flex-col gap-2">
        <h3 id="call-events-title" className="text-sm font-semibold text-slate-900">
          {TEXT.callEvents}
        </h3>
        {query.isPlaceholderData ? (
          <Skeleton className="h-16 w-full" />
        ) : query.isError ? (
          <p className="text-sm text-red-700">{TEXT.callEventsFailed}</p>
        ) : call.events.length === 0 ? (
          <p className="text-sm text-slate-500">{TEXT.noCallEvents}</p>
        ) : (
          <CallTimeline call={call} />
        )}
      </section>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

/** Who or what an event names: its agent, the queue it went to, how it ended. */
function eventDetail(event: CallEventView): string {
  const parts: string[] = [];
  if (event.agent) parts.push(event.agent.name);
  else if (event.queue) parts.push(TEXT.toQueue(event.queue.name));
  if (event.attended) parts.push(TEXT.attended);
  if (event.cause) parts.push(CALL_END_CAUSE.label(event.cause));
  else if (event.sip_code) parts.push(`SIP ${event.sip_code}`);
  if (event.leg > 1) parts.push(TEXT.leg(event.leg));
  return parts.join(' · ');
}

/** The call's events in order, each at its time from the call's start (the clock on hover). */
function CallTimeline({ call }: { call: CallDetail }) {
  const start = Date.parse(call.started_at);
  return (
    <ol className="flex flex-col border-l border-slate-200 pl-4" aria-label={TEXT.callEvents}>
      {call.events.map((event, index) => {
        const detail = eventDetail(event);
        return (
          <li key={`${event.at}-${index}`} className="relative py-1 text-[13px] text-slate-700">
            <span
              className="absolute top-2.5 -left-[21px] size-2 rounded-full bg-teal-600"
              aria-hidden="true"
            />
            <span
              className="inline-block w-14 text-slate-500 tabular-nums"
              title={formatDateTime(event.at)}
            >
              {formatCallDuration((Date.parse(event.at) - start) / 1000)}
            </span>
            <span className="font-medium text-slate-900">{CALL_EVENT_LABEL.label(event.type)}</span>
            {detail && <span className="text-slate-500"> · {detail}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The call's ticket (code and subject, a link opening it); without one, 'Tạo ticket' (a new
 * ticket from the call) and 'Gắn vào ticket' (pick one the caller may see). After either, this
 * call, the history and the ticket's calls are read again.
 */
function CallTicketSection({ call }: { call: CallDetail }) {
  const { recordPath } = useShellNavigation();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState<ComboOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  const linked = ({ data, message }: { data: CallDetail; message: string }) => {
    toast.success(message);
    queryClient.setQueryData(telephonyKeys.call(data._id), data);
    void queryClient.invalidateQueries({ queryKey: telephonyKeys.callLists });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
    if (data.ticket)
      void queryClient.invalidateQueries({ queryKey: ticketKeys.activities(data.ticket._id) });
    setPicking(false);
    setTarget(null);
  };
  // A refusal about the chosen ticket stays under the picker; any other is a toast.
  const failed = (failure: Error) => {
    const field = isApiError(failure) ? failure.fieldErrors[0]?.message : undefined;
    if (field) setError(field);
    else toast.error(failure.message);
    if (isApiError(failure) && failure.status === 409)
      void queryClient.invalidateQueries({ queryKey: telephonyKeys.call(call._id) });
  };
  const create = useMutation({
    meta: { silent: true },
    mutationFn: () => createCallTicket(call._id),
    onSuccess: linked,
    onError: failed,
  });
  const attach = useMutation({
    meta: { silent: true },
    mutationFn: (ticketId: string) => attachCallTicket(call._id, { ticket_id: ticketId }),
    onSuccess: linked,
    onError: failed,
  });
  const busy = create.isPending || attach.isPending;

  return (
    <section
      aria-labelledby="call-ticket-title"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
    >
      <h3
        id="call-ticket-title"
        className="flex items-center gap-1.5 text-sm font-semibold text-slate-900"
      >
        <Ticket className="size-4 text-teal-700" aria-hidden="true" />
        {TEXT.ticket}
      </h3>
      {call.ticket ? (
        <Link
          to={recordPath('ticket', call.ticket.number)}
          className="flex min-w-0 items-baseline gap-2 text-sm text-teal-800 hover:underline"
          aria-label={TEXT.callTicket(call.ticket.code)}
        >
          <span className="font-medium tabular-nums">{call.ticket.code}</span>
          {call.ticket_subject && (
            <span className="truncate text-slate-700">{call.ticket_subject}</span>
          )}
        </Link>
      ) : picking ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="call-ticket-target">{TEXT.pickTicket}</Label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <TicketPicker
                id="call-ticket-target"
                value={target?.value ?? null}
                knownOptions={target ? [target] : []}
                openOnly
                placeholder={TEXT.pickTicket}
                invalid={Boolean(error)}
                describedBy={error ? 'call-ticket-target-error' : 'call-ticket-target-hint'}
                onChange={(_value, option) => {
                  setTarget(option);
                  setError(undefined);
                }}
              />
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setPicking(false);
                  setTarget(null);
                  setError(undefined);
                }}
                disabled={busy}
              >
                {TEXT.cancel}
              </Button>
              <Button
                disabled={!target || busy}
                onClick={() => target && attach.mutate(target.value)}
              >
                {attach.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                {TEXT.attach}
              </Button>
            </div>
          </div>
          {error ? (
            <FieldError id="call-ticket-target-error" message={error} />
          ) : (
            <p id="call-ticket-target-hint" className="text-xs text-slate-500">
              {TEXT.pickTicketHint}
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-auto text-sm text-slate-500">{TEXT.noTicket}</span>
          <Button size="sm" onClick={() => create.mutate()} disabled={busy}>
            {create.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Plus aria-hidden="true" />
            )}
            {TEXT.createTicket}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setPicking(true)} disabled={busy}>
            <Link2 aria-hidden="true" />
            {TEXT.attachTicket}
          </Button>
        </div>
      )}
    </section>
  );
}
