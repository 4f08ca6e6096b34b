import { and, eq } from 'drizzle-orm';
import { ZALO_MESSAGES as M } from '@omnicare/shared/channels/zalo.schemas';
import type { Platform } from '../../../platform/context.js';
import { tellDeliveryChanged } from '../../tickets/ticket-realtime.js';
import type { DeliveredEvent } from '../../../platform/outbox.js';
import { channels, messages } from '../../../db/schema/conversations.js';
import { tickets } from '../../../db/schema/tickets.js';
import { externalIdOf } from '../../conversations/channel-inbound.js';
import { htmlToText } from '../../conversations/livechat.service.js';
import { sendText, TOKEN_INVALID_CODES, ZaloError } from './zalo-api.js';
import {
  loadZalo,
  refreshAccessToken,
  REFRESH_AHEAD_MS,
  type ZaloChannel,
} from './zalo-channel.js';

/**
 * The team's public replies on a Zalo conversation go out as jobs: `ticket.commented` (the
 * outbox, so a reply written is never forgotten) queues `channels.zalo-send` for a message
 * whose delivery is `queued`; the job sends it by the OA message API and records `sent` with
 * Zalo's message id, or `failed` with Zalo's code and message. A transient failure (network,
 * HTTP 5xx or 429) is tried again later, up to `SEND_ATTEMPTS` times; an invalid token (-216) is
 * refreshed once and the message sent again.
 */

export const ZALO_SEND_JOB = 'channels.zalo-send';
export const SEND_ATTEMPTS = 5;
/** Seconds before the next attempt after a transient failure: 2, 8, 32, 128 (then failed). */
export const retryDelaySeconds = (attempt: number) => 2 * 4 ** (attempt - 1);

/** The outbox subscriber: a queued public reply through a Zalo channel becomes a send job. */
export async function onCommented(platform: Platform, event: DeliveredEvent) {
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
        eq(channels.kind, 'zalo'),
      ),
    );
  if (row) await platform.jobs.send(ZALO_SEND_JOB, { message_id: row.id, attempt: 1 });
}

type Outcome =
  | { state: 'sent'; providerId: string }
  | { state: 'failed'; code: string; reason: string }
  | { state: 'retry' };

/** Sends with the channel's token, refreshed first when it is about to expire or was refused. */
async function deliver(platform: Platform, channel: ZaloChannel, userId: string, text: string) {
  let current: ZaloChannel | undefined = channel;
  const expiresAt = Date.parse(channel.settings.token_expires_at ?? '') || 0;
  if (expiresAt && expiresAt - Date.now() < REFRESH_AHEAD_MS)
    current = await refreshAccessToken(platform, channel.id);
  for (let tried = 0; ; tried++) {
    const token = current?.secrets.access_token;
    if (!current || !token) throw new ZaloError('not_connected', M.notConnected, false);
    try {
      return await sendText(current.settings, token, userId, text);
    } catch (error) {
      if (!(error instanceof ZaloError) || !TOKEN_INVALID_CODES.has(error.code) || tried > 0)
        throw error;
      current = await refreshAccessToken(platform, channel.id, { force: token });
    }
  }
}

/** The job: one queued message, sent once (a message no longer queued is left alone). */
export async function sendQueuedMessage(platform: Platform, messageId: string, attempt: number) {
  let settled: { tenantId: string; ticketId: string } | undefined;
  const outcome = await platform.db.transaction(async (tx): Promise<Outcome | undefined> => {
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
    const channel = await loadZalo(platform, row.channelId, row.tenantId);
    const userId =
      channel && row.requesterId
        ? await externalIdOf(platform, row.tenantId, channel.id, row.requesterId)
        : undefined;
    let result: Outcome;
    // Nothing to send by, or nobody to send to: the message says so (it never stays queued).
    if (!channel) result = { state: 'failed', code: 'not_connected', reason: M.notConnected };
    else if (!userId) result = { state: 'failed', code: 'no_recipient', reason: M.noRecipient };
    else
      try {
        const text = row.bodyFormat === 'html' ? htmlToText(row.body) : row.body;
        const sent = await deliver(platform, channel, userId, text);
        result = { state: 'sent', providerId: sent.message_id };
      } catch (error) {
        const refusal =
          error instanceof ZaloError ? error : new ZaloError('error', String(error), true);
        result =
          refusal.transient && attempt < SEND_ATTEMPTS
            ? { state: 'retry' }
            : { state: 'failed', code: refusal.code, reason: refusal.reason || refusal.message };
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
  if (outcome?.state === 'retry')
    await platform.jobs.send(
      ZALO_SEND_JOB,
      { message_id: messageId, attempt: attempt + 1 },
      { startAfter: retryDelaySeconds(attempt) },
    );
  return outcome;
}
