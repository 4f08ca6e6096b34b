import { eq, inArray, sql } from 'drizzle-orm';
import { createBatcher } from '../../platform/batcher.js';
import type { Platform } from '../../platform/context.js';
import { channelEvents } from '../../db/schema/channel-inbound.js';
import { channels } from '../../db/schema/conversations.js';

/**
 * The webhook half every chat channel shares (Zalo OA, Messenger, WhatsApp): the route checks
 * the provider's signature, stores the event under its key (the provider's message id, else a
 * hash of the body) and answers; the instance that stored it then processes it at once, in the
 * order of its sender (`orderKey`), a few at a time. A redelivery of a stored key is a no-op.
 * Deliveries arriving together are stored in one statement, and marked processed in one.
 * Nothing is lost to a crash: an event still unprocessed a minute later (the instance died, or
 * processing failed and kept the reason) is taken by the sweep job of any instance, up to
 * `INBOUND_ATTEMPTS` tries.
 */

export type InboundHandler = (
  platform: Platform,
  stored: { channelId: string; body: Record<string, unknown> },
) => Promise<void>;

/** Tries of one event (its first, then the sweeps') before it is left with its error. */
export const INBOUND_ATTEMPTS = 4;
/**
 * Events processed at once per instance. Their hot statements are shared by those in hand at
 * once (the senders' look-up, the replies' transaction: createBatcher), so many in hand make
 * few statements and hold few of the pool's 10 connections; a webhook's acknowledgement still
 * finds one.
 */
const INBOUND_CONCURRENCY = 32;
export const INBOUND_SWEEP_JOB = 'channels.inbound-sweep';
export const INBOUND_SWEEP_CRON = '* * * * *';

interface NewEvent {
  tenantId: string;
  channelId: string;
  eventKey: string;
  body: Record<string, unknown>;
}

interface InboundState {
  handlers: Map<string, InboundHandler>;
  /** The last event of each sender still in hand: the next one of theirs waits for it. */
  tails: Map<string, Promise<void>>;
  running: number;
  waiting: (() => void)[];
  /** Stores deliveries arriving together in one statement: each one's id, none for a twin. */
  store: (event: NewEvent) => Promise<string | undefined>;
  /** Marks events processed together in one statement. */
  markProcessed: (id: string) => Promise<void>;
}
// Per platform: a test process builds several apps, each with its own handlers.
const states = new WeakMap<Platform, InboundState>();
const stateOf = (platform: Platform) => {
  let state = states.get(platform);
  if (!state) {
    state = {
      handlers: new Map(),
      tails: new Map(),
      running: 0,
      waiting: [],
      store: createBatcher((events: NewEvent[]) => storeEvents(platform, events), { max: 100 }),
      markProcessed: createBatcher(
        async (ids: string[]) => {
          await platform.db
            .update(channelEvents)
            .set({ processedAt: new Date(), error: null })
            .where(inArray(channelEvents.id, ids));
          return ids.map(() => undefined);
        },
        { max: 100 },
      ),
    };
    states.set(platform, state);
  }
  return state;
};

/**
 * One insert for the deliveries of a wave; a key already stored, or twice in the wave, gets no
 * id (its first holder does). Should the wave fail (a channel removed meanwhile), each delivery
 * is tried alone, so one delivery's fault is its own.
 */
async function storeEvents(
  platform: Platform,
  events: NewEvent[],
): Promise<(string | undefined)[]> {
  const insert = (values: NewEvent[]) =>
    platform.db.insert(channelEvents).values(values).onConflictDoNothing().returning({
      id: channelEvents.id,
      channelId: channelEvents.channelId,
      eventKey: channelEvents.eventKey,
    });
  const keyOf = (event: { channelId: string; eventKey: string }) =>
    `${event.channelId}\u0000${event.eventKey}`;
  let ids: Map<string, string>;
  try {
    ids = new Map((await insert(events)).map((row) => [keyOf(row), row.id]));
  } catch (error) {
    if (events.length === 1) throw error;
    return Promise.all(events.map(async (event) => (await storeEvents(platform, [event]))[0]));
  }
  return events.map((event) => {
    const id = ids.get(keyOf(event));
    ids.delete(keyOf(event));
    return id;
  });
}

/** The channel kind's processing of one stored event. */
export function registerInbound(platform: Platform, kind: string, handle: InboundHandler) {
  stateOf(platform).handlers.set(kind, handle);
}

export async function storeChannelEvent(
  platform: Platform,
  channel: { id: string; tenantId: string },
  kind: string,
  event: { key: string; body: Record<string, unknown>; orderKey: string },
): Promise<'stored' | 'duplicate'> {
  const stored = await stateOf(platform).store({
    tenantId: channel.tenantId,
    channelId: channel.id,
    eventKey: event.key,
    body: event.body,
  });
  if (!stored) return 'duplicate';
  processInOrder(platform, kind, `${channel.id}:${event.orderKey}`, {
    id: stored,
    channelId: channel.id,
    body: event.body,
  });
  return 'stored';
}

interface StoredEvent {
  id: string;
  channelId: string;
  body: Record<string, unknown>;
}

/** Runs after the sender's earlier events and when fewer than INBOUND_CONCURRENCY run. */
function processInOrder(platform: Platform, kind: string, orderKey: string, event: StoredEvent) {
  const state = stateOf(platform);
  const previous = state.tails.get(orderKey) ?? Promise.resolve();
  const done = previous.then(async () => {
    if (state.running >= INBOUND_CONCURRENCY)
      await new Promise<void>((resolve) => state.waiting.push(resolve));
    state.running++;
    try {
      await processEvent(platform, kind, event);
    } finally {
      state.running--;
      state.waiting.shift()?.();
    }
  });
  state.tails.set(orderKey, done);
  void done.finally(() => {
    if (state.tails.get(orderKey) === done) state.tails.delete(orderKey);
  });
}

/**
 * One stored event, processed once: marked processed, or left unprocessed with its error (and,
 * for a first try, its attempt counted; a sweep counts its own when it claims). Never throws.
 */
async function processEvent(
  platform: Platform,
  kind: string,
  event: StoredEvent,
  attemptCounted = false,
) {
  const handle = stateOf(platform).handlers.get(kind);
  if (!handle) return;
  try {
    await handle(platform, event);
    await stateOf(platform).markProcessed(event.id);
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    platform.log.error({ err: caught, event: event.id }, 'channel event failed');
    await platform.db
      .update(channelEvents)
      .set({ error, ...(attemptCounted ? {} : { attempts: sql`${channelEvents.attempts} + 1` }) })
      .where(eq(channelEvents.id, event.id))
      .catch(() => undefined);
  }
}

/**
 * The sweep (every minute, any instance): events unprocessed for a minute and not out of
 * attempts, oldest first. Each is claimed by counting its attempt and noting when, so another
 * instance's sweep skips it (locked now, not due for a minute after).
 */
export async function sweepChannelEvents(platform: Platform, limit = 500) {
  const due = await platform.db.execute<{
    id: string;
    channel_id: string;
    body: Record<string, unknown>;
    kind: string;
  }>(sql`
    with due as (
      select ${channelEvents.id} as id from ${channelEvents}
      where ${channelEvents.processedAt} is null
        and ${channelEvents.attempts} < ${INBOUND_ATTEMPTS}
        and coalesce(${channelEvents.triedAt}, ${channelEvents.receivedAt}) < now() - interval '1 minute'
      order by ${channelEvents.receivedAt}
      limit ${limit}
      for update skip locked
    )
    update ${channelEvents} set attempts = ${channelEvents.attempts} + 1, tried_at = now()
    from due, ${channels}
    where ${channelEvents.id} = due.id and ${channels.id} = ${channelEvents.channelId}
    returning ${channelEvents.id} as id, ${channelEvents.channelId} as channel_id,
      ${channelEvents.body} as body, ${channels.kind} as kind`);
  for (const row of due.rows)
    await processEvent(
      platform,
      row.kind,
      { id: row.id, channelId: row.channel_id, body: row.body },
      true,
    );
  return due.rows.length;
}
