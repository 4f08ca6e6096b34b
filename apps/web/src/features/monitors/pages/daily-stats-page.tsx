import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  DAILY_DAYS,
  DAILY_METRICS,
  type DailyDay,
  type DailyMetric,
  type DailySeries,
} from '@omnicare/shared/monitors/monitors.schemas';
import { metricOf } from '@omnicare/shared/reports/metrics';
import { dayAndTimeIn, formatCalendarDay } from '@omnicare/shared/platform/time';
import { cn } from '@/lib/cn';
import { LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useMonitor } from '../use-monitor';
import {
  FigureButton,
  MonitorFrame,
  MonitorSkeleton,
  Section,
  useDrill,
} from '../components/monitor-parts';

export const DAILY_TEXT = {
  day: { today: 'Hôm nay', yesterday: 'Hôm qua', last_week: 'Cùng ngày tuần trước' },
  hour: 'Giờ',
  byHour: (label: string) => `${label} theo giờ`,
} as const satisfies { day: Record<DailyDay, string> } & Record<string, unknown>;

// The reports' chart, loaded with ECharts only when this screen opens.
const ReportChart = lazy(() => import('@/features/reports/components/report-chart'));

/** Each day's colour in the chart, as its bars in the table below. */
const DAY_COLOR: Record<DailyDay, string> = {
  today: '#0d9488',
  yesterday: '#38bdf8',
  last_week: '#94a3b8',
};

const DAY_COLORS = DAILY_DAYS.map((day) => DAY_COLOR[day]);

const DAY_BAR: Record<DailyDay, string> = {
  today: 'bg-teal-600',
  yesterday: 'bg-sky-400',
  last_week: 'bg-slate-400',
};

const total = (values: readonly number[]) => values.reduce((sum, n) => sum + n, 0);

/** /monitors/daily-stats: today against yesterday and the same day last week, hour by hour. */
export function DailyStatsPage() {
  const { snapshot, isError, retry, live } = useMonitor('daily-stats');
  const [selected, setSelected] = useState<DailyMetric>('calls_offered');
  const daily = snapshot?.daily;
  const series = daily?.series.find((row) => row.key === selected);
  return (
    <MonitorFrame live={live} at={snapshot?.at}>
      {isError ? (
        <LoadErrorState onRetry={retry} />
      ) : !daily || daily.series.length === 0 ? (
        <MonitorSkeleton />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" role="tablist">
            {DAILY_METRICS.map((key) => (
              <SummaryCard
                key={key}
                series={daily.series.find((row) => row.key === key)}
                metric={key}
                selected={key === selected}
                onSelect={() => setSelected(key)}
              />
            ))}
          </div>
          {series && (
            <Section title={DAILY_TEXT.byHour(metricOf(selected)?.label ?? selected)}>
              <HourChart series={series} days={daily.days} at={snapshot?.at} />
              <HourTable series={series} />
            </Section>
          )}
        </>
      )}
    </MonitorFrame>
  );
}

function SummaryCard({
  series,
  metric,
  selected,
  onSelect,
}: {
  series: DailySeries | undefined;
  metric: DailyMetric;
  selected: boolean;
  onSelect: () => void;
}) {
  const drill = useDrill();
  const definition = metricOf(metric);
  const today = total(series?.today ?? []);
  const yesterday = total(series?.yesterday ?? []);
  const lastWeek = total(series?.last_week ?? []);
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-white p-3 shadow-xs',
        selected ? 'border-teal-600 ring-1 ring-teal-600/30' : 'border-slate-200',
      )}
      data-metric={metric}
    >
      <button
        type="button"
        role="tab"
        aria-selected={selected}
        onClick={onSelect}
        title={definition?.definition}
        className="text-left text-sm font-medium text-slate-700 hover:text-teal-700"
      >
        {definition?.label ?? metric}
      </button>
      <div className="flex items-end justify-between gap-2">
        <button
          type="button"
          className="text-2xl font-semibold text-slate-900 tabular-nums hover:text-teal-700"
          aria-label={`${definition?.label}, ${DAILY_TEXT.day.today}: ${today}`}
          onClick={() => drill({ key: metric, day: 'today' }, DAILY_TEXT.day.today)}
        >
          {today.toLocaleString('vi-VN')}
        </button>
        <div className="flex flex-col items-end text-xs text-slate-500 tabular-nums">
          <span>
            {DAILY_TEXT.day.yesterday}: {yesterday.toLocaleString('vi-VN')}
          </span>
          <span>
            {DAILY_TEXT.day.last_week}: {lastWeek.toLocaleString('vi-VN')}
          </span>
        </div>
      </div>
    </div>
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/** The three days hour by hour as lines; a point opens that hour's rows. */
function HourChart({
  series,
  days,
  at,
}: {
  series: DailySeries;
  days: Record<DailyDay, string>;
  /** The snapshot's instant: today's hours after it have no figure yet. */
  at: string | undefined;
}) {
  const drill = useDrill();
  const hourNow = Number(dayAndTimeIn(at ?? new Date())?.time.slice(0, 2) ?? 23);
  const points = useMemo(
    () =>
      HOURS.map((hour, index) => ({
        bucket: hour,
        metrics: Object.fromEntries(
          DAILY_DAYS.map((day) => [
            day,
            day === 'today' && index > hourNow ? null : (series[day][index] ?? 0),
          ]),
        ),
      })),
    [series, hourNow],
  );
  const labelOf = useCallback(
    (day: string) =>
      `${DAILY_TEXT.day[day as DailyDay]} (${formatCalendarDay(days[day as DailyDay])})`,
    [days],
  );
  return (
    <Suspense fallback={<Skeleton className="h-72" />}>
      <ReportChart
        series={points}
        keys={DAILY_DAYS}
        kind="lines"
        colors={DAY_COLORS}
        labelOf={labelOf}
        bucketLabel={(hour) => `${hour}:00`}
        onPick={(day, hour) =>
          drill(
            { key: series.key, day: day as DailyDay, hour: Number(hour) },
            `${DAILY_TEXT.day[day as DailyDay]} ${hour}:00`,
          )
        }
      />
    </Suspense>
  );
}

function HourTable({ series }: { series: DailySeries }) {
  const max = Math.max(1, ...DAILY_DAYS.flatMap((day) => series[day]));
  return (
    <div className="overflow-x-auto">
      <Table aria-label={metricOf(series.key)?.label}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">{DAILY_TEXT.hour}</TableHead>
            {DAILY_DAYS.map((day) => (
              <TableHead key={day}>{DAILY_TEXT.day[day]}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {Array.from({ length: 24 }, (_, hour) => (
            <TableRow key={hour}>
              <TableCell className="py-1 text-xs text-slate-500 tabular-nums">
                {String(hour).padStart(2, '0')}:00
              </TableCell>
              {DAILY_DAYS.map((day) => {
                const value = series[day][hour] ?? 0;
                return (
                  <TableCell key={day} className="py-1">
                    <div className="flex items-center gap-2">
                      <div className="h-2.5 w-32 rounded-sm bg-slate-100" aria-hidden="true">
                        <div
                          className={cn('h-2.5 rounded-sm', DAY_BAR[day])}
                          style={{ width: `${(value / max) * 100}%` }}
                        />
                      </div>
                      {value > 0 ? (
                        <FigureButton
                          metric={series.key}
                          query={{ day, hour }}
                          context={`${DAILY_TEXT.day[day]} ${String(hour).padStart(2, '0')}:00`}
                          className="text-xs"
                        >
                          {value}
                        </FigureButton>
                      ) : (
                        <span className="px-1 text-xs text-slate-400 tabular-nums">0</span>
                      )}
                    </div>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
