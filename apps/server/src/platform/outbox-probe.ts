import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineEvents, type PayloadsOf } from '@omnicare/shared/platform/domain-events';
import type { Platform } from './context.js';
import { declareEvents } from './domain-events.js';
import { registerSubscriber } from './outbox.js';

/** Events of no domain, for the outbox's own tests: `n` numbers them, `alone` marks one. */
export const PROBE_EVENTS = defineEvents('probe', {
  'probe.noted': {
    payload: z.strictObject({ n: z.number().int().optional(), alone: z.boolean().optional() }),
  },
});

declare module './outbox.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the payload types in
  interface DomainEventPayloads extends PayloadsOf<typeof PROBE_EVENTS> {}
}

/** Declares the probe's events (tests appending them, and the probe subscriber's server). */
export const declareProbeEvents = () => declareEvents([PROBE_EVENTS]);

/**
 * OUTBOX_PROBE=1: a subscriber named 'probe' that records every event it receives (duplicates
 * included) in `outbox_probe_receipts`, created on first use; OUTBOX_PROBE_DELAY_MS slows each
 * delivery. The restart test reads the table to prove that nothing is lost across a kill -9.
 */
export function registerOutboxProbe(platform: Platform, delayMs: number) {
  declareProbeEvents();
  let table: Promise<unknown> | undefined;
  registerSubscriber(platform, 'probe', async (event) => {
    table ??= platform.database.pool.query(
      `create table if not exists outbox_probe_receipts (
         id bigserial primary key, event_id bigint not null, aggregate_id uuid not null,
         received_at timestamptz not null default now())`,
    );
    await table;
    if (delayMs > 0) await sleep(delayMs);
    await platform.database.pool.query(
      'insert into outbox_probe_receipts (event_id, aggregate_id) values ($1, $2)',
      [event.id, event.aggregateId],
    );
  });
}
