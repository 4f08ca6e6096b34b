import type { MonitorQueue } from '@omnicare/shared/monitors/monitors.schemas';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { formatDuration, secondsSince } from '../monitor-format';
import { useMonitor } from '../use-monitor';
import { MetricTile, MonitorFrame, MonitorSkeleton, Section } from '../components/monitor-parts';

/** The tiles of a queue, in the order. */
export const QUEUE_TILES = [
  'waiting_now',
  'longest_wait_s',
  'service_level_pct',
  'asa_s',
  'calls_answered',
  'calls_abandoned',
  'agents_available',
] as const;

/** /monitors/call-center: per queue, what waits now and how today went; thresholds colour. */
export function CallCenterMonitorPage() {
  const { snapshot, now, isError, retry, live } = useMonitor('call-center');
  const queues = snapshot?.queues;
  return (
    <MonitorFrame live={live} at={snapshot?.at}>
      {isError ? (
        <LoadErrorState onRetry={retry} />
      ) : !queues ? (
        <MonitorSkeleton />
      ) : queues.length <= 1 ? (
        <EmptyState message="Chưa có hàng chờ nào." />
      ) : (
        queues.map((queue) => <QueueSection key={queue._id ?? 'all'} queue={queue} now={now} />)
      )}
    </MonitorFrame>
  );
}

function QueueSection({ queue, now }: { queue: MonitorQueue; now: number }) {
  const query = queue._id ? { queue_id: queue._id } : {};
  const longest = queue.oldest_queued_at ? secondsSince(queue.oldest_queued_at, now) : null;
  return (
    <Section title={queue.name}>
      <div
        className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-7"
        data-queue={queue._id ?? 'all'}
      >
        {QUEUE_TILES.map((metric) =>
          metric === 'longest_wait_s' ? (
            <MetricTile
              key={metric}
              metric={metric}
              value={longest}
              display={formatDuration(longest)}
              query={query}
              context={queue.name}
              compact
            />
          ) : (
            <MetricTile
              key={metric}
              metric={metric}
              value={queue.metrics[metric]}
              query={query}
              context={queue.name}
              compact
            />
          ),
        )}
      </div>
    </Section>
  );
}
