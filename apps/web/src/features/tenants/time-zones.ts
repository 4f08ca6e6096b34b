import { TIME_ZONE } from '@omnicare/shared/platform/constants';

const FALLBACK_ZONES = [TIME_ZONE, 'Asia/Ho_Chi_Minh', 'Asia/Singapore', 'Asia/Tokyo', 'UTC'];

/** The UTC offset of a zone now, e.g. 'GMT+07:00'. */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((entry) => entry.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

let cached: { value: string; label: string }[] | null = null;

/** Every IANA zone the browser knows, the default first; `current` is kept even if unknown. */
export function timeZoneOptions(current?: string): { value: string; label: string }[] {
  if (!cached) {
    const supported =
      typeof Intl.supportedValuesOf === 'function'
        ? Intl.supportedValuesOf('timeZone')
        : FALLBACK_ZONES;
    const zones = [TIME_ZONE, ...supported.filter((zone) => zone !== TIME_ZONE)];
    cached = zones.map((zone) => {
      const offset = zoneOffset(zone);
      return { value: zone, label: offset ? `${zone} (${offset})` : zone };
    });
  }
  if (current && !cached.some((option) => option.value === current)) {
    return [{ value: current, label: current }, ...cached];
  }
  return cached;
}
