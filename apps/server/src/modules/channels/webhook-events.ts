import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TICKET_ATTACHMENT_MAX_BYTES } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { Platform } from '../../platform/context.js';
import { safeRequest } from '../../platform/safe-http.js';
import { channelEvents } from '../../db/schema/channel-inbound.js';
import { messages } from '../../db/schema/conversations.js';
import { tellDeliveryChanged } from '../tickets/ticket-realtime.js';
import { attachmentTypeOf } from '../tickets/ticket-attachment-types.js';
import type { UploadedFile } from '../tickets/ticket-comments.service.js';

/**
 * What every chat channel's webhook shares (Zalo OA, WhatsApp; Messenger the same way): a
 * verified delivery is stored in `channel_events` under the provider's key (a redelivery is a
 * no-op) and processed by a pg-boss job, once; a customer's file is fetched with a size cap and
 * kept only when it is a type we keep; the provider's receipts move our messages' delivery
 * forward and tell the open screens.
 */

/** A failed event is tried again (a database hiccup, a provider's CDN slow), then left with its error. */
export const INBOUND_RETRIES = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;

export type WebhookOutcome = 'stored' | 'duplicate' | 'ignored' | 'refused' | 'unknown';

/**
 * Stores one verified event under its key and queues `job` for it. A key seen before answers
 * `duplicate`, queued again only when it was never processed a minute later (a crash between).
 */
export async function storeEvent(
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
 * The job's frame: one stored event, handled once (a retried job finds it processed). A failure
 * keeps the event unprocessed with its error and fails the job, which pg-boss tries again.
 */
export async function processStoredEvent(
  platform: Platform,
  eventId: string,
  handle: (event: { channelId: string; body: Record<string, unknown> }) => Promise<void>,
  label: string,
) {
  const [stored] = await platform.db
    .select()
    .from(channelEvents)
    .where(eq(channelEvents.id, eventId));
  if (!stored || stored.processedAt) return;
  try {
    await handle({ channelId: stored.channelId, body: stored.body as Record<string, unknown> });
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    platform.log.error({ err: caught, event: eventId }, `${label} event failed`);
    await platform.db.update(channelEvents).set({ error }).where(eq(channelEvents.id, eventId));
    throw caught;
  }
  await platform.db
    .update(channelEvents)
    .set({ processedAt: new Date(), error: null })
    .where(eq(channelEvents.id, eventId));
}

/**
 * A file a customer sent, fetched from the provider's address (with its headers: WhatsApp wants
 * the token); none when it could not be fetched, is too big or is not a type we keep.
 */
export async function downloadFile(
  url: unknown,
  name: unknown,
  options: { headers?: Record<string, string>; fallbackName?: string } = {},
): Promise<UploadedFile | undefined> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return undefined;
  try {
    const answer = await safeRequest({
      method: 'GET',
      url,
      headers: options.headers ?? {},
      timeoutMs: 15_000,
      allowPrivate: true,
      bodyCap: TICKET_ATTACHMENT_MAX_BYTES + 1,
    });
    if (answer.status !== 200 || answer.truncated || !answer.bytes?.length) return undefined;
    const fileName =
      (typeof name === 'string' && name) ||
      decodeURIComponent(new URL(url).pathname.split('/').pop() || '') ||
      options.fallbackName ||
      'file';
    if (!attachmentTypeOf(answer.bytes, fileName)) return undefined;
    return { fileName, content: answer.bytes };
  } catch {
    return undefined;
  }
}

const ORDER = { queued: 0, sent: 1, delivered: 2, seen: 3 } as const;

/**
 * A provider's receipt of messages we sent through a channel: `delivered` or `seen` only move a
 * message forward; `failed` (with the provider's code and reason) settles one not yet seen. The
 * open screens of the tickets touched are told.
 */
export async function applyDeliveryUpdate(
  platform: Platform,
  channel: { id: string; tenantId: string },
  providerIds: string[],
  update:
    | { state: 'sent' | 'delivered' | 'seen'; at?: Date }
    | { state: 'failed'; code: string; reason: string },
) {
  const wanted = providerIds.filter(Boolean);
  if (wanted.length === 0) return 0;
  const at = ('at' in update && update.at) || new Date();
  const earlier =
    update.state === 'failed'
      ? ['queued', 'sent', 'delivered']
      : Object.keys(ORDER).filter(
          (state) => ORDER[state as keyof typeof ORDER] < ORDER[update.state],
        );
  const moved = await platform.db
    .update(messages)
    .set(
      update.state === 'failed'
        ? { delivery: 'failed', deliveryError: update.reason, deliveryErrorCode: update.code }
        : update.state === 'seen'
          ? { delivery: 'seen', seenAt: at }
          : update.state === 'delivered'
            ? { delivery: 'delivered', deliveredAt: at }
            : { delivery: 'sent' },
    )
    .where(
      and(
        eq(messages.tenantId, channel.tenantId),
        eq(messages.channelId, channel.id),
        inArray(messages.providerMessageId, wanted),
        inArray(messages.delivery, earlier),
      ),
    )
    .returning({ ticketId: messages.ticketId });
  for (const ticketId of new Set(moved.map((row) => row.ticketId)))
    await tellDeliveryChanged(platform, channel.tenantId, ticketId);
  return moved.length;
}
