import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context.js';
import { channelEvents } from '../../db/schema/channel-inbound.js';
import { channels } from '../../db/schema/conversations.js';

/**
 * The webhook half every chat channel shares (Zalo OA, Messenger, WhatsApp): the route checks
 * the provider's signature, stores the event under its key (the provider's message id, else a
 * hash of the body) and answers; the instance that stored it then processes it at once, in the
 * order of its sender (`orderKey`), a few at a time. A redelivery of a stored key is a no-op.
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
/** Events processed at once per instance (each holds a database connection at times). */
const INBOUND_CONCURRENCY = 6;
export const INBOUND_SWEEP_JOB = 'channels.inbound-sweep';
export const INBOUND_SWEEP_CRON = '* * * * *';

interface InboundState {
  handlers: Map<string, InboundHandler>;
  /** The last event of each sender still in hand: the next one of theirs waits for it. */
  tails: Map<string, Promise<void>>;
  running: number;
  waiting: (() => void)[];
}
// Per platform: a test process builds several apps, each with its own handlers.
const states = new WeakMap<Platform, InboundState>();
const stateOf = (platform: Platform) => {
  let state = states.get(platform);
  if (!state) {
    state = { handlers: new Map(), tails: new Map(), running: 0, waiting: [] };
    states.set(platform, state);
  }
  return state;
};

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
  const [stored] = await platform.db
    .insert(channelEvents)
    .values({
      tenantId: channel.tenantId,
      channelId: channel.id,
      eventKey: event.key,
      body: event.body,
    })
    .onConflictDoNothing()
    .returning({ id: channelEvents.id });
  if (!stored) return 'duplicate';
  processInOrder(platform, kind, `${channel.id}:${event.orderKey}`, {
    id: stored.id,
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
    await platform.db
      .update(channelEvents)
      .set({ processedAt: new Date(), error: null })
      .where(eq(channelEvents.id, event.id));
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
