import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatMetric, metricLabel } from '@omnicare/shared/reports/metric-format';

// Only the parts the reports draw: bars and lines on a grid, a tooltip and a legend.
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

const COLORS = ['#0f766e', '#f59e0b', '#6366f1', '#e11d48', '#0891b2', '#65a30d'];

export interface ChartProps {
  /** The buckets (days yyyy-MM-dd or hours 'HH') and each metric's figure in them. */
  series: { bucket: string; metrics: Record<string, number | null> }[];
  keys: readonly string[];
  /** How a bucket reads on the axis ('29/11', '08:00'). */
  bucketLabel: (bucket: string) => string;
  /** A bar clicked: the rows of that metric in that bucket. */
  onPick: (key: string, bucket: string) => void;
  /** Series named otherwise than the registry's keys (the days of the daily stats). */
  labelOf?: (key: string) => string;
  /** 'lines': every series a line (comparing like with like); default: a bar, then lines. */
  kind?: 'lines';
  /** Colours of the series, in order. */
  colors?: readonly string[];
}

/** A report's chart (ECharts, loaded with this module only when a report opens). */
export default function ReportChart({
  series,
  keys,
  bucketLabel,
  onPick,
  labelOf = metricLabel,
  kind,
  colors = COLORS,
}: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // What a click reads: the props of the last render (the handler is bound once).
  const latest = useRef({ onPick, keys, series });
  useEffect(() => {
    latest.current = { onPick, keys, series };
  }, [onPick, keys, series]);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (event) => {
      const { onPick: pick, keys: shown, series: points } = latest.current;
      const key = shown[event.seriesIndex ?? -1];
      const bucket = points[event.dataIndex]?.bucket;
      if (key && bucket) pick(key, bucket);
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(element.current);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        color: [...colors],
        grid: { left: 48, right: 16, top: 36, bottom: 28 },
        legend: { top: 0, left: 0, itemWidth: 12, itemHeight: 8, textStyle: { fontSize: 12 } },
        tooltip: {
          trigger: 'axis',
          valueFormatter: undefined,
        },
        xAxis: {
          type: 'category',
          data: series.map((point) => bucketLabel(point.bucket)),
          axisLabel: { fontSize: 11, color: '#64748b' },
          axisTick: { alignWithLabel: true },
        },
        yAxis: {
          type: 'value',
          minInterval: 1,
          axisLabel: { fontSize: 11, color: '#64748b' },
          splitLine: { lineStyle: { color: '#e2e8f0' } },
        },
        series: keys.map((key, index) => ({
          name: labelOf(key),
          type: index === 0 && kind !== 'lines' ? 'bar' : 'line',
          barMaxWidth: 28,
          cursor: 'pointer',
          // No figure (a duration over nothing, an hour still to come) is a gap, not a zero.
          data: series.map((point) => point.metrics[key] ?? null),
          tooltip: {
            valueFormatter: (value: unknown) =>
              labelOf === metricLabel ? formatMetric(key, Number(value)) : String(value),
          },
        })),
      },
      { notMerge: true },
    );
  }, [series, keys, bucketLabel, labelOf, kind, colors]);

  return <div ref={element} className="h-72 w-full" data-testid="report-chart" />;
}
