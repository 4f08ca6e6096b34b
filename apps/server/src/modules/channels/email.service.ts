import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatTicketCode } from '@omnicare/shared/tickets/ticket-enums';
import { channels, messages } from '../../db/schema/conversations.js';
import { customerEmails, customers } from '../../db/schema/customers.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import {
  EMAIL_SETTINGS_MESSAGES,
  type EmailFetchView,
} from '@omnicare/shared/channels/email-settings';
import type { AuthContext } from '../../platform/auth.js';
import { monitorsChanged } from '../monitors/monitor-pulse.js';
import type { Platform } from '../../platform/context.js';
import { fieldError } from '../../platform/errors.js';
import type { DeliveredEvent } from '../../platform/outbox.js';
import { plainLines } from '../../platform/rich-text.js';
import { attachmentsOfMessage } from '../tickets/ticket-comments.service.js';
import type { OpenChannel } from './channel-driver.js';
import { tellDeliveryChanged } from '../tickets/ticket-realtime.js';
import { openChannel } from './channel-loader.js';
import { channelCatalogue } from './channels.service.js';
import { withMailAuth } from './email-oauth.js';
import { emailDriver, SmtpRefusal, type OutboundMail } from './drivers/email.js';
import { takeInMail, type InboundOutcome } from './email-inbound.js';
import * as repo from './channels.repository.js';

/** Every minute: the mailboxes whose polling interval is due get a poll job each. */
export const EMAIL_POLL_DUE_JOB = 'channels.email-poll-due';
export const EMAIL_POLL_JOB = 'channels.email-poll';
/** One staff reply going out by a mailbox's SMTP server. */
export const EMAIL_SEND_JOB = 'channels.email-send';
/** The outbox subscriber queueing public replies of email tickets. */
export const EMAIL_REPLIES_SUBSCRIBER = 'email-replies';

/** Tries of a send refused for a reason that may pass (4xx, the connection), then 'failed'. */
export const EMAIL_SEND_ATTEMPTS = 5;
/** Seconds before the n-th retry: 30 s, 60 s, 120 s, 240 s (EMAIL_RETRY_SECONDS scales it). */
const retryDelay = (attempt: number) =>
  Math.round((Number(process.env.EMAIL_RETRY_SECONDS) || 30) * 2 ** (attempt - 1));

/**
 * A session-level advisory lock (no transaction held open while a mail server is talked to):
 * waited for, or (`wait` false) given up when another holds it.
 */
async function withAdvisoryLock<T>(
  platform: Platform,
  key: string,
  work: () => Promise<T>,
  wait = false,
) {
  const client = await platform.database.pool.connect();
  try {
    if (wait) await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    const { rows } = wait
      ? { rows: [{ locked: true }] }
      : await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
          [key],
        );
    if (!rows[0]?.locked) return undefined;
    try {
      return { value: await work() };
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    }
  } finally {
    client.release();
  }
}

export async function emailChannel(platform: Platform, channelId: string) {
  const [row] = await platform.db
    .select()
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.kind, 'email')));
  return (
    row && { row, open: withMailAuth(platform, openChannel(platform, row) as OpenChannel<'email'>) }
  );
}

/**
 * One poll of a mailbox: its unseen mail taken in (`takeInMail`), one poll of a channel at a
 * time. A mailbox that cannot be reached puts the channel in 'error' with the reason; the next
 * good poll puts it back to 'active'. Answers what became of each mail.
 */
export async function pollMailbox(platform: Platform, channelId: string) {
  const found = await emailChannel(platform, channelId);
  if (!found || found.row.status === 'disabled') return [];
  const outcomes: InboundOutcome[] = [];
  // Polls of one mailbox wait for each other: a mail is taken in by one of them.
  await withAdvisoryLock(
    platform,
    `email-poll:${channelId}`,
    async () => {
      try {
        await emailDriver.receive(
          found.open,
          async (mail) => void outcomes.push(await takeInMail(platform, found.open, mail)),
          {
            onError: (error, uid) =>
              platform.log.warn({ err: error, channelId, uid }, 'email: a mail was not taken in'),
          },
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        platform.log.warn({ channelId, reason }, 'email: the mailbox could not be read');
        // A pause made while the poll ran stays a pause.
        await repo.setChannelHealth(
          platform.db,
          found.row.tenantId,
          channelId,
          ['active', 'error'],
          {
            status: 'error',
            statusReason: reason,
          },
        );
        monitorsChanged(platform, found.row.tenantId, 'channels');
        return;
      }
      if (found.row.status === 'error') {
        await repo.setChannelHealth(platform.db, found.row.tenantId, channelId, ['error'], {
          status: 'active',
          statusReason: null,
        });
        monitorsChanged(platform, found.row.tenantId, 'channels');
      }
    },
    true,
  );
  return outcomes;
}

/**
 * The mailboxes that are read (active, or in error until a read works again), except an OAuth2
 * one an administrator disconnected (no IDLE, no polls until it is connected again).
 */
export const mailboxesRead = (platform: Platform) =>
  platform.db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.kind, 'email'),
        inArray(channels.status, ['active', 'error']),
        sql`not (${channels.settings} ->> 'auth_method' = 'oauth2' and ${channels.settings} ? 'oauth_disconnected_at')`,
      ),
    );

/** A poll of the mailbox queued (one waiting per mailbox, whoever queues it). */
export const queuePoll = (platform: Platform, channelId: string) =>
  platform.jobs.send(EMAIL_POLL_JOB, { channel_id: channelId }, { singletonKey: channelId });

/** The job sending each mailbox due a poll job (its `poll_minutes` divides the minute). */
export async function queueDuePolls(platform: Platform, now = new Date()) {
  const minute = Math.floor(now.getTime() / 60_000);
  for (const row of await mailboxesRead(platform)) {
    const every = Number(row.settings.poll_minutes) || 1;
    if (minute % every === 0) await queuePoll(platform, row.id);
  }
}

/**
 * The outbox subscriber: a public staff reply written with delivery 'queued' on an email channel
 * becomes a send job (the job itself sends a message once, whatever the redeliveries).
 */
export async function onReplyEvent(platform: Platform, event: DeliveredEvent) {
  if (event.type !== 'ticket.commented') return;
  const payload = event.payload as { comment_id?: string; public?: boolean; author_type?: string };
  if (!payload.public || payload.author_type !== 'user' || !payload.comment_id) return;
  const [row] = await platform.db
    .select({ delivery: messages.delivery, kind: channels.kind })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(and(eq(messages.tenantId, event.tenantId), eq(messages.id, payload.comment_id)));
  if (row?.kind !== 'email' || row.delivery !== 'queued') return;
  await platform.jobs.send(EMAIL_SEND_JOB, { message_id: payload.comment_id, attempt: 1 });
}

/** The domain of an address (a Message-ID of ours is `<message id@that domain>`). */
const domainOf = (address: string) => address.split('@')[1] || 'omnicare.invalid';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The email signature of a reply's author as it stands when the reply goes out. */
async function signatureOf(platform: Platform, tenantId: string, userId: string | null) {
  if (!userId) return '';
  const [row] = await platform.db
    .select({ signature: users.emailSignature })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.signature ?? '';
}

/**
 * What a queued reply goes out as: to the requester, the ticket's CC, in its thread, with its
 * author's signature.
 */
async function mailOf(platform: Platform, channel: OpenChannel<'email'>, messageId: string) {
  const [row] = await platform.db
    .select({ message: messages, ticket: tickets, requesterEmail: customers.primaryEmail })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .leftJoin(customers, eq(customers.id, tickets.requesterId))
    .where(eq(messages.id, messageId));
  if (!row) return undefined;
  const { message, ticket } = row;
  let to = row.requesterEmail;
  if (!to && ticket.requesterId) {
    const [other] = await platform.db
      .select({ email: customerEmails.email })
      .from(customerEmails)
      .where(eq(customerEmails.customerId, ticket.requesterId))
      .limit(1);
    to = other?.email ?? null;
  }
  // The thread: every provider id of the ticket's messages, oldest first; the last mail in.
  const thread = await platform.db
    .select({ id: messages.providerMessageId, direction: messages.direction })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, ticket.tenantId),
        eq(messages.ticketId, ticket.id),
        isNotNull(messages.providerMessageId),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const ids = thread.map((entry) => entry.id).filter((id): id is string => Boolean(id));
  const lastIn = thread.filter((entry) => entry.direction === 'in').at(-1)?.id ?? ids.at(-1);
  const files = await attachmentsOfMessage(platform, ticket.tenantId, message.id);
  const lines = (text: string) =>
    escapeHtml(text)
      .split('\n')
      .map((line) => `<p>${line}</p>`)
      .join('');
  const body = message.bodyFormat === 'text' ? lines(message.body) : message.body;
  const signature = await signatureOf(platform, ticket.tenantId, message.authorUserId);
  // The usual '-- ' line sets the signature apart in the text part (mail clients fold it).
  const html = signature
    ? `${body}<div data-signature="">${lines(`-- \n${signature}`)}</div>`
    : body;
  const code = formatTicketCode(ticket.number);
  const subject = ticket.subject.includes(code)
    ? `Re: ${ticket.subject}`
    : `Re: ${ticket.subject} [${code}]`;
  const own = new Set([channel.settings.from_address]);
  const mail: OutboundMail = {
    to: to ? [to] : [],
    cc: ticket.cc.filter((address) => !own.has(address.toLowerCase()) && address !== to),
    subject,
    html,
    text: plainLines(html),
    messageId: `<${message.id}@${domainOf(channel.settings.from_address)}>`,
    inReplyTo: lastIn ?? null,
    references: ids.slice(-20),
    attachments: await Promise.all(
      files.map(async (file) => ({
        filename: file.fileName,
        contentType: file.contentType,
        path: await platform.files.privatePath(`tickets/${ticket.tenantId}`, file.storageKey),
      })),
    ),
  };
  return { message, mail };
}

/** Where a reply stands once its send is over. */
async function settle(
  platform: Platform,
  messageId: string,
  outcome: { sent: string } | { error: string; code: string },
) {
  const settled = await platform.db
    .update(messages)
    .set(
      'sent' in outcome
        ? {
            delivery: 'sent',
            providerMessageId: outcome.sent,
            deliveryError: null,
            deliveryErrorCode: null,
          }
        : {
            delivery: 'failed',
            deliveryError: outcome.error.slice(0, 1000),
            deliveryErrorCode: outcome.code.slice(0, 50),
          },
    )
    .where(and(eq(messages.id, messageId), eq(messages.delivery, 'queued')))
    .returning({ tenantId: messages.tenantId, ticketId: messages.ticketId });
  for (const row of settled) await tellDeliveryChanged(platform, row.tenantId, row.ticketId);
}

/**
 * The send job: a queued reply goes out by its mailbox's SMTP server (one send of a message at
 * a time); 'sent' with our Message-ID as its provider id, or 'failed' with the server's reason
 * and code. A refusal that may pass (4xx, the connection) is tried again later, up to
 * EMAIL_SEND_ATTEMPTS, with a doubling delay.
 */
export async function sendQueuedReply(platform: Platform, messageId: string, attempt = 1) {
  await withAdvisoryLock(platform, `email-send:${messageId}`, async () => {
    const [row] = await platform.db
      .select({ delivery: messages.delivery, channelId: messages.channelId })
      .from(messages)
      .where(eq(messages.id, messageId));
    if (!row || row.delivery !== 'queued' || !row.channelId) return;
    const found = await emailChannel(platform, row.channelId);
    if (!found) return;
    const built = await mailOf(platform, found.open, messageId);
    if (!built) return;
    if (built.mail.to.length === 0)
      return settle(platform, messageId, {
        error: 'Khách hàng chưa có địa chỉ email',
        code: 'NO_RECIPIENT',
      });
    try {
      const sent = await emailDriver.send(found.open, built.mail);
      await settle(platform, messageId, { sent: sent.messageId });
    } catch (error) {
      const refusal =
        error instanceof SmtpRefusal
          ? error
          : new SmtpRefusal(error instanceof Error ? error.message : String(error), 'ERROR', false);
      if (refusal.transient && attempt < EMAIL_SEND_ATTEMPTS) {
        platform.log.warn(
          { messageId, attempt, reason: refusal.message },
          'email: a reply will be tried again',
        );
        await platform.jobs.send(
          EMAIL_SEND_JOB,
          { message_id: messageId, attempt: attempt + 1 },
          { startAfter: retryDelay(attempt) },
        );
        return;
      }
      await settle(platform, messageId, { error: refusal.message, code: refusal.code });
    }
  });
}

/** The tenant's own view of the driver's connection test, for `POST /v2/channels/{id}/test`. */
export const testMailbox = (channel: OpenChannel<'email'>) => emailDriver.test(channel);

/** `POST /v2/channels/{id}/email/fetch`: one poll of the caller's tenant's mailbox, now. */
export async function fetchMailNow(
  platform: Platform,
  auth: AuthContext,
  id: string,
): Promise<EmailFetchView> {
  const view = await channelCatalogue.get(platform, auth, id);
  if (view.kind !== 'email') throw fieldError('kind', EMAIL_SETTINGS_MESSAGES.notEmail);
  const outcomes = await pollMailbox(platform, view._id);
  const after = await channelCatalogue.get(platform, auth, id);
  return {
    received: outcomes.filter((one) => one.outcome === 'written').length,
    status: after.status,
    status_reason: after.status_reason,
  };
}
