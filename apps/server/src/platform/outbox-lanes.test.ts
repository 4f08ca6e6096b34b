import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRun } from './outbox.js';
import { createLanes, type Deliver, type DeliveryOutcome } from './outbox-lanes.js';

const runOf = (): OutboxRun => ({
  stopped: false,
  timers: new Set(),
  log: { warn: vi.fn() } as unknown as OutboxRun['log'],
});

/** A delivery that waits for the test to say how it went. */
function heldDeliveries() {
  const calls: { ids: string[]; end: (outcome?: Partial<DeliveryOutcome>) => void }[] = [];
  const deliver: Deliver = (_subscriber, ids) =>
    new Promise((resolve) =>
      calls.push({
        ids,
        end: (outcome = {}) => resolve({ busy: [], failed: new Map(), ...outcome }),
      }),
    );
  return { calls, deliver };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outbox lanes', () => {
  it('delivers `batch` aggregates at a time, and again after it one handed over meanwhile', async () => {
    const { calls, deliver } = heldDeliveries();
    const lanes = createLanes(deliver, runOf());
    lanes.add('s', { workers: 1, batch: 2 });
    lanes.dispatch('s', ['a', 'b', 'c']);
    lanes.dispatch('s', ['a']);
    expect(calls.map((call) => call.ids)).toEqual([['a', 'b']]);
    calls[0]?.end();
    await Promise.allSettled(lanes.pending());
    expect(calls.map((call) => call.ids)).toEqual([
      ['a', 'b'],
      ['c', 'a'],
    ]);
  });

  it('looks at a busy aggregate again a second later, and retries a failing one with backoff', async () => {
    vi.useFakeTimers();
    const { calls, deliver } = heldDeliveries();
    const run = runOf();
    const lanes = createLanes(deliver, run);
    lanes.add('s', {});
    lanes.dispatch('s', ['busy', 'failing']);
    expect(calls.map((call) => call.ids)).toEqual([['busy'], ['failing']]);
    calls[0]?.end({ busy: ['busy'] });
    calls[1]?.end({ failed: new Map([['failing', new Error('not now')]]) });
    await Promise.allSettled(lanes.pending());
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.slice(2).map((call) => call.ids)).toEqual([['busy'], ['failing']]);
    expect(run.log.warn).toHaveBeenCalledTimes(1);
    // Failing twice in a row: two seconds before the next try.
    calls[2]?.end();
    calls[3]?.end({ failed: new Map([['failing', new Error('still not')]]) });
    await Promise.allSettled(lanes.pending());
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[4]?.ids).toEqual(['failing']);
  });

  it('hands nothing over once the outbox stops', () => {
    const { calls, deliver } = heldDeliveries();
    const run = runOf();
    const lanes = createLanes(deliver, run);
    lanes.add('s', {});
    run.stopped = true;
    lanes.dispatch('s', ['a']);
    expect(calls).toHaveLength(0);
  });
});
