import { and, eq, inArray } from 'drizzle-orm';
import type { Platform } from '../../platform/context.js';
import type { DeliveredEvent } from '../../platform/outbox.js';
import { channels, messages } from '../../db/schema/conversations.js';
import { tickets } from '../../db/schema/tickets.js';
import { tellDeliveryChanged } from '../tickets/ticket-realtime.js';
import { htmlToText } from '../conversations/livechat.service.js';
import { readFile } from 'node:fs/promises';
import { attachmentsOfMessage } from '../tickets/ticket-comments.service.js';
import type { OutgoingFile } from './channel-files.js';

/**
 * The send half every chat channel shares (Zalo OA, Messenger, WhatsApp): `ticket.commented` (the outbox,
 * so a reply written is never forgotten; the subscriber takes only `queued: true` events) queues
 * the kind's send job for a message whose delivery is `queued`; the job locks the message, asks
 * the kind's `deliver` and records `sent` with the provider's id, or `failed` with the provider's
 * code and message, or tries a transient failure again after a backoff, up to `SEND_ATTEMPTS`.
 */

export const SEND_ATTEMPTS = 5;
/** Seconds before the next attempt after a transient failure: 2, 8, 32, 128 (then failed). */
export const retryDelaySeconds = (attempt: number) => 2 * 4 ** (attempt - 1);

/** The outbox subscriber: a queued public reply through a channel of `kind` becomes a send job. */
export async function queueChannelReply(
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

/** A queued message as a kind's `deliver` needs it (its text already plain). */
export interface QueuedMessage {
  id: string;
  tenantId: string;
  ticketId: string;
  channelId: string;
  requesterId: string | null;
  text: string;
  /** `template` for a provider-approved template, its name, language and parameters in `content`. */
  kind: string;
  content: Record<string, unknown> | null;
}

/**
 * The job: one queued message, sent once (a message no longer queued is left alone). `deliver`
 * answers the outcome (a transient failure as `retry`; the frame turns it to `failed` once the
 * attempts are spent: `lastTry` tells it).
 */
export async function sendQueuedChannelMessage(
  platform: Platform,
  job: string,
  messageId: string,
  attempt: number,
  deliver: (message: QueuedMessage, lastTry: boolean) => Promise<SendOutcome>,
) {
  let settled: { tenantId: string; ticketId: string } | undefined;
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
        kind: messages.kind,
        content: messages.content,
        requesterId: tickets.requesterId,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(eq(messages.id, messageId))
      .for('update', { of: messages });
    if (!row || row.delivery !== 'queued' || !row.channelId) return undefined;
    const result = await deliver(
      {
        id: messageId,
        tenantId: row.tenantId,
        ticketId: row.ticketId,
        channelId: row.channelId,
        requesterId: row.requesterId,
        text: row.bodyFormat === 'html' ? htmlToText(row.body) : row.body,
        kind: row.kind,
        content: row.content,
      },
      attempt >= SEND_ATTEMPTS,
    );
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
  if (outcome?.state === 'retry')
    await platform.jobs.send(
      job,
      { message_id: messageId, attempt: attempt + 1 },
      { startAfter: retryDelaySeconds(attempt) },
    );
  return outcome;
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

/** The files of a queued message, read from storage, in their order. */
export async function outgoingFiles(
  platform: Platform,
  message: QueuedMessage,
): Promise<OutgoingFile[]> {
  const files = await attachmentsOfMessage(platform, message.tenantId, message.id);
  return Promise.all(
    files.map(async (file) => ({
      fileName: file.fileName,
      contentType: file.contentType,
      content: await readFile(
        await platform.files.privatePath(`tickets/${message.tenantId}`, file.storageKey),
      ),
    })),
  );
}

/**
 * Sends a message's parts in order (a provider takes a text and each file as messages of their
 * own) and answers the first part's provider id. A failure after a part went out is marked
 * (`partlySent`): trying again would reach the customer twice, so it is not retried.
 */
export async function sendParts(parts: (() => Promise<string>)[]) {
  const ids: string[] = [];
  for (const part of parts) {
    try {
      ids.push(await part());
    } catch (error) {
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
        partlySent: ids.length > 0,
      });
    }
  }
  return ids[0] ?? '';
}

export const partlySent = (error: unknown) =>
  Boolean((error as { partlySent?: boolean } | undefined)?.partlySent);
