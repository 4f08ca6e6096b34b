import type { WorkflowBlockData } from '@omnicare/shared/automation/workflow-blocks';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
/** Asia/Bangkok is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** When a delay block ends, counted from when the run reached it. */
export const delayEnd = (data: WorkflowBlockData['delay'], from: Date): Date =>
  new Date(from.getTime() + data.amount * UNIT_MS[data.unit]);

/**
 * When a wait-until block ends. `offset_time`: N days after the event's day (Asia/Bangkok), at
 * HH:mm there; 0 days = that day, or the next when the time has passed. `specific_time`: the instant.
 */
export function waitUntilEnd(
  data: WorkflowBlockData['wait_until'],
  eventAt: Date,
  now: Date,
): Date {
  if (data.timing === 'specific_time') return new Date(data.at);
  const local = new Date(eventAt.getTime() + BANGKOK_OFFSET_MS);
  const [hours, minutes] = data.time.split(':').map(Number) as [number, number];
  const at = (days: number) =>
    new Date(
      Date.UTC(
        local.getUTCFullYear(),
        local.getUTCMonth(),
        local.getUTCDate() + days,
        hours,
        minutes,
      ) - BANGKOK_OFFSET_MS,
    );
  const target = at(data.days);
  return data.days === 0 && target.getTime() <= now.getTime() ? at(1) : target;
}

/**
 * Tests and benches shrink waiting and backoff (AUTOMATION_TIME_SCALE, 1 in production): a
 * moment `target` fires at `now + (target - now) * scale`.
 */
export const timeScale = (): number => {
  const value = Number(process.env.AUTOMATION_TIME_SCALE ?? '1');
  return Number.isFinite(value) && value > 0 ? value : 1;
};

export const scaled = (target: Date, now: Date): Date =>
  new Date(now.getTime() + Math.max(0, target.getTime() - now.getTime()) * timeScale());
