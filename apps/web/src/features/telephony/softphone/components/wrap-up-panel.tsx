import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { formatCallDuration } from '@omnicare/shared/telephony/calls.schemas';
import { WRAP_UP_MESSAGES, type WrapUpView } from '@omnicare/shared/telephony/wrap-up.schemas';
import { Button } from '@/components/ui/button';
import { onWrapUp } from '@/lib/realtime';
import { useNow } from '@/lib/use-now';
import { useCallStore } from '../call-store';
import { WRAP_UP_QUERY_KEY, endWrapUp, fetchMyWrapUp } from '../softphone.api';
import { SOFTPHONE_TEXT as TEXT } from '../softphone-text';

/** A wrap-up as this browser counts it down: `endsAtMs` on the browser's own clock. */
export type LocalWrapUp = WrapUpView & { endsAtMs: number };

/**
 * The signed-in agent's after-call work as the server holds it: read once, replaced by what the
 * server pushes when it starts or ends, and read again when a call ends in this browser and
 * after a gap in live events (RESYNC_QUERY_KEYS). Its end is the server's seconds left from when
 * the answer arrived (`dataUpdatedAt`), not `ends_at` on a browser clock that may be off.
 */
export function useMyWrapUp(): LocalWrapUp | null {
  const queryClient = useQueryClient();
  const endCallRefreshTime = useCallStore((state) => state.endCallRefreshTime);
  const query = useQuery({
    queryKey: WRAP_UP_QUERY_KEY,
    queryFn: ({ signal }) => fetchMyWrapUp(signal),
    meta: { silent: true },
  });
  useEffect(
    () =>
      onWrapUp((wrapUp) => {
        // A read sent before this push may answer after it with what was true before (the
        // call's end not processed yet): it is dropped, the push is newer.
        void queryClient.cancelQueries({ queryKey: WRAP_UP_QUERY_KEY });
        queryClient.setQueryData(WRAP_UP_QUERY_KEY, wrapUp);
      }),
    [queryClient],
  );
  useEffect(() => {
    if (endCallRefreshTime) void queryClient.invalidateQueries({ queryKey: WRAP_UP_QUERY_KEY });
  }, [endCallRefreshTime, queryClient]);
  const { data, dataUpdatedAt } = query;
  return useMemo(
    () => (data ? { ...data, endsAtMs: dataUpdatedAt + data.seconds_left * 1000 } : null),
    [data, dataUpdatedAt],
  );
}

/**
 * Seconds left of a wrap-up at `now` (ms, the browser's clock, which may lag the answer's
 * arrival by a tick), between 0 and what the server said.
 */
export const wrapUpSecondsLeft = (wrapUp: LocalWrapUp, now: number) =>
  Math.min(wrapUp.seconds_left, Math.max(0, Math.ceil((wrapUp.endsAtMs - now) / 1000)));

/**
 * The wrap-up card: the countdown and 'Sẵn sàng', in the bottom corner (out of the way of the
 * screen the agent writes their notes in) while no call is in progress. It hides itself at zero
 * (the server ends it then and says so).
 */
export function WrapUpPanel({
  wrapUp,
  onReady,
  busy = false,
}: {
  wrapUp: LocalWrapUp | null;
  onReady: (callId: string) => void;
  busy?: boolean;
}) {
  const now = useNow(1_000);
  const isInCall = useCallStore((state) => state.isInCall);
  if (!wrapUp || isInCall) return null;
  const left = wrapUpSecondsLeft(wrapUp, now);
  if (left <= 0) return null;
  const total = Math.max(1, (Date.parse(wrapUp.ends_at) - Date.parse(wrapUp.started_at)) / 1000);
  return (
    <section
      aria-label={WRAP_UP_MESSAGES.label}
      data-testid="wrap-up-panel"
      className="fixed right-4 bottom-4 z-40 w-80 overflow-hidden rounded-xl border border-amber-200 bg-white shadow-2xl"
    >
      <div className="flex items-center justify-between bg-amber-500 px-4 py-2 text-white">
        <span className="flex items-center gap-2 text-sm font-medium">
          <ClipboardCheck className="size-4" aria-hidden="true" />
          {WRAP_UP_MESSAGES.label}
        </span>
        <span
          className="font-mono text-sm tabular-nums"
          data-testid="wrap-up-countdown"
          aria-label={`${TEXT.wrapUpRemaining} ${formatCallDuration(left)}`}
        >
          {formatCallDuration(left)}
        </span>
      </div>
      <div className="h-1 bg-amber-100" aria-hidden="true">
        <div
          className="h-full bg-amber-600 transition-[width] duration-1000 ease-linear"
          style={{ width: `${Math.min(100, (left / total) * 100)}%` }}
        />
      </div>
      <div className="flex items-center gap-3 px-4 py-3">
        <p className="min-w-0 flex-1 text-xs text-slate-600">{TEXT.wrapUpHint}</p>
        <Button
          size="sm"
          data-testid="wrap-up-ready"
          disabled={busy}
          onClick={() => onReady(wrapUp.call_id)}
        >
          {WRAP_UP_MESSAGES.ready}
        </Button>
      </div>
    </section>
  );
}

/** The card wired to the server: 'Sẵn sàng' ends the wrap-up of the agent's call. */
export function WrapUp() {
  const queryClient = useQueryClient();
  const wrapUp = useMyWrapUp();
  const ready = useMutation({
    mutationFn: endWrapUp,
    onSuccess: () => queryClient.setQueryData(WRAP_UP_QUERY_KEY, null),
  });
  return <WrapUpPanel wrapUp={wrapUp} busy={ready.isPending} onReady={ready.mutate} />;
}
