import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CircleHelp } from 'lucide-react';
import { CHANNEL_SOURCE } from '@omnicare/shared/channels/channel-source';
import { formatCalendarDay } from '@omnicare/shared/platform/time';
import { metricOf } from '@omnicare/shared/reports/metrics';
import {
  customReportDefinition,
  REPORT_DIMENSION,
  REPORTS,
  type ReportDefinition,
  type ReportName,
  type ReportView,
} from '@omnicare/shared/reports/reports.schemas';
import { usePageHandle } from '@/lib/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateRangePicker } from '@/components/ui/date-picker';
import { NativeSelect } from '@/components/ui/native-select';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Tooltip } from '@/components/ui/tooltip';
import { DepartmentPicker, StaffPicker } from '@/features/users/components/staff-picker';
import { useQueues } from '@/features/telephony/telephony.queries';
import { useAllTags } from '@/features/customers/customers.queries';
import { useTicketSettingsList } from '@/features/tickets/tickets.queries';
import { RANGE_PRESET, presetOf, rangeOfPreset, type RangePreset } from '../report-range';
import {
  formatMetric,
  metricDefinition,
  metricLabel,
} from '@omnicare/shared/reports/metric-format';
import { useReport } from '../reports.queries';
import type { ReportParams } from '../reports.api';
import { DrillDialog, type Drill } from './drill-dialog';
import { ReportExportBanner, ReportExportMenu } from './report-export';
import { ReportSchedulesButton } from './report-schedules';

const ReportChart = lazy(() => import('./report-chart'));

/** The filters a report offers. */
export type ReportFilter = 'source' | 'group' | 'agent' | 'queue' | 'tag' | 'priority';

const FILTER_PARAMS: Record<ReportFilter, keyof ReportParams> = {
  source: 'source',
  group: 'group_id',
  agent: 'agent_id',
  queue: 'queue_id',
  tag: 'tag_id',
  priority: 'priority_id',
};

/** The report's range and filters, kept in the address (a report can be linked and reloaded). */
export function useReportParams(
  defaultPreset: RangePreset = 'last7',
): [ReportParams, (patch: Partial<ReportParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => {
    const fallback = rangeOfPreset(defaultPreset);
    const from = search.get('from') ?? fallback.from;
    const to = search.get('to') ?? fallback.to;
    const value: ReportParams = { from, to };
    for (const key of Object.values(FILTER_PARAMS)) {
      const found = search.get(key);
      if (found) (value as unknown as Record<string, string>)[key] = found;
    }
    if (search.get('business_hours') === 'true') value.business_hours = 'true';
    for (const key of ['metrics', 'dimension'] as const) {
      const found = search.get(key);
      if (found) value[key] = found;
    }
    return value;
  }, [search, defaultPreset]);
  const update = useCallback(
    (patch: Partial<ReportParams>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [params, update];
}

function FilterBar({
  params,
  onChange,
  filters,
  businessHours,
}: {
  params: ReportParams;
  onChange: (patch: Partial<ReportParams>) => void;
  filters: readonly ReportFilter[];
  businessHours: boolean;
}) {
  const [customOpen, setCustomOpen] = useState(false);
  const preset = customOpen ? 'custom' : presetOf(params);
  const queues = useQueues();
  const tags = useAllTags();
  const priorities = useTicketSettingsList('priorities');
  const choose = (next: RangePreset) => {
    setCustomOpen(next === 'custom');
    if (next !== 'custom') onChange(rangeOfPreset(next));
  };
  return (
    <Card className="flex flex-col gap-3 p-3" aria-label="Bộ lọc báo cáo">
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedTabs
          label="Khoảng thời gian"
          options={RANGE_PRESET.options()}
          value={preset}
          onChange={choose}
        />
        {preset === 'custom' && (
          <DateRangePicker
            className="w-72"
            value={{ from: params.from, to: params.to }}
            onChange={(range) =>
              range.from && range.to && onChange({ from: range.from, to: range.to })
            }
            labels={{ from: 'Từ ngày', to: 'Đến ngày' }}
          />
        )}
        <span className="text-sm text-slate-500" data-testid="report-range">
          {params.from === params.to
            ? formatCalendarDay(params.from)
            : `${formatCalendarDay(params.from)} – ${formatCalendarDay(params.to)}`}
        </span>
        {businessHours && (
          <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
            <Switch
              checked={params.business_hours === 'true'}
              onCheckedChange={(checked) =>
                onChange({ business_hours: checked ? 'true' : undefined })
              }
              aria-label="Tính theo giờ làm việc"
            />
            Tính theo giờ làm việc
          </label>
        )}
      </div>
      {filters.length > 0 && (
        <div className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6">
          {filters.includes('source') && (
            <NativeSelect
              aria-label="Kênh"
              value={params.source ?? ''}
              onChange={(event) => onChange({ source: event.target.value })}
            >
              <option value="">Tất cả kênh</option>
              {CHANNEL_SOURCE.options()
                .filter((option) => option.value !== 'chat')
                .map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
            </NativeSelect>
          )}
          {filters.includes('group') && (
            <DepartmentPicker
              aria-label="Bộ phận"
              placeholder="Tất cả bộ phận"
              value={params.group_id ?? null}
              onChange={(value) => onChange({ group_id: value ?? undefined })}
            />
          )}
          {filters.includes('agent') && (
            <StaffPicker
              aria-label="Chuyên viên"
              placeholder="Tất cả chuyên viên"
              value={params.agent_id ?? null}
              onChange={(value) => onChange({ agent_id: value ?? undefined })}
            />
          )}
          {filters.includes('queue') && (
            <NativeSelect
              aria-label="Hàng chờ"
              value={params.queue_id ?? ''}
              onChange={(event) => onChange({ queue_id: event.target.value })}
            >
              <option value="">Tất cả hàng chờ</option>
              {(queues.data ?? []).map((queue) => (
                <option key={queue._id} value={queue._id}>
                  {queue.name}
                </option>
              ))}
            </NativeSelect>
          )}
          {filters.includes('tag') && (
            <NativeSelect
              aria-label="Nhãn"
              value={params.tag_id ?? ''}
              onChange={(event) => onChange({ tag_id: event.target.value })}
            >
              <option value="">Tất cả nhãn</option>
              {(tags.data ?? []).map((tag) => (
                <option key={tag._id} value={tag._id}>
                  {tag.name}
                </option>
              ))}
            </NativeSelect>
          )}
          {filters.includes('priority') && (
            <NativeSelect
              aria-label="Mức độ ưu tiên"
              value={params.priority_id ?? ''}
              onChange={(event) => onChange({ priority_id: event.target.value })}
            >
              <option value="">Mọi mức ưu tiên</option>
              {(priorities.data ?? []).map((priority) => (
                <option key={priority._id} value={priority._id}>
                  {priority.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </div>
      )}
    </Card>
  );
}

/** The figures a tile may not open: nothing measured, or not recorded yet. */
const opens = (key: string, value: number | null | undefined) =>
  value !== null && value !== undefined && !metricOf(key)?.liveOnly;

export function MetricTile({
  metricKey,
  value,
  onOpen,
}: {
  metricKey: string;
  value: number | null | undefined;
  onOpen?: () => void;
}) {
  const label = metricLabel(metricKey);
  const definition = metricDefinition(metricKey);
  const shown = formatMetric(metricKey, value);
  const clickable = onOpen && opens(metricKey, value);
  return (
    <Card className="flex min-w-0 flex-col gap-1.5 p-3.5" data-metric={metricKey}>
      <div className="flex items-start justify-between gap-2 text-[13px] text-slate-600">
        <span className="min-w-0 leading-snug">{label}</span>
        <Tooltip content={<span className="block max-w-64 whitespace-normal">{definition}</span>}>
          <button
            type="button"
            className="shrink-0 rounded text-slate-400 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-teal-600/50 focus-visible:outline-none"
            aria-label={`Định nghĩa: ${label}`}
            title={definition}
          >
            <CircleHelp className="size-3.5" />
          </button>
        </Tooltip>
      </div>
      {value === undefined ? (
        <Skeleton className="h-7 w-16" />
      ) : clickable ? (
        <button
          type="button"
          onClick={onOpen}
          className="w-fit rounded text-left text-2xl font-semibold tracking-tight text-slate-900 tabular-nums hover:text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600/50 focus-visible:outline-none"
          aria-label={`${label}: ${shown}`}
          title="Xem các dòng dữ liệu"
        >
          {shown}
        </button>
      ) : (
        <p
          className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
          aria-label={`${label}: ${shown}`}
        >
          {shown}
        </p>
      )}
    </Card>
  );
}

const bucketLabelOf = (bucket: string) =>
  /^\d{2}$/.test(bucket) ? `${bucket}:00` : formatCalendarDay(bucket).slice(0, 5);

function ReportTable({
  definition,
  data,
  onOpen,
}: {
  definition: ReportDefinition;
  data: ReportView;
  onOpen: (drill: Drill) => void;
}) {
  const dimension = definition.rowsBy;
  if (data.rows.length === 0)
    return (
      <p className="p-6 text-center text-sm text-slate-500">
        Không có dữ liệu trong khoảng thời gian này.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <Table aria-label={`Theo ${REPORT_DIMENSION.label(dimension).toLowerCase()}`}>
        <TableHeader>
          <TableRow>
            <TableHead>{REPORT_DIMENSION.label(dimension)}</TableHead>
            {definition.rows.map((key) => (
              <TableHead
                key={key}
                className="min-w-24 text-right whitespace-normal"
                title={metricDefinition(key)}
              >
                {metricLabel(key)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={row.key ?? 'none'}>
              <TableCell className="font-medium text-slate-800">{row.label}</TableCell>
              {definition.rows.map((key) => {
                const value = row.metrics[key];
                const shown = formatMetric(key, value);
                return (
                  <TableCell key={key} className="text-right tabular-nums">
                    {opens(key, value) && value !== 0 ? (
                      <button
                        type="button"
                        className="rounded hover:text-teal-700 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600/50 focus-visible:outline-none"
                        aria-label={`${metricLabel(key)} – ${row.label}: ${shown}`}
                        onClick={() =>
                          onOpen({
                            metric: key,
                            dimension,
                            value: row.key ?? '',
                            title: `${metricLabel(key)} – ${row.label}`,
                          })
                        }
                      >
                        {shown}
                      </button>
                    ) : (
                      shown
                    )}
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

/**
 * One frame for every report: the range (presets and custom days), the filters, the
 * business-hours switch, the tiles (label, figure, definition on hover), the chart (ECharts,
 * loaded lazily) and the table; every figure opens the rows it counts.
 */
export function ReportFrame({
  report,
  filters,
  businessHours = false,
  tiles,
  defaultPreset,
  controls,
  children,
}: {
  report: ReportName;
  /** What the report asks besides the filters (the custom report's metrics and dimension). */
  controls?: (params: ReportParams, onChange: (patch: Partial<ReportParams>) => void) => ReactNode;
  /** The range shown before one is chosen (7 days; the summary: today). */
  defaultPreset?: RangePreset;
  filters: readonly ReportFilter[];
  businessHours?: boolean;
  /** The tiles shown (the report's metrics by default). */
  tiles?: readonly string[];
  /** More panels below the tiles (the summary's staff now). */
  children?: (data: ReportView | undefined) => ReactNode;
}) {
  const { title, area } = usePageHandle();
  const [params, setParams] = useReportParams(defaultPreset);
  const query = useReport(report, params);
  const [drill, setDrill] = useState<Drill | null>(null);
  const { metrics: chosen, dimension: chosenDimension } = params;
  const definition = useMemo(
    () =>
      report === 'custom'
        ? customReportDefinition(
            chosen?.split(','),
            REPORT_DIMENSION.is(chosenDimension) ? chosenDimension : undefined,
          )
        : REPORTS[report],
    [report, chosen, chosenDimension],
  );
  const data = query.data;
  const seriesBy = definition.seriesBy ?? (params.from === params.to ? 'hour' : 'day');
  const openBucket = (metric: string, bucket: string) =>
    setDrill({
      metric,
      dimension: seriesBy,
      value: bucket,
      title: `${metricLabel(metric)} – ${bucketLabelOf(bucket)}`,
    });
  return (
    <div className="flex flex-col gap-4">
      <AreaNav area={area} />
      <PageHeader
        title={title}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ReportSchedulesButton report={report} params={params} />
            <ReportExportMenu report={report} params={params} />
          </div>
        }
      />
      <ReportExportBanner />
      <FilterBar
        params={params}
        onChange={setParams}
        filters={filters}
        businessHours={businessHours}
      />
      {controls?.(params, setParams)}
      {query.isError ? (
        <Card className="flex flex-col items-center gap-3 p-8 text-center text-sm text-slate-600">
          Không tải được báo cáo.
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Thử lại
          </Button>
        </Card>
      ) : (
        <>
          <section
            aria-label="Chỉ số"
            className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-7"
          >
            {(tiles ?? definition.metrics).map((key) => (
              <MetricTile
                key={key}
                metricKey={key}
                value={data ? (data.metrics[key] ?? null) : undefined}
                onOpen={() => setDrill({ metric: key, title: metricLabel(key) })}
              />
            ))}
          </section>
          {children?.(data)}
          <Card className="flex flex-col gap-2 p-4">
            <h2 className="text-sm font-semibold text-slate-900">
              Theo {seriesBy === 'hour' ? 'giờ trong ngày' : 'ngày'}
            </h2>
            {data ? (
              <Suspense fallback={<Skeleton className="h-72" />}>
                <ReportChart
                  series={data.series}
                  keys={definition.series}
                  bucketLabel={bucketLabelOf}
                  onPick={openBucket}
                />
              </Suspense>
            ) : (
              <Skeleton className="h-72" />
            )}
          </Card>
          <Card className="flex flex-col gap-2 p-4">
            <h2 className="text-sm font-semibold text-slate-900">
              Theo {REPORT_DIMENSION.label(definition.rowsBy).toLowerCase()}
            </h2>
            {data ? (
              <ReportTable definition={definition} data={data} onOpen={setDrill} />
            ) : (
              <Skeleton className="h-40" />
            )}
          </Card>
        </>
      )}
      <DrillDialog report={report} params={params} drill={drill} onClose={() => setDrill(null)} />
    </div>
  );
}
