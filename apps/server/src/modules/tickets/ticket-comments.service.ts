import type {
  DeliveryState,
  MessageFormat,
  MessageKind,
} from '@omnicare/shared/conversations/message-enums';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_CONVERSATION_MESSAGES as M,
  type TicketCommentView,
  type TicketCommentsQuery,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { formatTicketCode, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import { CHAT_REPLY_RULES } from '@omnicare/shared/channels/reply-window';
import type { RecordRef } from '@omnicare/shared/platform/record-ref';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import type { Transaction } from '../../platform/db.js';
import { fieldError, notFound, type AppError } from '../../platform/errors.js';
import { createBatcher } from '../../platform/batcher.js';
import {
  appendEvent,
  appendEvents,
  type DeliveredEvent,
  type DomainEvent,
} from '../../platform/outbox.js';
import { mentionedIds, sanitizeRichText } from '../../platform/rich-text.js';
import { auditInsert, writeAudit } from '../audit/audit.service.js';
import { notify } from '../notifications/notifications.service.js';
import { attachmentTypeOf, cleanFileName } from './ticket-attachment-types.js';
import { getVisibleTicketRow } from './ticket-queries.js';
import { eventChanges } from './ticket-activity.js';
import * as ticketsRepo from './tickets.repository.js';
import { refreshTicketSla } from './ticket-sla.js';
import * as repo from './ticket-comments.repository.js';

/** A file as the form gave it. */
export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/** A checked file, stored under DATA_DIR before the comment's transaction. */
interface StoredFile {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

const storeFolder = (tenantId: string) => `tickets/${tenantId}`;
export const attachmentUrl = (ticketId: string, attachmentId: string) =>
  `/v2/tickets/${ticketId}/attachments/${attachmentId}`;

/** Checks every file by its content and size, then stores them; 422 on `files` otherwise. */
async function storeFiles(platform: Platform, tenantId: string, files: UploadedFile[]) {
  if (files.length > TICKET_ATTACHMENT_MAX_FILES) throw fieldError('files', M.attachmentCount);
  const checked = files.map((file) => {
    if (file.content.length > TICKET_ATTACHMENT_MAX_BYTES)
      throw fieldError('files', M.attachmentSize);
    const kind = attachmentTypeOf(file.content, file.fileName);
    if (!kind) throw fieldError('files', M.attachmentType);
    return { file, kind };
  });
  const stored: StoredFile[] = [];
  for (const { file, kind } of checked) {
    const storageKey = `${randomUUID()}.${kind.type}`;
    await writeFile(
      await platform.files.privatePath(storeFolder(tenantId), storageKey),
      file.content,
    );
    stored.push({
      fileName: cleanFileName(file.fileName, kind.type),
      contentType: kind.contentType,
      size: file.content.length,
      storageKey,
    });
  }
  return stored;
}

type Author =
  | { type: 'user'; userId: string; impersonatorId: string | null }
  | { type: 'customer'; customerId: string | null }
  /** The product on its own (a workflow's ZNS notification). */
  | { type: 'bot' };

interface NewComment {
  body: string;
  public: boolean;
  files: StoredFile[];
  /** The provider's id of the message a channel brought (an email's Message-ID…). */
  providerMessageId?: string | null;
  /** The sender's own id for it (a resent message is written once). */
  clientMessageId?: string | null;
  /** Plain text (chat) rather than sanitised HTML. */
  format?: MessageFormat;
  kind?: MessageKind;
  /** What its kind carries beyond the text (a location's coordinates, a sticker's id). */
  content?: Record<string, unknown> | null;
  /** The channel it came through or goes out by. */
  channelId?: string | null;
  /** Where a channel's outgoing message stands (`queued` until the channel reports). */
  delivery?: DeliveryState | null;
  /**
   * An automatic message from the customer's side (an auto-reply, a bounce): kept, but it
   * reopens nothing and its event starts no workflow (`auto_submitted`).
   */
  automatic?: boolean;
}

/**
 * Writes a comment in the caller's transaction (the ticket locked by it): the comment, its
 * attachments, the ticket's counters and status, the `ticket.commented` event and the activity
 * entry. Returns the comment and the mentioned staff to notify after the commit.
 */
export async function writeComment(
  tx: Transaction,
  ticket: repo.TicketRow,
  author: Author,
  input: NewComment & { mentions: string[] },
) {
  const comment = await repo.insertComment(tx, commentValues(ticket, author, input));
  return finishComment(tx, ticket, author, input, comment);
}

/**
 * `writeComment` unless the message is a twin of one written before (its provider's or client's
 * id): then null, and nothing written. The insert itself finds the twin (the ids are unique), so
 * the usual message costs no look-up first.
 */
async function writeCommentUnlessTwin(
  tx: Transaction,
  ticket: repo.TicketRow,
  author: Author,
  input: NewComment & { mentions: string[] },
) {
  const comment = await repo.insertCommentUnlessTwin(tx, commentValues(ticket, author, input));
  return comment ? finishComment(tx, ticket, author, input, comment) : null;
}

const commentValues = (
  ticket: repo.TicketRow,
  author: Author,
  input: NewComment & { mentions: string[] },
) => ({
  tenantId: ticket.tenantId,
  ticketId: ticket.id,
  authorType: author.type,
  authorUserId: author.type === 'user' ? author.userId : null,
  authorCustomerId: author.type === 'customer' ? author.customerId : null,
  direction: author.type === 'customer' ? 'in' : 'out',
  body: input.body,
  bodyFormat: input.format ?? 'html',
  kind: input.kind ?? (input.files.length && !input.body ? fileKind(input.files) : 'text'),
  content: input.content ?? null,
  channelId: input.channelId ?? null,
  delivery: input.delivery ?? null,
  public: input.public,
  mentions: input.mentions,
  providerMessageId: input.providerMessageId ?? null,
  clientMessageId: input.clientMessageId ?? null,
});

/** The rest of a comment once its row is in: attachments, the ticket, its events and audit. */
async function finishComment(
  tx: Transaction,
  ticket: repo.TicketRow,
  author: Author,
  input: NewComment & { mentions: string[] },
  comment: repo.CommentRow,
) {
  const attachments = await repo.insertAttachments(
    tx,
    input.files.map((file, position) => ({
      tenantId: ticket.tenantId,
      ticketId: ticket.id,
      commentId: comment.id,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      position,
      storageKey: file.storageKey,
      createdBy: author.type === 'user' ? author.userId : null,
    })),
  );

  const now = new Date();
  const patch: Parameters<typeof repo.updateTicket>[3] = { updatedAt: now };
  let status = ticket.status as TicketStatus;
  if (author.type === 'user') {
    patch.updatedBy = author.userId;
    if (input.public) {
      patch.replyCount = ticket.replyCount + 1;
      if (!ticket.firstResponseAt) patch.firstResponseAt = now;
      if (status === 'new') status = 'open';
    }
  } else if (!input.automatic && (status === 'solved' || status === 'pending')) {
    // The requester answered: the ticket needs the team again.
    if (status === 'solved') patch.reopenCount = ticket.reopenCount + 1;
    status = 'open';
  }
  if (status !== ticket.status) patch.status = status;
  if (Object.keys(patch).length === 1) await repo.touchTicket(tx, ticket.tenantId, ticket.id, now);
  else await repo.updateTicket(tx, ticket.tenantId, ticket.id, patch);
  // A first public reply moves the SLA to resolution; a status move may pause or resume it.
  if (patch.firstResponseAt || patch.status)
    await refreshTicketSla(tx, ticket.tenantId, ticket.id, { now });

  const actorId = author.type === 'user' ? author.userId : null;
  const events: DomainEvent[] = [
    {
      tenantId: ticket.tenantId,
      aggregate: 'ticket',
      aggregateId: ticket.id,
      type: 'ticket.commented',
      payload: {
        comment_id: comment.id,
        public: input.public,
        author_type: author.type,
        author_id: actorId ?? (author.type === 'customer' ? author.customerId : null),
        attachments: input.files.length,
        mentions: input.mentions,
        ...(input.automatic ? { auto_submitted: true } : {}),
        ...(input.delivery === 'queued' ? { queued: true } : {}),
      },
      actorId,
    },
  ];
  if (status !== ticket.status)
    events.push({
      tenantId: ticket.tenantId,
      aggregate: 'ticket',
      aggregateId: ticket.id,
      type: 'ticket.updated',
      payload: { changes: { status: { before: ticket.status, after: status } } },
      actorId,
    });
  // The events and the audit entry in one statement: every message of every channel comes here.
  await appendEvents(tx, events, [
    auditInsert({
      tenantId: ticket.tenantId,
      actorId,
      impersonatorId: author.type === 'user' ? author.impersonatorId : null,
      entity: 'ticket',
      action: 'comment',
      entityId: ticket.id,
      before: status !== ticket.status ? { status: ticket.status } : null,
      after: {
        comment_id: comment.id,
        public: input.public,
        ...(status !== ticket.status ? { status } : {}),
      },
    }),
  ]);
  return { ...comment, attachments };
}

/** A message of files alone is an image when they all are, else a file. */
const fileKind = (files: StoredFile[]): MessageKind =>
  files.every((file) => file.contentType.startsWith('image/')) ? 'image' : 'file';

/**
 * The body as stored (sanitised HTML, or text kept as written: it is rendered escaped) and the
 * tenant's active staff it mentions; 422 when nothing is left.
 */
async function prepareBody(
  platform: Platform,
  tenantId: string,
  body: string,
  files: number,
  format: MessageFormat = 'html',
) {
  if (format === 'text') {
    const text = body.trim();
    if (!text && files === 0) throw fieldError('body', M.bodyRequired);
    return { html: text, mentions: [] as string[] };
  }
  const html = sanitizeRichText(body);
  if (!html && files === 0) throw fieldError('body', M.bodyRequired);
  const staff = await repo.activeStaff(platform.db, tenantId, mentionedIds(html));
  return { html, mentions: staff.map((user) => user.id) };
}

/**
 * Mentioned staff follow the ticket (as in Zendesk), in the comment's transaction: a followed
 * ticket is in everyone's data scope, so the mention's link opens for them. Recorded as a
 * followers change like any other.
 */
async function followMentioned(
  tx: Transaction,
  auth: AuthContext,
  ticketId: string,
  userIds: string[],
) {
  if (userIds.length === 0) return;
  const before = await ticketsRepo.followersOf(tx, ticketId);
  const known = new Set(before.map((follower) => follower._id));
  if (userIds.every((id) => known.has(id))) return;
  await ticketsRepo.replaceFollowers(tx, auth.tenantId, ticketId, [
    ...new Set([...known, ...userIds]),
  ]);
  const after = await ticketsRepo.followersOf(tx, ticketId);
  const byId = (list: typeof before) => [...list].sort((a, b) => a._id.localeCompare(b._id));
  const changes = eventChanges({ followers: byId(before) }, { followers: byId(after) });
  await appendEvent(tx, {
    tenantId: auth.tenantId,
    aggregate: 'ticket',
    aggregateId: ticketId,
    type: 'ticket.updated',
    payload: { changes, reason: 'mention' },
    actorId: auth.userId,
  });
  await writeAudit(tx, {
    tenantId: auth.tenantId,
    impersonatorId: auth.impersonatorId,
    actorId: auth.userId,
    action: 'update',
    entity: 'ticket',
    entityId: ticketId,
    before: { followers: byId(before) },
    after: { followers: byId(after) },
  });
}

/**
 * The outbox subscriber of mentions: the staff a comment mentions, but its author, get one
 * notification each, however often the `ticket.commented` event is delivered.
 */
export async function notifyMentions(platform: Platform, event: DeliveredEvent) {
  if (event.type !== 'ticket.commented') return;
  const mentions = (event.payload.mentions as string[] | undefined) ?? [];
  const others = mentions.filter((id) => id !== event.actorId);
  if (others.length === 0 || !event.actorId) return;
  const ticket = await repo.ticketById(platform.db, event.aggregateId);
  if (!ticket) return;
  await notify(platform, {
    tenantId: ticket.tenantId,
    userIds: others,
    kind: 'ticket.mention',
    title: M.mentionTitle(
      await repo.userName(platform.db, event.actorId),
      formatTicketCode(ticket.number),
    ),
    body: ticket.subject,
    link: `/tickets/${ticket.number}`,
    sourceEventId: event.id,
  });
}

const closedRefusal = () => fieldError('body', M.closed);
const refuseClosed = (ticket: repo.TicketRow) => {
  if (ticket.status === 'closed') throw closedRefusal();
};

/**
 * A public reply on a conversation goes out by its channel: the livechat widget's socket
 * carries it at once ('sent'); a provider's channel queues it until the provider answers (its
 * send job). A chat channel (Zalo OA, Messenger, WhatsApp) answers only within its messaging
 * window (422, `CHAT_REPLY_RULES`).
 */
async function channelOfReply(
  tx: Transaction,
  ticket: repo.TicketRow,
  isPublic: boolean,
  template?: ApprovedTemplate,
) {
  if (!isPublic) return {};
  const channel =
    (await repo.conversationChannel(tx, ticket.tenantId, ticket.id)) ??
    // A ticket of an email goes out by the mailbox its last mail came through (the channels
    // module's `email` outbox subscriber sends it).
    (ticket.source === 'email' ? await repo.emailChannelOf(tx, ticket.tenantId, ticket.id) : null);
  if (template && channel?.kind !== 'whatsapp') throw fieldError('template_id', M.templateNotHere);
  if (!channel) return {};
  const rule = CHAT_REPLY_RULES[channel.kind];
  // An approved template is what WhatsApp allows outside its window.
  if (rule && !template) {
    const last = ticket.requesterId
      ? await repo.lastInboundAt(tx, ticket.tenantId, channel.id, ticket.requesterId)
      : null;
    if (!last || Date.now() - last.getTime() > rule.windowMs)
      throw fieldError('body', rule.outsideWindow);
  }
  const delivery: DeliveryState = channel.kind === 'livechat' ? 'sent' : 'queued';
  return { channelId: channel.id, delivery };
}

/** A provider-approved template (WhatsApp): its name, language and body parameters in order. */
export interface ApprovedTemplate {
  name: string;
  language: string;
  parameters: string[];
}

/** POST /v2/tickets/{id}/comments: a public reply or internal note by the signed-in staff. */
export async function addComment(
  platform: Platform,
  auth: AuthContext,
  ticket: string | RecordRef,
  input: {
    body: string;
    public: boolean;
    files: UploadedFile[];
    client_message_id?: string;
    format?: MessageFormat;
    /** The message is this approved template, its body the text shown (WhatsApp). */
    template?: ApprovedTemplate;
  },
): Promise<TicketCommentView> {
  const visible = await getVisibleTicketRow(platform, auth, ticket);
  const clientMessageId = input.client_message_id ?? null;
  const resent = clientMessageId
    ? await repo.findSameMessage(platform.db, auth.tenantId, {
        ticketId: visible.id,
        clientMessageId,
      })
    : null;
  if (resent) return commentView(platform, auth.tenantId, resent);
  refuseClosed(visible);
  const { html, mentions } = await prepareBody(
    platform,
    auth.tenantId,
    input.body,
    input.files.length,
    input.format,
  );
  const files = await storeFiles(platform, auth.tenantId, input.files);
  const comment = await platform.db.transaction(async (tx) => {
    const ticket = (await repo.lockTickets(tx, auth.tenantId, [visible.id])).get(visible.id);
    if (!ticket) throw notFound(M.ticketNotFound);
    const twin = clientMessageId
      ? await repo.findSameMessage(tx, auth.tenantId, { ticketId: ticket.id, clientMessageId })
      : null;
    if (twin) return { id: twin };
    refuseClosed(ticket);
    const comment = await writeComment(
      tx,
      ticket,
      { type: 'user', userId: auth.userId, impersonatorId: auth.impersonatorId },
      {
        body: html,
        public: input.public,
        files,
        mentions,
        clientMessageId,
        format: input.format,
        ...(input.template ? { kind: 'template', content: { template: input.template } } : {}),
        ...(await channelOfReply(tx, ticket, input.public, input.template)),
      },
    );
    await followMentioned(
      tx,
      auth,
      ticket.id,
      mentions.filter((id) => id !== auth.userId),
    );
    return comment;
  });
  return commentView(platform, auth.tenantId, comment.id);
}

/**
 * A reply from the customer (the channels call this when a requester writes back): a public
 * comment by the customer (the ticket's requester unless named), reopening a solved ticket.
 * A closed ticket refuses it (422), so the channel can open a follow-up ticket instead. A message
 * whose provider id the channel already brought (a redelivered webhook) answers the one written.
 */
export interface CustomerReply {
  body: string;
  customerId?: string | null;
  providerMessageId?: string | null;
  /** The widget's own id of the message (a resend is written once). */
  clientMessageId?: string | null;
  channelId?: string | null;
  format?: MessageFormat;
  files?: UploadedFile[];
  /** An auto-reply or bounce: kept, reopening nothing, starting no workflow. */
  automatic?: boolean;
  /** A chat channel's kind of message (image, sticker, location…) and what it carries. */
  kind?: MessageKind;
  content?: Record<string, unknown> | null;
}

/**
 * A customer's message on a ticket, written once per provider or client message id: the written
 * message with its attachments, or the id of the twin written before (a redelivery, a resend).
 * Channels acknowledge from this without reading the message back.
 */
export async function writeCustomerReply(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  input: CustomerReply,
): Promise<ReplyOutcome> {
  const channelId = input.channelId ?? null;
  const same = input.providerMessageId
    ? { channelId, providerMessageId: input.providerMessageId }
    : input.clientMessageId
      ? { ticketId, clientMessageId: input.clientMessageId }
      : null;
  const uploads = input.files ?? [];
  // A resend with files is found before its files are stored again.
  const early =
    same && uploads.length ? await repo.findSameMessage(platform.db, tenantId, same) : null;
  if (early) return { twinId: early };
  const { html } = await prepareBody(platform, tenantId, input.body, uploads.length, input.format);
  const files = await storeFiles(platform, tenantId, uploads);
  const outcome = await replyWaveOf(platform, tenantId)({ ticketId, input, html, files, same });
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}
export type ReplyOutcome = { written: WrittenComment } | { twinId: string };

/** A customer's reply ready for its transaction: its body made, its files stored. */
interface ReadyReply {
  ticketId: string;
  input: CustomerReply;
  html: string;
  files: StoredFile[];
  same: repo.SameMessage | null;
}
type WaveOutcome = ReplyOutcome | { refused: AppError };

/** How many customers' replies one transaction takes at most (it holds their tickets' locks). */
const REPLY_WAVE = 50;
const replyWaves = new WeakMap<
  Platform['db'],
  Map<string, (reply: ReadyReply) => Promise<WaveOutcome>>
>();

/**
 * The customers' replies of a tenant that come while one transaction is on its way share the
 * next one (createBatcher): a channel's burst of messages costs one begin, lock statement and
 * commit per wave instead of per message, and a lone message waits for nothing.
 */
function replyWaveOf(platform: Platform, tenantId: string) {
  let byTenant = replyWaves.get(platform.db);
  if (!byTenant) replyWaves.set(platform.db, (byTenant = new Map()));
  let wave = byTenant.get(tenantId);
  if (!wave) {
    wave = createBatcher((replies: ReadyReply[]) => writeReplies(platform, tenantId, replies), {
      max: REPLY_WAVE,
      lanes: 2,
    });
    byTenant.set(tenantId, wave);
  }
  return wave;
}

/**
 * One transaction for the replies: their tickets locked in one statement, then each reply in
 * turn (a second reply to a ticket reads the ticket as the first left it). A reply refused (a
 * closed ticket, an unknown customer) writes nothing and is answered its refusal; should the
 * transaction fail otherwise, each reply is tried alone, so one reply's fault is its own.
 */
async function writeReplies(
  platform: Platform,
  tenantId: string,
  replies: ReadyReply[],
): Promise<WaveOutcome[]> {
  try {
    return await platform.db.transaction(async (tx) => {
      const locked = await repo.lockTickets(
        tx,
        tenantId,
        replies.map((reply) => reply.ticketId),
      );
      const written = new Set<string>();
      const outcomes: WaveOutcome[] = [];
      for (const reply of replies) {
        const ticket = written.has(reply.ticketId)
          ? (await repo.lockTickets(tx, tenantId, [reply.ticketId])).get(reply.ticketId)
          : locked.get(reply.ticketId);
        outcomes.push(await writeLockedReply(tx, tenantId, ticket, reply));
        written.add(reply.ticketId);
      }
      return outcomes;
    });
  } catch (error) {
    if (replies.length === 1) throw error;
    return Promise.all(
      replies.map(async (reply) => (await writeReplies(platform, tenantId, [reply]))[0]!),
    );
  }
}

/** One customer's reply on its locked ticket (undefined: not the tenant's). */
async function writeLockedReply(
  tx: Transaction,
  tenantId: string,
  ticket: repo.TicketRow | undefined,
  { input, html, files, same }: ReadyReply,
): Promise<WaveOutcome> {
  if (!ticket) return { refused: notFound(M.ticketNotFound) };
  // Deliveries to one ticket wait for each other on its lock: a twin is seen here. The insert
  // finds it where a unique index covers the id (a client's; a provider's on a channel);
  // otherwise, and on a closed ticket (a resend is answered with its twin, not refused), it is
  // looked up first.
  const twinOf = async () => (same ? await repo.findSameMessage(tx, tenantId, same) : null);
  const insertFindsTwin = !same || 'clientMessageId' in same || same.channelId !== null;
  if (ticket.status === 'closed' || !insertFindsTwin) {
    const twin = await twinOf();
    if (twin) return { twinId: twin };
  }
  if (ticket.status === 'closed') return { refused: closedRefusal() };
  // The requester is the ticket's own customer; another one is checked to be the tenant's.
  if (
    input.customerId &&
    input.customerId !== ticket.requesterId &&
    !(await repo.customerExists(tx, tenantId, input.customerId))
  )
    return { refused: notFound(M.customerNotFound) };
  const written = await writeCommentUnlessTwin(
    tx,
    ticket,
    { type: 'customer', customerId: input.customerId ?? ticket.requesterId },
    // A customer's mention marks page no one.
    {
      body: html,
      public: true,
      files,
      mentions: [],
      providerMessageId: input.providerMessageId,
      clientMessageId: input.clientMessageId,
      channelId: input.channelId ?? null,
      format: input.format,
      automatic: input.automatic,
      kind: input.kind,
      content: input.content,
    },
  );
  if (written) return { written };
  const twin = await twinOf();
  if (!twin) throw new Error('a message refused as a twin has no twin');
  return { twinId: twin };
}
export type WrittenComment = Awaited<ReturnType<typeof writeComment>>;

/**
 * A message the product sent the customer on its own through a channel (a workflow's ZNS
 * notification): written by the bot as sent, with the provider's id for its receipts. It counts
 * as no reply of the team, reopens nothing, and its event starts no workflow.
 */
export async function writeBotMessage(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  input: {
    body: string;
    channelId: string;
    providerMessageId: string | null;
    kind: MessageKind;
    content: Record<string, unknown>;
  },
) {
  return platform.db.transaction(async (tx) => {
    const ticket = (await repo.lockTickets(tx, tenantId, [ticketId])).get(ticketId);
    if (!ticket) return null;
    return writeComment(
      tx,
      ticket,
      { type: 'bot' },
      {
        body: input.body,
        public: true,
        files: [],
        mentions: [],
        format: 'text',
        kind: input.kind,
        content: input.content,
        channelId: input.channelId,
        delivery: 'sent',
        providerMessageId: input.providerMessageId,
        automatic: true,
      },
    );
  });
}

/** `writeCustomerReply`, answered as the ticket's conversation shows it. */
export async function addCustomerReply(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  input: CustomerReply,
): Promise<TicketCommentView> {
  const reply = await writeCustomerReply(platform, tenantId, ticketId, input);
  return commentView(platform, tenantId, 'twinId' in reply ? reply.twinId : reply.written.id);
}

function toView(row: repo.CommentListRow): TicketCommentView {
  const { comment } = row;
  const author =
    comment.authorType === 'user' && comment.authorUserId
      ? { _id: comment.authorUserId, name: row.userName ?? '', avatar_url: row.userAvatar }
      : comment.authorType === 'customer' && comment.authorCustomerId
        ? {
            _id: comment.authorCustomerId,
            name: row.customerName ?? '',
            avatar_url: row.customerAvatar,
          }
        : null;
  return {
    _id: comment.id,
    ticket_id: comment.ticketId,
    channel_id: comment.channelId,
    author_type: comment.authorType as TicketCommentView['author_type'],
    author,
    direction: comment.direction as TicketCommentView['direction'],
    kind: comment.kind as TicketCommentView['kind'],
    body_format: comment.bodyFormat as TicketCommentView['body_format'],
    body: comment.body,
    public: comment.public,
    mentions: comment.mentions.map((id) => ({ _id: id, name: row.mentionNames[id] ?? '' })),
    attachments: row.attachments.map((file) => ({
      _id: file.id,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      url: attachmentUrl(comment.ticketId, file.id),
      created_at: new Date(file.createdAt).toISOString(),
    })),
    provider_message_id: comment.providerMessageId,
    client_message_id: comment.clientMessageId,
    delivery: comment.delivery
      ? {
          state: comment.delivery as DeliveryState,
          error_code: comment.deliveryErrorCode,
          error: comment.deliveryError,
        }
      : null,
    created_at: comment.createdAt.toISOString(),
  };
}

/** One message as the ticket's conversation shows it (404 when it is gone). */
export async function commentView(platform: Platform, tenantId: string, commentId: string) {
  const row = await repo.commentWithAuthor(platform.db, tenantId, commentId);
  if (!row) throw notFound(M.commentNotFound);
  return toView(row);
}

export type { CommentKey } from './ticket-comments.repository.js';

/** Messages as their conversation shows them, in the order asked (undefined: not there). */
export async function commentViews(platform: Platform, keys: repo.CommentKey[]) {
  const rows = await repo.commentsWithAuthor(platform.db, keys);
  return rows.map((row) => row && toView(row));
}

/** GET /v2/tickets/{id}/comments: a page of the conversation, oldest first. */
export async function listComments(
  platform: Platform,
  auth: AuthContext,
  ticket: string | RecordRef,
  query: TicketCommentsQuery,
) {
  const visible = await getVisibleTicketRow(platform, auth, ticket);
  const { rows, total } = await repo.listComments(platform.db, auth.tenantId, visible.id, {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return { data: rows.map(toView), total };
}

/** How many merges an old attachment address may follow to the ticket holding the file now. */
const MAX_MERGE_HOPS = 10;

/**
 * GET /v2/tickets/{id}/attachments/{attachmentId}: the file, when the caller sees the ticket
 * holding it; an address from before a merge still works through the merged-away ticket.
 */
export async function getAttachment(
  platform: Platform,
  auth: AuthContext,
  ticketId: string,
  attachmentId: string,
) {
  await getVisibleTicketRow(platform, auth, ticketId);
  const file = await repo.findAttachment(platform.db, auth.tenantId, attachmentId);
  if (!file) throw notFound(M.attachmentNotFound);
  let at: string | null = ticketId;
  for (let hop = 0; at && at !== file.ticketId && hop < MAX_MERGE_HOPS; hop++)
    at = await repo.mergedIntoOf(platform.db, auth.tenantId, at);
  if (at !== file.ticketId) throw notFound(M.attachmentNotFound);
  if (file.ticketId !== ticketId) await getVisibleTicketRow(platform, auth, file.ticketId);
  return storedFile(platform, auth.tenantId, file);
}

/** Where a stored attachment is read from, and how it is answered (images shown inline). */
async function storedFile(
  platform: Platform,
  tenantId: string,
  file: { storageKey: string; fileName: string; contentType: string },
) {
  return {
    path: await platform.files.privatePath(storeFolder(tenantId), file.storageKey),
    fileName: file.fileName,
    contentType: file.contentType,
    inline: file.contentType.startsWith('image/'),
  };
}

/**
 * A file of a public message of this ticket (what a livechat visitor may open of their own
 * conversation); 404 for anything else.
 */
export async function publicAttachment(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  attachmentId: string,
) {
  const file = await repo.findAttachment(platform.db, tenantId, attachmentId);
  if (!file || file.ticketId !== ticketId || !file.commentId) throw notFound(M.attachmentNotFound);
  const message = await repo.commentWithAuthor(platform.db, tenantId, file.commentId);
  if (!message?.comment.public) throw notFound(M.attachmentNotFound);
  return storedFile(platform, tenantId, file);
}

/** Copies a comment's attachment rows to another ticket's comment (the files are shared). */
export async function copyAttachments(
  tx: Transaction,
  tenantId: string,
  fromCommentId: string,
  to: { ticketId: string; commentId: string; createdBy: string },
) {
  const files = await repo.attachmentsOf(tx, tenantId, [fromCommentId]);
  await repo.insertAttachments(
    tx,
    files.map((file) => ({
      tenantId,
      ticketId: to.ticketId,
      commentId: to.commentId,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      position: file.position,
      storageKey: file.storageKey,
      createdBy: to.createdBy,
    })),
  );
}

/** The message a channel already brought with this provider id (a redelivery), if any. */
export const findChannelMessage = (
  platform: Platform,
  tenantId: string,
  channelId: string,
  providerMessageId: string,
) => repo.findSameMessage(platform.db, tenantId, { channelId, providerMessageId });

/** A message's stored files (a channel sends them with it). */
export const attachmentsOfMessage = (platform: Platform, tenantId: string, messageId: string) =>
  repo.attachmentsOf(platform.db, tenantId, [messageId]);
