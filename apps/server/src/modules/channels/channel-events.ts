import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context.js';
import { channelEvents } from '../../db/schema/channel-inbound.js';

/**
 * The webhook half every chat channel shares (Zalo OA, Messenger): the route checks the
 * provider's signature, stores the event under its key (the provider's message id, else a hash
 * of the body) and answers at once; a pg-boss job processes it. A redelivery of a stored key is
 * a no-op (queued again only when it was never processed and is a minute old: a crash between).
 */

/** A failed event is tried again (a database hiccup, a provider's CDN slow), then left with its error. */
export const INBOUND_RETRIES = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;

export async function storeChannelEvent(
  platform: Platform,
  channel: { id: string; tenantId: string },
  eventKey: string,
  body: Record<string, unknown>,
  job: string,
): Promise<'stored' | 'duplicate'> {
  const [stored] = await platform.db
    .insert(channelEvents)
    .values({ tenantId: channel.tenantId, channelId: channel.id, eventKey, body })
    .onConflictDoNothing()
    .returning({ id: channelEvents.id });
  if (stored) {
    await platform.jobs.send(job, { event_id: stored.id }, INBOUND_RETRIES);
    return 'stored';
  }
  const [seen] = await platform.db
    .select({ id: channelEvents.id })
    .from(channelEvents)
    .where(
      and(
        eq(channelEvents.channelId, channel.id),
        eq(channelEvents.eventKey, eventKey),
        isNull(channelEvents.processedAt),
        sql`${channelEvents.receivedAt} < now() - interval '1 minute'`,
      ),
    );
  if (seen) await platform.jobs.send(job, { event_id: seen.id }, INBOUND_RETRIES);
  return 'duplicate';
}

/**
 * The job's frame: one stored event, processed once (a retried job finds it processed). A failure
 * keeps the event unprocessed with its error and fails the job, which pg-boss tries again.
 */
export async function processChannelEvent(
  platform: Platform,
  eventId: string,
  handle: (stored: { channelId: string; body: Record<string, unknown> }) => Promise<void>,
) {
  const [stored] = await platform.db
    .select()
    .from(channelEvents)
    .where(eq(channelEvents.id, eventId));
  if (!stored || stored.processedAt) return;
  try {
    await handle(stored);
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    platform.log.error({ err: caught, event: eventId }, 'channel event failed');
    await platform.db.update(channelEvents).set({ error }).where(eq(channelEvents.id, eventId));
    throw caught;
  }
  await platform.db
    .update(channelEvents)
    .set({ processedAt: new Date(), error: null })
    .where(eq(channelEvents.id, eventId));
}
