/**
 * Keeping a browser's screens true when live events may have been missed. Socket.io events.
 */
export const REALTIME_SYNC_EVENTS = {
  /**
   * Server → each socket of an instance, `{}`: the instance's link to the other instances
   * (Redis) was cut and is back, so events of that gap may never have arrived. The browser reads
   * again what it shows (ticket lists, open records, the notification bell), as it does after
   * its own reconnect.
   */
  resync: 'realtime:resync',
} as const;
