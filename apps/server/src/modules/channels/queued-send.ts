import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context.js';
import type { DeliveredEvent } from '../../platform/outbox.js';
import { channels, messages } from '../../db/schema/conversations.js';
import { tickets } from '../../db/schema/tickets.js';
import { externalIdOf } from '../conversations/channel-inbound.js';
import { htmlToText } from '../conversations/livechat.service.js';
import { tellDeliveryChanged } from '../tickets/ticket-realtime.js';

/**
 * What every chat channel's replies share (Zalo OA, WhatsApp): `ticket.commented` (the outbox,
 * so a reply written is never forgotten) queues the kind's send job for a public reply whose
 * delivery is `queued`; the job sends it once (the message row locked meanwhile), recording
 * `sent` with the provider's id or `failed` with its code and reason; a transient failure is tried
 * again later, up to `SEND_ATTEMPTS` times; the open screens are told once it settles.
 */

export const SEND_ATTEMPTS = 5;
/** Seconds before the next attempt after a transient failure: 2, 8, 32, 128 (then failed). */
export const retryDelaySeconds = (attempt: number) => 2 * 4 ** (attempt - 1);

/** A provider's refusal as the send frame reads it. */
export interface ProviderRefusal {
  code: string;
  reason: string;
  transient: boolean;
}
const isRefusal = (error: unknown): error is ProviderRefusal & Error =>
  error instanceof Error &&
  typeof (error as Partial<ProviderRefusal>).code === 'string' &&
  typeof (error as Partial<ProviderRefusal>).transient === 'boolean';

/** The outbox subscriber of a kind: a queued public reply through such a channel becomes a job. */
export async function queueReply(
  platform: Platform,
  event: DeliveredEvent,
  kind: string,
  job: string,
) {
  if (event.type !== 'ticket.commented') return;
  const payload = event.payload as { comment_id?: string; public?: boolean; author_type?: string };
  if (!payload.public || payload.author_type !== 'user' || !payload.comment_id) return;
  const [row] = await platform.db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(
      and(
        eq(messages.id, payload.comment_id),
        eq(messages.delivery, 'queued'),
        eq(channels.kind, kind),
      ),
    );
  if (row) await platform.jobs.send(job, { message_id: row.id, attempt: 1 });
}

export type SendOutcome =
  | { state: 'sent'; providerId: string }
  | { state: 'failed'; code: string; reason: string }
  | { state: 'retry' };

/** How a kind sends: its channel by id, and one text to a customer's provider id. */
export interface QueuedSender<Channel extends { id: string }> {
  job: string;
  load(platform: Platform, channelId: string, tenantId: string): Promise<Channel | undefined>;
  deliver(
    platform: Platform,
    channel: Channel,
    to: string,
    text: string,
  ): Promise<{ message_id: string }>;
  /** Told of a final refusal (a revoked token puts the channel in error). */
  refused?(platform: Platform, channel: Channel, refusal: ProviderRefusal): Promise<void>;
  messages: { notConnected: string; noRecipient: string };
}

/** The job: one queued message, sent once (a message no longer queued is left alone). */
export async function sendQueued<Channel extends { id: string }>(
  platform: Platform,
  sender: QueuedSender<Channel>,
  messageId: string,
  attempt: number,
) {
  let settled: { tenantId: string; ticketId: string } | undefined;
  let refused: { channel: Channel; refusal: ProviderRefusal } | undefined;
  const outcome = await platform.db.transaction(async (tx): Promise<SendOutcome | undefined> => {
    // Locked while it goes out: a second job for it waits, then finds it sent.
    const [row] = await tx
      .select({
        tenantId: messages.tenantId,
        ticketId: messages.ticketId,
        channelId: messages.channelId,
        delivery: messages.delivery,
        body: messages.body,
        bodyFormat: messages.bodyFormat,
        requesterId: tickets.requesterId,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(eq(messages.id, messageId))
      .for('update', { of: messages });
    if (!row || row.delivery !== 'queued' || !row.channelId) return undefined;
    const channel = await sender.load(platform, row.channelId, row.tenantId);
    const to =
      channel && row.requesterId
        ? await externalIdOf(platform, row.tenantId, channel.id, row.requesterId)
        : undefined;
    let result: SendOutcome;
    // Nothing to send by, or nobody to send to: the message says so (it never stays queued).
    if (!channel)
      result = { state: 'failed', code: 'not_connected', reason: sender.messages.notConnected };
    else if (!to)
      result = { state: 'failed', code: 'no_recipient', reason: sender.messages.noRecipient };
    else
      try {
        const text = row.bodyFormat === 'html' ? htmlToText(row.body) : row.body;
        const sent = await sender.deliver(platform, channel, to, text);
        result = { state: 'sent', providerId: sent.message_id };
      } catch (error) {
        const refusal: ProviderRefusal = isRefusal(error)
          ? error
          : { code: 'error', reason: String(error), transient: true };
        result =
          refusal.transient && attempt < SEND_ATTEMPTS
            ? { state: 'retry' }
            : {
                state: 'failed',
                code: refusal.code,
                reason: refusal.reason || (error as Error).message,
              };
        if (result.state === 'failed') refused = { channel, refusal };
      }
    if (result.state === 'sent')
      await tx
        .update(messages)
        .set({
          delivery: 'sent',
          providerMessageId: result.providerId || null,
          deliveryError: null,
          deliveryErrorCode: null,
        })
        .where(eq(messages.id, messageId));
    if (result.state === 'failed')
      await tx
        .update(messages)
        .set({ delivery: 'failed', deliveryError: result.reason, deliveryErrorCode: result.code })
        .where(eq(messages.id, messageId));
    if (result.state !== 'retry') settled = { tenantId: row.tenantId, ticketId: row.ticketId };
    return result;
  });
  // The open screens show 'Đã gửi' or the refusal once it is committed.
  if (settled) await tellDeliveryChanged(platform, settled.tenantId, settled.ticketId);
  if (refused && sender.refused) await sender.refused(platform, refused.channel, refused.refusal);
  if (outcome?.state === 'retry')
    await platform.jobs.send(
      sender.job,
      { message_id: messageId, attempt: attempt + 1 },
      { startAfter: retryDelaySeconds(attempt) },
    );
  return outcome;
}
