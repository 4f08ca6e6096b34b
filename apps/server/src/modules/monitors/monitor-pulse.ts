import type { Platform } from '../../platform/context.js';

/** What changed, as the modules say it. */
export type MonitorChange = 'presence' | 'calls' | 'conversations' | 'channels' | 'all';

/** The signal every instance hears (platform/realtime.ts `signal`). */
export const MONITOR_SIGNAL = 'monitors:changed';

/**
 * Tells the monitors of every instance that something they show changed in a tenant (after the
 * change is committed). Costs no query: each instance recomputes, coalesced, only when it has
 * watchers of that tenant (monitor-hub.ts).
 */
export function monitorsChanged(platform: Platform, tenantId: string, change: MonitorChange) {
  platform.realtime.signal(MONITOR_SIGNAL, { tenant_id: tenantId, change });
}
