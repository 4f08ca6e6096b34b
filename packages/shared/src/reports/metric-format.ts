import { metricOf } from './metrics.js';

const integer = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });

/** 45 → '45 giây', 125 → '2 phút 5 giây', 7260 → '2 giờ 1 phút', 90 000 → '25 giờ'. */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} giây`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours === 0) return rest ? `${minutes} phút ${rest} giây` : `${minutes} phút`;
  return minutes ? `${integer.format(hours)} giờ ${minutes} phút` : `${integer.format(hours)} giờ`;
}

/** A figure as its metric's unit shows it; null (nothing measured) as '—'. */
export function formatMetric(key: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const unit = metricOf(key)?.unit ?? 'count';
  if (unit === 'seconds') return formatSeconds(value);
  if (unit === 'percent') return `${decimal.format(value)}%`;
  if (unit === 'currency') return `${integer.format(value)} ₫`;
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

/** A metric's short name (its label). */
export const metricLabel = (key: string) => metricOf(key)?.label ?? key;
export const metricDefinition = (key: string) => metricOf(key)?.definition ?? '';
