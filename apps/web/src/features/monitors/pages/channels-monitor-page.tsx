import { CHANNEL_KIND, CHANNEL_STATUS } from '@omnicare/shared/channels/channels.schemas';
import type { MonitorChannel } from '@omnicare/shared/monitors/monitors.schemas';
import { metricOf } from '@omnicare/shared/reports/metrics';
import { cn } from '@/lib/cn';
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
import { formatDuration, formatFigure, secondsSince, toneOf } from '../monitor-format';
import { useMonitor } from '../use-monitor';
import {
  FigureButton,
  MetricTile,
  MonitorFrame,
  MonitorSkeleton,
  Section,
} from '../components/monitor-parts';

export const CHANNELS_TEXT = {
  channel: 'Kênh',
  connection: 'Kết nối',
  longest: 'Chờ lâu nhất',
  title: 'Theo kênh',
  none: 'Chưa kết nối kênh nào.',
} as const;

const COLUMNS = [
  'conversations_waiting',
  'first_response_median_s',
  'conversations_unassigned',
  'messages_in',
] as const;

const TONE_TEXT = {
  normal: '',
  warn: 'font-semibold text-amber-700',
  alert: 'font-semibold text-red-700',
};

/** /monitors/channels: per channel, what waits now, today's first response and messages, its state. */
export function ChannelsMonitorPage() {
  const { snapshot, now, isError, retry, live } = useMonitor('channels');
  const channels = snapshot?.channels;
  const sum = (key: 'conversations_waiting' | 'conversations_unassigned' | 'messages_in') =>
    (channels ?? []).reduce((total, channel) => total + channel.metrics[key], 0);
  return (
    <MonitorFrame live={live} at={snapshot?.at}>
      {isError ? (
        <LoadErrorState onRetry={retry} />
      ) : !channels ? (
        <MonitorSkeleton />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <MetricTile
              metric="conversations_waiting"
              value={sum('conversations_waiting')}
              query={{}}
            />
            <MetricTile
              metric="conversations_unassigned"
              value={sum('conversations_unassigned')}
              query={{}}
            />
            <MetricTile metric="messages_in" value={sum('messages_in')} query={{}} />
          </div>
          <Section title={CHANNELS_TEXT.title}>
            {channels.length === 0 ? (
              <EmptyState message={CHANNELS_TEXT.none} />
            ) : (
              <div className="overflow-x-auto">
                <Table aria-label={CHANNELS_TEXT.title}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{CHANNELS_TEXT.channel}</TableHead>
                      <TableHead>{CHANNELS_TEXT.connection}</TableHead>
                      {COLUMNS.map((key) => (
                        <TableHead
                          key={key}
                          className="text-right"
                          title={metricOf(key)?.definition}
                        >
                          {metricOf(key)?.label}
                        </TableHead>
                      ))}
                      <TableHead className="text-right">{CHANNELS_TEXT.longest}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {channels.map((channel) => (
                      <ChannelRow key={channel._id} channel={channel} now={now} />
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </Section>
        </>
      )}
    </MonitorFrame>
  );
}

function ChannelRow({ channel, now }: { channel: MonitorChannel; now: number }) {
  const status = channel.status as keyof typeof CHANNEL_STATUS.labels;
  return (
    <TableRow data-channel={channel._id}>
      <TableCell>
        <div className="flex flex-col">
          <span className="font-medium text-slate-900">{channel.name}</span>
          <span className="text-xs text-slate-500">
            {CHANNEL_KIND.is(channel.kind) ? CHANNEL_KIND.label(channel.kind) : channel.kind}
          </span>
        </div>
      </TableCell>
      <TableCell>
        <Badge
          variant={
            status === 'active' ? 'success' : status === 'error' ? 'destructive' : 'secondary'
          }
          title={channel.status_reason ?? undefined}
        >
          {CHANNEL_STATUS.is(channel.status)
            ? CHANNEL_STATUS.label(channel.status)
            : channel.status}
        </Badge>
        {channel.status_reason && (
          <p className="mt-1 max-w-56 truncate text-xs text-red-700">{channel.status_reason}</p>
        )}
      </TableCell>
      {COLUMNS.map((key) => (
        <TableCell key={key} className="text-right">
          <FigureButton
            metric={key}
            query={{ channel_id: channel._id }}
            context={channel.name}
            className={cn(TONE_TEXT[toneOf(key, channel.metrics[key])])}
          >
            {formatFigure(key, channel.metrics[key])}
          </FigureButton>
        </TableCell>
      ))}
      <TableCell className="text-right tabular-nums">
        {formatDuration(secondsSince(channel.oldest_waiting_since, now))}
      </TableCell>
    </TableRow>
  );
}
