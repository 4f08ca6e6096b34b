import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import type { MonitorRowsQuery } from '@omnicare/shared/monitors/monitors.schemas';
import { metricOf } from '@omnicare/shared/reports/metrics';
import { formatDateTime } from '@omnicare/shared/platform/time';
import { cn } from '@/lib/cn';
import { usePageHandle } from '@/lib/route-declaration';
import { AreaNav } from '@/components/layout/area-nav';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { fetchMonitorRows } from '../monitors.api';
import { formatFigure, toneOf, type Tone } from '../monitor-format';

export const MONITOR_TEXT = {
  live: 'Trực tiếp',
  connecting: 'Đang kết nối…',
  updatedAt: 'Cập nhật',
  open: (label: string) => `Xem các bản ghi: ${label}`,
  truncated: 'Chỉ hiển thị 200 bản ghi đầu tiên.',
  total: 'Tổng',
} as const;

/** Opens the rows behind a figure (one dialog per screen). */
const DrillContext = createContext<(query: MonitorRowsQuery, context?: string) => void>(() => {});
export const useDrill = () => useContext(DrillContext);

/** A monitor screen: the area's navigation, its title, whether it is live, and its drill-down. */
export function MonitorFrame({
  live,
  at,
  actions,
  children,
}: {
  live: boolean;
  at: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { title, area } = usePageHandle();
  const [drill, setDrill] = useState<{ query: MonitorRowsQuery; context?: string } | null>(null);
  return (
    <DrillContext.Provider value={(query, context) => setDrill({ query, context })}>
      <div className="flex flex-col gap-4">
        <AreaNav area={area} />
        <PageHeader
          title={title}
          actions={
            <div className="flex flex-wrap items-center gap-3">
              {actions}
              <Badge variant={live ? 'success' : 'secondary'} data-testid="monitor-live">
                <Radio className="size-3" aria-hidden="true" />
                {live ? MONITOR_TEXT.live : MONITOR_TEXT.connecting}
              </Badge>
              {at && (
                <span className="text-xs text-slate-500">
                  {MONITOR_TEXT.updatedAt} {formatDateTime(at)}
                </span>
              )}
            </div>
          }
        />
        {children}
      </div>
      {drill && <RowsDialog {...drill} onClose={() => setDrill(null)} />}
    </DrillContext.Provider>
  );
}

const TONE_CLASS: Record<Tone, string> = {
  normal: 'border-slate-200 bg-white',
  warn: 'border-amber-300 bg-amber-50',
  alert: 'border-red-300 bg-red-50',
};

/**
 * One figure of the registry: its label, value (unit as the registry says), the definition on
 * hover, coloured by its threshold; a click lists the rows behind it.
 */
export function MetricTile({
  metric,
  value,
  display,
  query,
  context,
  compact = false,
}: {
  metric: string;
  value: number | null | undefined;
  /** Shown instead of the formatted value (a ticking duration). */
  display?: string;
  query: Omit<MonitorRowsQuery, 'key'>;
  context?: string;
  compact?: boolean;
}) {
  const drill = useDrill();
  const definition = metricOf(metric);
  const label = definition?.label ?? metric;
  const tone = toneOf(metric, value);
  const shown = display ?? formatFigure(metric, value);
  return (
    <button
      type="button"
      onClick={() => drill({ key: metric, ...query }, context)}
      title={definition?.definition}
      aria-label={`${label}: ${shown}`}
      data-metric={metric}
      data-tone={tone}
      className={cn(
        'flex flex-col items-start gap-1 rounded-lg border text-left shadow-xs transition hover:border-teal-500 focus-visible:ring-2 focus-visible:ring-teal-600/40 focus-visible:outline-none',
        compact ? 'p-2' : 'p-3',
        TONE_CLASS[tone],
      )}
    >
      <span className="text-xs text-slate-600">{label}</span>
      <span
        className={cn(
          'font-semibold tracking-tight tabular-nums',
          compact ? 'text-lg' : 'text-2xl',
          tone === 'alert' ? 'text-red-700' : tone === 'warn' ? 'text-amber-800' : 'text-slate-900',
        )}
      >
        {shown}
      </span>
    </button>
  );
}

/** A figure in a table cell that opens its rows. */
export function FigureButton({
  metric,
  query,
  context,
  children,
  className,
}: {
  metric: string;
  query: Omit<MonitorRowsQuery, 'key'>;
  context?: string;
  children: ReactNode;
  className?: string;
}) {
  const drill = useDrill();
  const label = metricOf(metric)?.label ?? metric;
  return (
    <button
      type="button"
      onClick={() => drill({ key: metric, ...query }, context)}
      title={MONITOR_TEXT.open(label)}
      data-metric={metric}
      className={cn(
        'rounded px-1 tabular-nums underline decoration-slate-300 decoration-dotted underline-offset-4 hover:bg-teal-50 hover:decoration-teal-600',
        className,
      )}
    >
      {children}
    </button>
  );
}

const KIND_LABEL = {
  call: 'Cuộc gọi',
  ticket: 'Ticket',
  conversation: 'Hội thoại',
  agent: 'Nhân viên',
} as const;

/** The rows a figure counts, each linking to its page. */
function RowsDialog({
  query,
  context,
  onClose,
}: {
  query: MonitorRowsQuery;
  context?: string;
  onClose: () => void;
}) {
  const metric = metricOf(query.key);
  const rows = useQuery({
    queryKey: ['monitors', 'rows', query],
    queryFn: ({ signal }) => fetchMonitorRows(query, signal),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {metric?.label ?? query.key}
            {context ? ` · ${context}` : ''}
          </DialogTitle>
          <DialogDescription>{metric?.definition}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-y-auto">
          {rows.isPending ? (
            <div className="flex flex-col gap-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : rows.isError ? (
            <LoadErrorState onRetry={() => rows.refetch()} retrying={rows.isFetching} />
          ) : rows.data.rows.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={metric?.label}>
              {rows.data.rows.map((row) => {
                const body = (
                  <>
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium text-slate-900">{row.title}</span>
                      <span className="truncate text-xs text-slate-500">
                        {KIND_LABEL[row.kind]} · {row.detail}
                      </span>
                    </span>
                    {row.at && (
                      <span className="shrink-0 text-xs text-slate-500">
                        {formatDateTime(row.at)}
                      </span>
                    )}
                  </>
                );
                return (
                  <li key={`${row.kind}:${row._id}`}>
                    {row.href ? (
                      <Link
                        to={row.href}
                        className="flex items-center justify-between gap-3 px-1 py-2 text-sm hover:bg-slate-50"
                      >
                        {body}
                      </Link>
                    ) : (
                      <div className="flex items-center justify-between gap-3 px-1 py-2 text-sm">
                        {body}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {rows.data?.truncated && (
            <p className="pt-2 text-xs text-slate-500">{MONITOR_TEXT.truncated}</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A card with a title, for a monitor's sections. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export function MonitorSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-20" />
      ))}
    </div>
  );
}
