import type { EventFilter, EventHandler } from './outbox.js';

export interface SubscriberOptions {
  /** Deliveries at once on this instance (of different aggregates; 2 by default). */
  workers?: number;
  /**
   * Aggregates a delivery takes at once (1 by default): their locks, reads and progress cost
   * one statement each for all of them, and their handlers run side by side.
   */
  batch?: number;
  /** Handed over by the relay, once and without a delivery (see createOutbox). */
  broadcast?: boolean;
}

/**
 * The subscribers of this instance's outbox, by name: each one's handler, the events it takes
 * when it says (the others dispatch nothing to it), and whether it is a broadcast one.
 */
export function createSubscriberRegistry() {
  const handlers = new Map<string, EventHandler>();
  const interests = new Map<string, EventFilter>();
  const broadcasts = new Set<string>();
  return {
    /** Registers a subscriber; a name registered twice throws. */
    add(name: string, handler: EventHandler, takes?: EventFilter, broadcast?: boolean) {
      if (takes) interests.set(name, takes);
      if (broadcast) broadcasts.add(name);
      if (handlers.has(name)) throw new Error(`outbox subscriber ${name} registered twice`);
      handlers.set(name, handler);
    },
    handler: (name: string) => handlers.get(name),
    /** Which events a subscriber takes, when it says. */
    takes: (name: string) => interests.get(name),
    isBroadcast: (name: string) => broadcasts.has(name),
    names: () => [...handlers.keys()],
    count: () => handlers.size,
  };
}
export type SubscriberRegistry = ReturnType<typeof createSubscriberRegistry>;
