import { MONITOR_THRESHOLDS } from '@omnicare/shared/monitors/monitors.schemas';
import { metricOf } from '@omnicare/shared/reports/metrics';

/** A duration in seconds as m:ss, or h:mm:ss past an hour; '—' when there is none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A figure as its registry unit shows it (count, seconds as a duration, percent). */
export function formatFigure(key: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const unit = metricOf(key)?.unit ?? 'count';
  if (unit === 'seconds') return formatDuration(value);
  if (unit === 'percent') return `${value.toLocaleString('vi-VN', { maximumFractionDigits: 1 })}%`;
  return value.toLocaleString('vi-VN');
}

export type Tone = 'normal' | 'warn' | 'alert';

/** How a tile is coloured by its threshold (MONITOR_THRESHOLDS); service level: lower is worse. */
export function toneOf(key: string, value: number | null | undefined): Tone {
  if (value === null || value === undefined) return 'normal';
  const threshold = (MONITOR_THRESHOLDS as Record<string, { warn: number; alert: number }>)[key];
  if (!threshold) return 'normal';
  if (key === 'service_level_pct') {
    if (value < threshold.alert) return 'alert';
    return value < threshold.warn ? 'warn' : 'normal';
  }
  if (value >= threshold.alert) return 'alert';
  return value >= threshold.warn ? 'warn' : 'normal';
}

/** Seconds from an instant to now, `now` in the server's clock (see useMonitor). */
export const secondsSince = (iso: string | null | undefined, now: number): number | null =>
  iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 1000)) : null;
