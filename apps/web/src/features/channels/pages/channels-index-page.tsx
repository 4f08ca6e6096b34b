import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, ChevronRight } from 'lucide-react';
import { CHANNEL_KIND, type ChannelKind } from '@omnicare/shared/channels/channels.schemas';
import type { ChannelsSummaryView } from '@omnicare/shared/channels/channels-summary';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { PageHeader } from '@/components/layout/page-header';
import { SettingsGroupNav } from '@/components/layout/settings-group-nav';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageHandle } from '@/lib/route-declaration';
import { channelKeys, fetchChannelsSummary } from '../channels.queries';
import { INDEX_TEXT as TEXT, KIND_DESCRIPTION } from '../channels-text';
import { ChannelStateBadge } from '../components/channel-state';

/** Each kind's settings screen (ZNS is set up with the Zalo OA it sends from). */
export const CHANNEL_SETTINGS_PATH: Record<ChannelKind, string> = {
  livechat: '/settings/multi-channels/livechat',
  email: '/settings/multi-channels/email',
  zalo: '/settings/multi-channels/zalo',
  zns: '/settings/multi-channels/zalo',
  facebook: '/settings/multi-channels/facebook',
  whatsapp: '/settings/multi-channels/whatsapp',
  sms: '/settings/multi-channels/sms',
  tiktok: '/settings/multi-channels/tiktok',
};

type KindSummary = ChannelsSummaryView['kinds'][number];

function Count({ label, value, icon }: { label: string; value: number; icon: React.ReactNode }) {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-slate-600 tabular-nums"
      title={label}
    >
      {icon}
      <span className="sr-only">{label}</span>
      {value.toLocaleString('vi-VN')}
    </span>
  );
}

function KindCard({ summary }: { summary: KindSummary }) {
  const label = CHANNEL_KIND.label(summary.kind);
  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={label} role="region">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-900">{label}</h2>
          <p className="text-xs text-slate-500">{KIND_DESCRIPTION[summary.kind]}</p>
        </div>
        {!summary.connectable && <Badge variant="warning">{TEXT.comingSoon}</Badge>}
      </div>
      {!summary.connectable ? (
        <p className="text-sm text-slate-600">{TEXT.comingSoonHint}</p>
      ) : summary.channels.length === 0 ? (
        <p className="text-sm text-slate-500">{TEXT.none}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label={label}>
          {summary.channels.map((channel) => (
            <li key={channel._id} className="flex items-start justify-between gap-3 py-2">
              <div className="flex min-w-0 flex-col gap-1">
                <span className="truncate text-sm font-medium text-slate-800">{channel.name}</span>
                <ChannelStateBadge
                  status={channel.status}
                  reason={channel.status_reason}
                  at={channel.status_at}
                />
              </div>
              <div className="flex shrink-0 items-center gap-3 pt-0.5">
                <Count
                  label={TEXT.messagesIn}
                  value={channel.messages_in}
                  icon={<ArrowDownLeft className="size-3.5 text-teal-700" aria-hidden="true" />}
                />
                <Count
                  label={TEXT.messagesOut}
                  value={channel.messages_out}
                  icon={<ArrowUpRight className="size-3.5 text-slate-500" aria-hidden="true" />}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={CHANNEL_SETTINGS_PATH[summary.kind]}
        className="mt-auto inline-flex items-center gap-1 self-start rounded text-[13px] text-teal-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-teal-600/50"
        aria-label={`${TEXT.open} ${label}`}
      >
        {TEXT.open}
        <ChevronRight className="size-3.5" aria-hidden="true" />
      </Link>
    </Card>
  );
}

/**
 * /settings/multi-channels: every channel kind with its connected channels, their state (an
 * error with its reason and when) and today's messages in and out; kinds without a driver say so.
 */
export function ChannelsIndexPage() {
  const title = usePageHandle().title || TEXT.title;
  const summary = useQuery({
    queryKey: channelKeys.summary,
    queryFn: ({ signal }) => fetchChannelsSummary(signal),
    refetchInterval: 60_000,
  });
  const data = summary.data;
  return (
    <div className="flex flex-col gap-4">
      <SettingsGroupNav group="channels" />
      <PageHeader
        title={title}
        actions={
          data && (
            <span className="text-sm text-slate-500">
              {TEXT.today(formatCalendarDay(data.date))}
            </span>
          )
        }
      />
      <p className="text-sm text-slate-600">{TEXT.hint}</p>
      {summary.isError ? (
        <Card className="flex flex-col items-center gap-3 p-8 text-center text-sm text-slate-600">
          {TEXT.loadError}
          <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
            {TEXT.retry}
          </Button>
        </Card>
      ) : !data ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {CHANNEL_KIND.values.map((kind) => (
            <Skeleton key={kind} className="h-40" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.kinds.map((kind) => (
            <KindCard key={kind.kind} summary={kind} />
          ))}
        </div>
      )}
    </div>
  );
}
