import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { CornerDownRight, Download, Loader2, PhoneIncoming, PhoneOutgoing } from 'lucide-react';
import { formatPhone } from '@omnicare/shared/customers/phone-format';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { CALL_DIRECTION } from '@omnicare/shared/telephony/call-enums';
import {
  CALL_RESULT,
  callResultLabel,
  formatCallDuration,
  formatCallTransfer,
  type CallView,
} from '@omnicare/shared/telephony/calls.schemas';
import { usePageHandle } from '@/lib/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { ListPage, ListPagination } from '@/components/list/list-page';
import { ListTable } from '@/components/list/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateRangePicker } from '@/components/ui/date-picker';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchInput } from '@/components/ui/search-input';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { StaffPicker } from '@/features/users/components/staff-picker';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useAddressFilters, useListParamsInAddress } from '@/lib/use-list-params';
import { exportCalls, type CallFilters } from '../telephony.api';
import { useCallHistory, useQueues } from '../telephony.queries';
import { callResultVariant } from '../components/call-result';
import { CallDetailsDialog, customerNumberOf } from '../components/call-details-dialog';
import { TELEPHONY_TEXT as TEXT } from '../telephony-text';
import { ClickToCallButton } from '../softphone/components/click-to-call-button';

const FILTER_KEYS = [
  'direction',
  'result',
  'agent_id',
  'queue_id',
  'hotline',
  'from',
  'to',
] as const;

function DirectionCell({ call }: { call: CallView }) {
  const Icon = call.direction === 'CALL_OUTBOUND' ? PhoneOutgoing : PhoneIncoming;
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      <Icon className="size-4 text-slate-500" aria-hidden="true" />
      {/* The spec's source labels ('Gọi vào', 'Gọi ra'); 'Cuộc gọi từ' reads before a name. */}
      {CHANNEL_SOURCE.label(call.direction)}
    </span>
  );
}

/** Under the agent: each transfer of the call, in order (the time on hover). */
function TransferChain({ call }: { call: CallView }) {
  if (call.transfers.length === 0) return null;
  return (
    <ul className="mt-0.5 space-y-0.5 text-xs text-slate-500" aria-label={TEXT.transferredBy}>
      {call.transfers.map((transfer) => (
        <li
          key={transfer.at}
          className="flex items-center gap-1"
          title={formatDateTime(transfer.at)}
        >
          <CornerDownRight className="size-3 shrink-0" aria-hidden="true" />
          {formatCallTransfer(transfer, call.agent?._id)}
        </li>
      ))}
    </ul>
  );
}

/** A click or Enter on a row opens the call, unless it was on a link or button inside it. */
const opensRow = (event: MouseEvent | KeyboardEvent) => {
  const target = event.target as HTMLElement;
  if ('key' in event) return event.key === 'Enter' && target === event.currentTarget;
  return !target.closest('a, button');
};

/**
 * /switchboard/call-history: calls in the caller's data scope, filtered, in Bangkok time. A row
 * (clicked, or Enter on it) opens the call's details.
 */
export function CallHistoryPage() {
  const { title } = usePageHandle();
  const [address, setFilters] = useAddressFilters([...FILTER_KEYS]);
  const list = useListParamsInAddress();
  const [exporting, setExporting] = useState(false);
  const [opened, setOpened] = useState<CallView | null>(null);
  const filters: CallFilters = {};
  for (const key of FILTER_KEYS) if (address[key]) filters[key] = address[key] ?? undefined;
  const number = list.debouncedSearch.trim();
  if (number) filters.number = number;
  const calls = useCallHistory({ ...filters, page: list.page, page_size: list.pageSize });
  const queues = useQueues();
  const rows = calls.isError ? [] : (calls.data?.data ?? []);
  const total = calls.isError ? 0 : (calls.data?.total ?? 0);
  const set = (key: (typeof FILTER_KEYS)[number]) => (value: string | null | undefined) =>
    setFilters({ [key]: value || null });

  const download = async () => {
    setExporting(true);
    try {
      await exportCalls(filters);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage
      nav={<AreaNav area="switchboard" />}
      title={title}
      actions={
        <Button variant="outline" onClick={download} disabled={exporting}>
          {exporting ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {exporting ? TEXT.exporting : TEXT.export}
        </Button>
      }
    >
      <div className="flex flex-wrap items-end gap-2">
        <SearchInput
          size="sm"
          className="min-w-52 flex-1 basis-52"
          label={TEXT.number}
          placeholder={TEXT.numberPlaceholder}
          value={list.search}
          onChange={list.setSearch}
        />
        <NativeSelect
          className="h-8 w-48"
          aria-label={TEXT.direction}
          value={address.direction ?? ''}
          onChange={(event) => set('direction')(event.target.value)}
        >
          <option value="">{TEXT.allDirections}</option>
          {CALL_DIRECTION.values.map((direction) => (
            <option key={direction} value={direction}>
              {CHANNEL_SOURCE.label(direction)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          className="h-8 w-40"
          aria-label={TEXT.result}
          value={address.result ?? ''}
          onChange={(event) => set('result')(event.target.value)}
        >
          <option value="">{TEXT.allResults}</option>
          {CALL_RESULT.options().map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          className="h-8 w-44"
          aria-label={TEXT.queue}
          value={address.queue_id ?? ''}
          onChange={(event) => set('queue_id')(event.target.value)}
        >
          <option value="">{TEXT.allQueues}</option>
          {(queues.data ?? []).map((queue) => (
            <option key={queue._id} value={queue._id}>
              {queue.name}
            </option>
          ))}
        </NativeSelect>
        <div className="w-52">
          <StaffPicker
            size="sm"
            value={address.agent_id ?? null}
            onChange={(value) => set('agent_id')(value)}
            placeholder={TEXT.allAgents}
            aria-label={TEXT.agent}
          />
        </div>
        <NativeSelect
          className="h-8 w-40"
          aria-label={TEXT.hotlineFilter}
          value={address.hotline ?? ''}
          onChange={(event) => set('hotline')(event.target.value)}
        >
          <option value="">{TEXT.allHotlines}</option>
          {(queues.data ?? [])
            .flatMap((queue) => queue.hotlines)
            .map((hotline) => (
              <option key={hotline} value={hotline}>
                {formatPhone(hotline) || hotline}
              </option>
            ))}
        </NativeSelect>
        <DateRangePicker
          labels={{ from: TEXT.from, to: TEXT.to }}
          value={{ from: address.from ?? undefined, to: address.to ?? undefined }}
          onChange={(range) => setFilters({ from: range.from ?? null, to: range.to ?? null })}
        />
      </div>
      <ListTable
        label={TEXT.historyTable}
        query={calls}
        empty={rows.length === 0}
        columns={9}
        head={
          <>
            <TableHead>{TEXT.direction}</TableHead>
            <TableHead>{TEXT.customer}</TableHead>
            <TableHead>{TEXT.agent}</TableHead>
            <TableHead>{TEXT.queue}</TableHead>
            <TableHead>{TEXT.startedAt}</TableHead>
            <TableHead className="text-right">{TEXT.wait}</TableHead>
            <TableHead className="text-right">{TEXT.talk}</TableHead>
            <TableHead>{TEXT.result}</TableHead>
            <TableHead>{TEXT.ticket}</TableHead>
          </>
        }
      >
        {rows.map((call) => (
          <TableRow
            key={call._id}
            tabIndex={0}
            aria-haspopup="dialog"
            data-state={opened?._id === call._id ? 'selected' : undefined}
            className="cursor-pointer focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600/60"
            onClick={(event) => opensRow(event) && setOpened(call)}
            onKeyDown={(event) => {
              if (!opensRow(event)) return;
              event.preventDefault();
              setOpened(call);
            }}
          >
            <TableCell>
              <DirectionCell call={call} />
            </TableCell>
            {/* The customer over their number, a long name cut: the row fits 1366 px. */}
            <TableCell>
              {call.customer ? (
                <Link
                  className="block max-w-48 truncate text-teal-700 hover:underline"
                  to={`/customers/${call.customer.number}`}
                  title={call.customer.name}
                >
                  {call.customer.name}
                </Link>
              ) : (
                <span className="text-slate-500">{TEXT.newCustomer}</span>
              )}
              <span className="flex items-center gap-1 text-xs whitespace-nowrap text-slate-500 tabular-nums">
                {formatPhone(customerNumberOf(call)) || customerNumberOf(call)}
                <ClickToCallButton
                  number={customerNumberOf(call)}
                  testId={`call-history-click-to-call-${call._id}`}
                />
              </span>
            </TableCell>
            <TableCell>
              {call.agent?.name ?? TEXT.none}
              <TransferChain call={call} />
            </TableCell>
            <TableCell>{call.queue?.name ?? TEXT.none}</TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDateTime(call.started_at)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatCallDuration(call.wait_seconds)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatCallDuration(call.talk_seconds)}
            </TableCell>
            <TableCell>
              <Badge
                className="whitespace-nowrap"
                variant={callResultVariant(call.result)}
                title={call.cause ?? undefined}
              >
                {callResultLabel(call.result)}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {call.ticket ? (
                <Link
                  className="text-teal-700 hover:underline"
                  to={`/tickets/${call.ticket.number}`}
                >
                  {call.ticket.code}
                </Link>
              ) : (
                TEXT.none
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} total={total} query={calls} />
      <CallDetailsDialog call={opened} onOpenChange={(open) => !open && setOpened(null)} />
    </ListPage>
  );
}
