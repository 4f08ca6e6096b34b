import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { MESSAGE_ID_MAX } from '@omnicare/shared/conversations/message-enums';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { ticketBody } from '@omnicare/shared/tickets/tickets.schemas';
import { channels, messages } from '../../db/schema/conversations.js';
import { tickets } from '../../db/schema/tickets.js';
import type { Platform } from '../../platform/context.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { matchOrCreateCustomer } from '../customers/customer-match.js';
import { attachmentTypeOf } from '../tickets/ticket-attachment-types.js';
import { createTicket } from '../tickets/ticket-create.js';
import {
  findChannelMessage,
  writeCustomerReply,
  type UploadedFile,
} from '../tickets/ticket-comments.service.js';
import type { OpenChannel } from './channel-driver.js';
import type { ReceivedMail } from './drivers/email.js';

/**
 * An incoming mail becomes a ticket's message: the ticket its In-Reply-To / References name
 * (a message's provider id, ours or the customer's), else the ticket whose code (#000123) is in
 * the subject, else a new ticket (source 'email') of the sender matched or made by address.
 * Written once per Message-ID; auto-replies and bounces kept but never answered; mail from one of
 * the tenant's own mailboxes ignored (a loop).
 */

export type InboundOutcome =
  | {
      outcome: 'written';
      ticketId: string;
      messageId: string;
      created: boolean;
      automatic: boolean;
    }
  | { outcome: 'duplicate'; messageId: string }
  | { outcome: 'loop' | 'no-sender' };

const SUBJECT_FALLBACK = '(Không có tiêu đề)';
const EMPTY_BODY = '<p>(Thư không có nội dung)</p>';

/**
 * An automatic mail (RFC 3834 and what mail servers use in practice): Auto-Submitted other than
 * 'no', Precedence bulk/junk/list/auto_reply, X-Autoreply / X-Autorespond, a delivery-status or
 * disposition report, a MAILER-DAEMON or postmaster sender.
 */
export function isAutomatic(mail: ParsedMail): boolean {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value.toLowerCase();
    if (typeof value === 'object' && 'value' in value) return String(value.value).toLowerCase();
    return String(value as unknown).toLowerCase();
  };
  const submitted = header('auto-submitted');
  if (submitted && submitted.trim() !== 'no') return true;
  if (/^(bulk|junk|list|auto_reply)$/.test(header('precedence').trim())) return true;
  if (header('x-autoreply') || header('x-autorespond') || header('x-auto-response-suppress'))
    return true;
  const contentType = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  if (
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    /delivery-status|disposition-notification/i.test(contentType.params?.['report-type'] ?? '')
  )
    return true;
  const sender = fromOf(mail)?.address ?? '';
  return /^(mailer-daemon|postmaster)@/i.test(sender);
}

function fromOf(mail: ParsedMail) {
  const first = mail.from?.value[0];
  return first?.address ? { address: first.address.toLowerCase(), name: first.name } : undefined;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((object) => object.value)
    .map((entry) => entry.address?.toLowerCase())
    .filter((address): address is string => Boolean(address));

/** The Message-IDs a mail answers: In-Reply-To first, then References newest first. */
function answeredIds(mail: ParsedMail): string[] {
  const references = Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? mail.references.split(/\s+/)
      : [];
  const replyTo = mail.inReplyTo ? mail.inReplyTo.split(/[\s,]+/) : [];
  return [...new Set([...replyTo, ...references.reverse()].filter((id) => id.startsWith('<')))];
}

/** Every address the tenant's mailboxes send or read as: mail from them is our own. */
async function ownAddresses(platform: Platform, tenantId: string) {
  const rows = await platform.db
    .select({ settings: channels.settings })
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.kind, 'email')));
  return new Set(
    rows
      .flatMap(({ settings }) => [settings.from_address, settings.imap_user, settings.smtp_user])
      .filter((value): value is string => typeof value === 'string' && value.includes('@'))
      .map((value) => value.toLowerCase()),
  );
}

/** A ticket of the tenant, following merges to the one holding it now (closed: none). */
async function openTicket(platform: Platform, tenantId: string, id: string | undefined) {
  for (let hop = 0; id && hop < 10; hop++) {
    const [row] = await platform.db
      .select({ id: tickets.id, status: tickets.status, mergedIntoId: tickets.mergedIntoId })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
    if (!row) return undefined;
    if (!row.mergedIntoId) return row.status === 'closed' ? undefined : row.id;
    id = row.mergedIntoId;
  }
  return undefined;
}

/** The ticket a mail continues: by the ids it answers, else by the ticket code in its subject. */
async function threadOf(platform: Platform, tenantId: string, mail: ParsedMail) {
  const ids = answeredIds(mail);
  if (ids.length) {
    const rows = await platform.db
      .select({ ticketId: messages.ticketId, providerMessageId: messages.providerMessageId })
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), inArray(messages.providerMessageId, ids)))
      .orderBy(desc(messages.createdAt));
    for (const id of ids) {
      const row = rows.find((candidate) => candidate.providerMessageId === id);
      const ticket = await openTicket(platform, tenantId, row?.ticketId);
      if (ticket) return ticket;
    }
  }
  const code = /#(\d{6,})\b/.exec(mail.subject ?? '');
  if (code) {
    const [row] = await platform.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.number, Number(code[1]))));
    return openTicket(platform, tenantId, row?.id);
  }
  return undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The mail's files a ticket keeps (attachments and inline images): the allowed types by their
 * content, the size and count limits of a ticket's message; the names of the others.
 */
function filesOf(mail: ParsedMail) {
  const kept: UploadedFile[] = [];
  const dropped: string[] = [];
  for (const attachment of mail.attachments) {
    const fileName = attachment.filename || `tep-${kept.length + dropped.length + 1}`;
    if (
      kept.length < TICKET_ATTACHMENT_MAX_FILES &&
      attachment.content.length <= TICKET_ATTACHMENT_MAX_BYTES &&
      attachmentTypeOf(attachment.content, fileName)
    )
      kept.push({ fileName, content: attachment.content });
    else dropped.push(fileName);
  }
  return { kept, dropped };
}

/** The body kept: the mail's HTML (sanitised by the ticket's own sanitiser when written). */
function bodyOf(mail: ParsedMail, dropped: string[]) {
  const html =
    (typeof mail.html === 'string' && mail.html) ||
    mail.textAsHtml ||
    (mail.text ? `<p>${escapeHtml(mail.text)}</p>` : '');
  // Inline images (cid:) are kept as the message's files; their <img> cannot point at them.
  const withoutCid = html.replace(/<img\b[^>]*\bsrc=["']?cid:[^>]*>/gi, '');
  const note = dropped.length
    ? `<p><em>Tệp đính kèm không được lưu (loại hoặc dung lượng không hỗ trợ): ${escapeHtml(dropped.join(', '))}</em></p>`
    : '';
  return withoutCid + note;
}

/** The mail's own Message-ID, or one made from its bytes (the same mail makes the same id). */
function messageIdOf(received: ReceivedMail) {
  const id = received.parsed.messageId?.trim();
  if (id && id.length <= MESSAGE_ID_MAX) return id.startsWith('<') ? id : `<${id}>`;
  return `<${createHash('sha256').update(received.raw).digest('hex')}@omnicare.invalid>`;
}

/** Takes one mail of an email channel in (see the module comment). */
export async function takeInMail(
  platform: Platform,
  channel: OpenChannel<'email'>,
  received: ReceivedMail,
): Promise<InboundOutcome> {
  const mail = received.parsed;
  const { tenantId } = channel;
  const sender = fromOf(mail);
  if (!sender) return { outcome: 'no-sender' };
  const own = await ownAddresses(platform, tenantId);
  if (own.has(sender.address)) return { outcome: 'loop' };
  const providerMessageId = messageIdOf(received);
  const twin = await findChannelMessage(platform, tenantId, channel.id, providerMessageId);
  if (twin) return { outcome: 'duplicate', messageId: twin };

  const automatic = isAutomatic(mail);
  const customer = await matchOrCreateCustomer(platform, tenantId, {
    name: sender.name,
    email: sender.address,
    source: 'email',
  });
  let ticketId = await threadOf(platform, tenantId, mail);
  const created = !ticketId;
  if (!ticketId) {
    const cc = [...new Set(addressesOf(mail.cc))].filter((address) => !own.has(address));
    const ticket = await createTicket(
      platform,
      { tenantId, userId: null, impersonatorId: null },
      ticketBody.parse({
        subject: (mail.subject ?? '').replace(/\s+/g, ' ').trim().slice(0, 255) || SUBJECT_FALLBACK,
        requester_id: customer.id,
        group_id: await groupOf(platform, channel.id),
        source: 'email',
        cc: cc.slice(0, 50),
      }),
      automatic ? { eventPayload: { auto_submitted: true } } : {},
    );
    ticketId = ticket._id;
  }
  const { kept, dropped } = filesOf(mail);
  const body = bodyOf(mail, dropped);
  const reply = await writeCustomerReply(platform, tenantId, ticketId, {
    // Nothing left once sanitised and no file: a message still says a mail came.
    body: sanitizeRichText(body) || kept.length ? body : EMPTY_BODY,
    customerId: customer.id,
    providerMessageId,
    channelId: channel.id,
    files: kept,
    automatic,
  });
  if ('twinId' in reply) return { outcome: 'duplicate', messageId: reply.twinId };
  return { outcome: 'written', ticketId, messageId: reply.written.id, created, automatic };
}

async function groupOf(platform: Platform, channelId: string) {
  const [row] = await platform.db
    .select({ groupId: channels.groupId })
    .from(channels)
    .where(eq(channels.id, channelId));
  return row?.groupId ?? null;
}
