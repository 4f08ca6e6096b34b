import type { DeliveredEvent, OutboxRun } from './outbox.js';
import type { SubscriberRegistry } from './outbox-subscribers.js';

/**
 * The handing over to broadcast subscribers (live pushes to browsers, which refetch what they
 * miss): the relay hands each its events after their commit, in order, once, with no delivery
 * and no progress written.
 */
export function createBroadcasts(subscribers: SubscriberRegistry, run: OutboxRun) {
  /** Each broadcast subscriber's handing over, one event after another. */
  const broadcastChains = new Map<string, Promise<void>>();

  /** Hands a broadcast subscriber its events in order, without holding up the relay. */
  function handOut(subscriber: string, events: DeliveredEvent[]) {
    const handler = subscribers.handler(subscriber);
    if (!handler) return;
    const chain = (broadcastChains.get(subscriber) ?? Promise.resolve()).then(async () => {
      for (const event of events) {
        if (run.stopped) return;
        await handler(event).catch((error: unknown) =>
          run.log.warn({ err: error, subscriber, eventId: event.id }, 'outbox broadcast failed'),
        );
      }
    });
    broadcastChains.set(subscriber, chain);
  }

  return {
    handOut,
    /** The handings over under way (stopping waits for them). */
    pending: () => [...broadcastChains.values()],
  };
}
