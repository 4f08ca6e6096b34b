import { Link } from 'react-router';
import type { MonitorCall } from '@omnicare/shared/monitors/monitors.schemas';
import { WRAP_UP_MESSAGES } from '@omnicare/shared/telephony/wrap-up.schemas';
import { Badge } from '@/components/ui/badge';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { SOFTPHONE_TEXT } from '@/features/telephony/softphone/softphone-text';
import { formatDuration, secondsSince } from '../monitor-format';
import { useMonitor } from '../use-monitor';
import { MetricTile, MonitorFrame, MonitorSkeleton, Section } from '../components/monitor-parts';

export const CALLS_TEXT = {
  inProgress: 'Cuộc gọi đang diễn ra',
  waiting: 'Cuộc gọi đang chờ',
  caller: 'Người gọi',
  queue: 'Hàng chờ',
  agent: 'Nhân viên',
  state: 'Trạng thái',
  duration: 'Thời lượng',
  wait: 'Đã chờ',
  ticket: 'Ticket',
  onHold: 'Đang giữ máy',
  wrapUps: 'Chuyên viên đang xử lý sau cuộc gọi',
  inWrapUp: 'Đã xử lý',
  left: 'Còn lại',
} as const;

/** /monitors/call-monitor: the calls in progress and the calls waiting, their times ticking. */
export function CallMonitorPage() {
  const { snapshot, now, isError, retry, live } = useMonitor('call-monitor');
  const calls = snapshot?.calls;
  const waiting = (calls ?? []).filter((call) => call.status === 'QUEUEING');
  const inProgress = (calls ?? []).filter(
    (call) => call.status !== 'QUEUEING' && !call.wrap_up_until,
  );
  // Ended calls whose agent still wraps them up (after-call work), until their time runs out.
  const wrapUps = (calls ?? []).filter(
    (call) => call.wrap_up_until && Date.parse(call.wrap_up_until) > now,
  );
  const oldest = waiting
    .map((call) => call.queued_at ?? call.started_at)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  const longest = oldest ? secondsSince(oldest, now) : null;
  return (
    <MonitorFrame live={live} at={snapshot?.at}>
      {isError ? (
        <LoadErrorState onRetry={retry} />
      ) : !calls ? (
        <MonitorSkeleton />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <MetricTile metric="calls_in_progress" value={inProgress.length} query={{}} />
            <MetricTile metric="waiting_now" value={waiting.length} query={{}} />
            <MetricTile
              metric="longest_wait_s"
              value={longest}
              display={formatDuration(longest)}
              query={{}}
            />
          </div>
          <Section title={`${CALLS_TEXT.inProgress} (${inProgress.length})`}>
            <CallTable calls={inProgress} now={now} waiting={false} />
          </Section>
          <Section title={`${CALLS_TEXT.waiting} (${waiting.length})`}>
            <CallTable calls={waiting} now={now} waiting />
          </Section>
          <Section title={`${CALLS_TEXT.wrapUps} (${wrapUps.length})`}>
            <WrapUpTable calls={wrapUps} now={now} />
          </Section>
        </>
      )}
    </MonitorFrame>
  );
}

function CallTable({
  calls,
  now,
  waiting,
}: {
  calls: MonitorCall[];
  now: number;
  waiting: boolean;
}) {
  if (calls.length === 0) return <EmptyState />;
  return (
    <div className="overflow-x-auto">
      <Table aria-label={waiting ? CALLS_TEXT.waiting : CALLS_TEXT.inProgress}>
        <TableHeader>
          <TableRow>
            <TableHead>{CALLS_TEXT.caller}</TableHead>
            <TableHead>{CALLS_TEXT.queue}</TableHead>
            {!waiting && <TableHead>{CALLS_TEXT.agent}</TableHead>}
            <TableHead>{CALLS_TEXT.state}</TableHead>
            <TableHead className="text-right">
              {waiting ? CALLS_TEXT.wait : CALLS_TEXT.duration}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {calls.map((call) => {
            const since = waiting
              ? (call.queued_at ?? call.started_at)
              : (call.answered_at ?? call.started_at);
            return (
              <TableRow key={call._id} data-call={call._id}>
                <TableCell>
                  <div className="flex flex-col">
                    <span className="font-medium text-slate-900 tabular-nums">{call.caller}</span>
                    {call.customer_name && (
                      <span className="text-xs text-slate-500">{call.customer_name}</span>
                    )}
                    {call.ticket_id && (
                      <Link
                        to={`/tickets/${call.ticket_id}`}
                        className="text-xs text-teal-700 hover:underline"
                      >
                        {CALLS_TEXT.ticket}
                      </Link>
                    )}
                  </div>
                </TableCell>
                <TableCell>{call.queue?.name ?? '—'}</TableCell>
                {!waiting && <TableCell>{call.agent?.name ?? '—'}</TableCell>}
                <TableCell>
                  {call.held_since ? (
                    <Badge variant="warning" className="tabular-nums">
                      {CALLS_TEXT.onHold} {formatDuration(secondsSince(call.held_since, now))}
                    </Badge>
                  ) : (
                    <Badge variant={call.status === 'ANSWERING' ? 'success' : 'secondary'}>
                      {SOFTPHONE_TEXT.status[call.status]}
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="call-duration">
                  {formatDuration(secondsSince(since, now))}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** Agents in after-call work: the call they wrap up, the time in it and the time left. */
function WrapUpTable({ calls, now }: { calls: MonitorCall[]; now: number }) {
  if (calls.length === 0) return <EmptyState />;
  return (
    <div className="overflow-x-auto">
      <Table aria-label={CALLS_TEXT.wrapUps}>
        <TableHeader>
          <TableRow>
            <TableHead>{CALLS_TEXT.agent}</TableHead>
            <TableHead>{CALLS_TEXT.caller}</TableHead>
            <TableHead>{CALLS_TEXT.state}</TableHead>
            <TableHead className="text-right">{CALLS_TEXT.inWrapUp}</TableHead>
            <TableHead className="text-right">{CALLS_TEXT.left}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {calls.map((call) => (
            <TableRow key={call._id} data-wrap-up={call._id}>
              <TableCell className="font-medium text-slate-900">
                {call.agent?.name ?? '—'}
              </TableCell>
              <TableCell className="tabular-nums">{call.caller}</TableCell>
              <TableCell>
                <Badge variant="warning">{WRAP_UP_MESSAGES.label}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="wrap-up-duration">
                {formatDuration(secondsSince(call.ended_at ?? call.started_at, now))}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatDuration(
                  Math.max(0, Math.ceil((Date.parse(call.wrap_up_until!) - now) / 1000)),
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
