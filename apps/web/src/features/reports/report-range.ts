import { TIME_ZONE } from '@omnicare/shared/platform/constants';
import { labelled } from '@omnicare/shared/platform/labelled';

/** The range presets of every report, in the tenant's days (Asia/Bangkok). */
export const RANGE_PRESET = labelled({
  today: 'Hôm nay',
  yesterday: 'Hôm qua',
  last7: '7 ngày',
  this_month: 'Tháng này',
  last_month: 'Tháng trước',
  custom: 'Tùy chọn',
});
export type RangePreset = (typeof RANGE_PRESET.values)[number];

export interface DayRangeValue {
  from: string;
  to: string;
}

/** Today (yyyy-MM-dd) in the zone, at `now`. */
export function todayIn(now: Date = new Date(), timeZone = TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(now);
}

const shift = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A preset's days (both included); 'custom' keeps the last seven. */
export function rangeOfPreset(preset: RangePreset, now: Date = new Date()): DayRangeValue {
  const today = todayIn(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: shift(today, -1), to: shift(today, -1) };
    case 'this_month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last_month': {
      const firstOfThis = `${today.slice(0, 8)}01`;
      const lastOfPrevious = shift(firstOfThis, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
    case 'last7':
    case 'custom':
      return { from: shift(today, -6), to: today };
  }
}

/** The preset a range is, or 'custom'. */
export function presetOf(range: DayRangeValue, now: Date = new Date()): RangePreset {
  for (const preset of RANGE_PRESET.values)
    if (preset !== 'custom') {
      const candidate = rangeOfPreset(preset, now);
      if (candidate.from === range.from && candidate.to === range.to) return preset;
    }
  return 'custom';
}
