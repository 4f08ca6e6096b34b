import type { OutboxRun } from './outbox.js';
import type { SubscriberOptions } from './outbox-subscribers.js';

/** What one delivery of some aggregates came to: those another instance holds, those that failed. */
export interface DeliveryOutcome {
  busy: string[];
  failed: Map<string, unknown>;
}
export type Deliver = (subscriber: string, aggregateIds: string[]) => Promise<DeliveryOutcome>;

/**
 * A subscriber's deliveries on this instance: the aggregates owed, `workers` deliveries of up
 * to `batch` aggregates at once, each aggregate in one delivery at a time (one handed over
 * again while it is being delivered is delivered again after it).
 */
interface Lane {
  workers: number;
  /** Aggregates per delivery. */
  batch: number;
  /** Deliveries under way. */
  deliveries: number;
  waiting: Set<string>;
  delivering: Set<string>;
  again: Set<string>;
  /** Failed deliveries in a row, per aggregate (the backoff). */
  failures: Map<string, number>;
}

/**
 * The delivery lanes of this instance, in memory (everything a lane holds is in
 * `outbox_progress` for a sweep to find again after a crash): aggregates handed over are
 * delivered by `deliver`; one busy elsewhere looks again a second later, a failing one is tried
 * again with backoff (1 s doubling to 30 s), alone.
 */
export function createLanes(deliver: Deliver, run: OutboxRun) {
  const lanes = new Map<string, Lane>();
  const inFlight = new Set<Promise<void>>();

  function dispatch(subscriber: string, aggregateIds: Iterable<string>) {
    const lane = lanes.get(subscriber);
    if (!lane || run.stopped) return;
    for (const id of aggregateIds) {
      if (lane.delivering.has(id)) lane.again.add(id);
      else lane.waiting.add(id);
    }
    pump(subscriber, lane);
  }

  function later(subscriber: string, aggregateId: string, ms: number) {
    if (run.stopped) return;
    const timer = setTimeout(() => {
      run.timers.delete(timer);
      dispatch(subscriber, [aggregateId]);
    }, ms);
    run.timers.add(timer);
  }

  function pump(subscriber: string, lane: Lane) {
    while (!run.stopped && lane.deliveries < lane.workers && lane.waiting.size > 0) {
      // The first `batch` waiting (not a copy of them all: a sweep may hand over thousands).
      const ids: string[] = [];
      for (const id of lane.waiting) {
        if (ids.length === lane.batch) break;
        ids.push(id);
      }
      for (const id of ids) {
        lane.waiting.delete(id);
        lane.delivering.add(id);
      }
      lane.deliveries += 1;
      const retry = (id: string, error: unknown) => {
        if (run.stopped) return;
        const failures = (lane.failures.get(id) ?? 0) + 1;
        lane.failures.set(id, failures);
        run.log.warn({ err: error, subscriber, aggregateId: id }, 'outbox delivery failed');
        later(subscriber, id, Math.min(1_000 * 2 ** (failures - 1), 30_000));
      };
      const delivery = deliver(subscriber, ids)
        .then(({ busy, failed }) => {
          for (const id of ids) if (!failed.has(id)) lane.failures.delete(id);
          // Another instance is delivering it: look again once it is likely done.
          for (const id of busy) later(subscriber, id, 1_000);
          for (const [id, error] of failed) retry(id, error);
        })
        .catch((error: unknown) => {
          for (const id of ids) retry(id, error);
        })
        .finally(() => {
          inFlight.delete(delivery);
          lane.deliveries -= 1;
          for (const id of ids) {
            lane.delivering.delete(id);
            if (lane.again.delete(id)) lane.waiting.add(id);
          }
          pump(subscriber, lane);
        });
      inFlight.add(delivery);
    }
  }

  return {
    /** A subscriber's lane (before the outbox starts). */
    add(subscriber: string, options: SubscriberOptions) {
      lanes.set(subscriber, {
        workers: options.workers ?? 2,
        batch: options.batch ?? 1,
        deliveries: 0,
        waiting: new Set(),
        delivering: new Set(),
        again: new Set(),
        failures: new Map(),
      });
    },
    /** Hands aggregates owed to a subscriber's lane. */
    dispatch,
    /** The deliveries under way (stopping waits for them). */
    pending: () => [...inFlight],
  };
}
