import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MonitorName, MonitorSnapshot } from '@omnicare/shared/monitors/monitors.schemas';
import { watchMonitor } from '@/lib/realtime';
import { useNow } from '@/lib/use-now';
import { fetchMonitor } from './monitors.api';

type Snapshot = Partial<MonitorSnapshot> & Pick<MonitorSnapshot, 'at'>;

/**
 * A monitor's snapshot: read once over HTTP for the first paint, then replaced by every
 * snapshot the server pushes (no polling). `now` ticks every second in the server's clock
 * (the snapshot's `at` against this browser's clock when it arrived), so durations move
 * without asking the server again.
 */
export function useMonitor(monitor: MonitorName) {
  const first = useQuery({
    queryKey: ['monitors', monitor],
    queryFn: async ({ signal }) => {
      const snapshot: Snapshot = await fetchMonitor(monitor, signal);
      return { snapshot, offset: Date.parse(snapshot.at) - Date.now() };
    },
  });
  const [pushed, setPushed] = useState<{ snapshot: Snapshot; offset: number } | null>(null);
  useEffect(
    () =>
      watchMonitor(monitor, (snapshot) =>
        setPushed({ snapshot, offset: Date.parse(snapshot.at) - Date.now() }),
      ),
    [monitor],
  );
  const local = useNow(1_000);
  // The newer of the two (a slow first read must not replace a pushed snapshot).
  const read = first.data;
  const current =
    pushed && (!read || Date.parse(pushed.snapshot.at) >= Date.parse(read.snapshot.at))
      ? pushed
      : read;
  const snapshot = current?.snapshot;
  const offset = current?.offset ?? 0;
  return {
    snapshot,
    now: local + offset,
    isError: first.isError && !snapshot,
    retry: () => void first.refetch(),
    live: pushed !== null,
  };
}
