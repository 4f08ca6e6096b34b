import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addBusinessMinutes } from '@omnicare/shared/sla/business-time';
import {
  livechatSettings,
  originAllowed,
  type LivechatSettings,
} from '@omnicare/shared/channels/livechat-settings';
import {
  LIVECHAT_MESSAGES as M,
  type LivechatConfigView,
  type OfflineMessageBody,
  type VisitorBody,
  type VisitorConversationView,
  type VisitorMessageBody,
  type VisitorMessageView,
  type VisitorRatingBody,
} from '@omnicare/shared/conversations/livechat.schemas';
import { isValidPhone } from '@omnicare/shared/customers/normalize';
import { isUnsolved } from '@omnicare/shared/tickets/ticket-enums';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import type { Platform } from '../../platform/context.js';
import { builtOnce } from '../../platform/db.js';
import { appendEvent } from '../../platform/outbox.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import {
  channels,
  conversations,
  livechatVisitors,
  messages,
} from '../../db/schema/conversations.js';
import { groupMembers } from '../../db/schema/groups.js';
import { ticketAttachments } from '../../db/schema/ticket-conversation.js';
import { tickets } from '../../db/schema/tickets.js';
import { users } from '../../db/schema/users.js';
import { matchOrCreateCustomer } from '../customers/customer-match.js';
import { writeCustomerReply, type UploadedFile } from '../tickets/ticket-comments.service.js';
import { routableStaff } from '../routing/routable-staff.js';
import { tellDeliveryChanged } from '../tickets/ticket-realtime.js';
import { loadBusinessSchedule } from '../working-time/working-time.service.js';
import { startConversation } from './channel-inbound.js';
import { getChatConfig } from './chat-config.service.js';
import { followConversation } from './livechat-rooms.js';

/** A livechat channel open to widgets, with its settings read. */
export interface WidgetChannel {
  id: string;
  tenantId: string;
  groupId: string | null;
  settings: LivechatSettings;
}

export interface Visitor {
  id: string;
  tenantId: string;
  channelId: string;
  customerId: string;
  ticketId: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The active livechat channel a widget names, if the page's origin may embed it: 404 for an
 * unknown, paused or other kind of channel, 403 'Trang web này không được phép dùng khung chat'
 * for an origin outside its allowed domains.
 */
export async function widgetChannel(
  platform: Platform,
  channelId: string,
  origin: string | undefined,
): Promise<WidgetChannel> {
  const [row] = /^[0-9a-f-]{36}$/i.test(channelId)
    ? await platform.db
        .select()
        .from(channels)
        .where(and(eq(channels.id, channelId), eq(channels.kind, 'livechat')))
    : [];
  if (!row || row.status !== 'active') throw notFound(M.channelNotFound);
  const settings = livechatSettings.parse(row.settings ?? {});
  if (!originAllowed(origin, settings.allowed_domains)) throw new AppError(403, M.originRefused);
  return { id: row.id, tenantId: row.tenantId, groupId: row.groupId, settings };
}

/** Whether the team answers now: inside the channel's working time, with someone AVAILABLE. */
async function isOnline(platform: Platform, channel: WidgetChannel, now = new Date()) {
  if (channel.settings.working_time_id) {
    const schedule = await loadBusinessSchedule(
      platform.db,
      channel.tenantId,
      channel.settings.working_time_id,
    );
    if (schedule && addBusinessMinutes(now, 0, schedule).getTime() !== now.getTime()) return false;
  }
  const [someone] = await platform.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, channel.tenantId),
        routableStaff(),
        channel.groupId
          ? sql`${users.id} in (select ${groupMembers.userId} from ${groupMembers} where ${groupMembers.groupId} = ${channel.groupId})`
          : undefined,
      ),
    )
    .limit(1);
  return !!someone;
}

/** `GET /v2/livechat/{channelId}/config`. */
export async function widgetConfig(
  platform: Platform,
  channel: WidgetChannel,
): Promise<LivechatConfigView> {
  const [chat, online] = await Promise.all([
    getChatConfig(platform.db, channel.tenantId),
    isOnline(platform, channel),
  ]);
  const { settings } = channel;
  return {
    channel_id: channel.id,
    title: settings.title,
    color: settings.color,
    position: settings.position,
    avatar_url: settings.avatar_url,
    greeting: chat.greeting,
    offline_message: chat.offline_message,
    pre_chat: settings.pre_chat,
    online,
    survey: { enabled: chat.survey_on_resolve, question: chat.survey_question },
  };
}

/** The pre-chat form against the channel's required fields; 422 naming the first missing. */
function checkContact(channel: WidgetChannel, body: VisitorBody) {
  const modes = channel.settings.pre_chat;
  if (modes.name === 'required' && !body.name) throw fieldError('name', M.nameRequired);
  if (modes.phone === 'required' && !body.phone) throw fieldError('phone', M.phoneRequired);
  if (modes.email === 'required' && !body.email) throw fieldError('email', M.emailRequired);
  if (body.phone && !isValidPhone(body.phone)) throw fieldError('phone', M.phoneInvalid);
  if (body.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email))
    throw fieldError('email', M.emailInvalid);
  return {
    name: modes.name === 'hidden' ? undefined : body.name,
    phone: modes.phone === 'hidden' ? undefined : body.phone,
    email: modes.email === 'hidden' ? undefined : body.email,
  };
}

/** `POST /v2/livechat/{channelId}/visitors`: the customer matched or made, and a new token. */
export async function createVisitor(platform: Platform, channel: WidgetChannel, body: VisitorBody) {
  const contact = checkContact(channel, body);
  const customer = await matchOrCreateCustomer(platform, channel.tenantId, {
    ...contact,
    source: 'chat',
  });
  const token = randomBytes(32).toString('base64url');
  await platform.db.insert(livechatVisitors).values({
    tenantId: channel.tenantId,
    channelId: channel.id,
    customerId: customer.id,
    tokenHash: hashToken(token),
  });
  return { visitor_token: token, name: customer.name };
}

/** The visitor a token names on this channel; 401 'Phiên chat đã hết hạn…' otherwise. */
export async function visitorOf(
  platform: Platform,
  channel: { id: string },
  token: string | undefined,
): Promise<Visitor> {
  const [row] = token
    ? await platform.db
        .select()
        .from(livechatVisitors)
        .where(
          and(
            eq(livechatVisitors.tokenHash, hashToken(token)),
            eq(livechatVisitors.channelId, channel.id),
          ),
        )
    : [];
  if (!row) throw new AppError(401, M.visitorExpired);
  return {
    id: row.id,
    tenantId: row.tenantId,
    channelId: row.channelId,
    customerId: row.customerId,
    ticketId: row.ticketId,
  };
}

/** What the widget is shown of one message, wherever it was read from. */
interface VisitorViewSource {
  id: string;
  clientMessageId: string | null;
  direction: string;
  authorName: string | null;
  authorAvatar: string | null;
  kind: string;
  body: string;
  bodyFormat: string;
  seen: boolean;
  createdAt: Date | string;
  attachments: { _id: string; file_name: string; content_type: string; size: number }[];
}

/** A message as the widget shows it: the team's name on theirs, HTML as text, files by channel. */
export function visitorView(source: VisitorViewSource, channelId: string): VisitorMessageView {
  const incoming = source.direction === 'in';
  return {
    _id: source.id,
    client_message_id: source.clientMessageId,
    direction: incoming ? 'in' : 'out',
    author_name: incoming ? null : source.authorName,
    author_avatar_url: incoming ? null : source.authorAvatar,
    kind: source.kind as VisitorMessageView['kind'],
    // The team's HTML replies reach the widget as text (it renders text only).
    body: source.bodyFormat === 'html' ? htmlToText(source.body) : source.body,
    attachments: source.attachments.map((file) => ({
      ...file,
      url: `/v2/livechat/${channelId}/attachments/${file._id}`,
    })),
    seen: incoming ? false : source.seen,
    created_at: new Date(source.createdAt).toISOString(),
  };
}

/** The visitor's messages as the widget shows them (public ones, oldest first). */
export async function visitorMessages(
  platform: Platform,
  channelId: string,
  ticketId: string,
  ids?: string[],
): Promise<VisitorMessageView[]> {
  const rows = await platform.db
    .select({
      id: messages.id,
      clientMessageId: messages.clientMessageId,
      direction: messages.direction,
      authorName: users.name,
      authorAvatar: users.avatarUrl,
      kind: messages.kind,
      body: messages.body,
      bodyFormat: messages.bodyFormat,
      seenAt: messages.seenAt,
      createdAt: messages.createdAt,
      attachments: sql<
        { _id: string; file_name: string; content_type: string; size: number }[]
      >`coalesce((select json_agg(json_build_object('_id', a.id, 'file_name', a.file_name,
          'content_type', a.content_type, 'size', a.size) order by a.position)
        from ${ticketAttachments} a where a.comment_id = ${messages.id}), '[]'::json)`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(
      and(
        eq(messages.ticketId, ticketId),
        eq(messages.public, true),
        ids ? inArray(messages.id, ids) : undefined,
      ),
    )
    .orderBy(messages.createdAt, messages.id)
    .limit(500);
  return rows.map((row) => visitorView({ ...row, seen: !!row.seenAt }, channelId));
}

/** A message the team wrote, as its widget hears it pushed (the ticket's view of it). */
export const visitorViewOfComment = (comment: TicketCommentView, channelId: string) =>
  visitorView(
    {
      id: comment._id,
      clientMessageId: comment.client_message_id,
      direction: comment.direction,
      authorName: comment.author?.name ?? null,
      authorAvatar: comment.author?.avatar_url ?? null,
      kind: comment.kind,
      body: comment.body,
      bodyFormat: comment.body_format,
      seen: comment.delivery?.state === 'seen',
      createdAt: comment.created_at,
      attachments: comment.attachments.map((file) => ({
        _id: file._id,
        file_name: file.file_name,
        content_type: file.content_type,
        size: file.size,
      })),
    },
    channelId,
  );

/** The team's HTML as text: breaks become new lines, tags go, entities are read. */
export const htmlToText = (html: string) =>
  html
    .replace(/<(br|\/p|\/div|\/li)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The conversation's status and agent as the widget shows them. */
export async function visitorStatus(
  platform: Platform,
  ticketId: string | null,
): Promise<Omit<VisitorConversationView, 'messages'>> {
  if (!ticketId) return { status: 'none', agent: null, survey_pending: false };
  const [row] = await platform.db
    .select({
      status: tickets.status,
      agentName: users.name,
      agentAvatar: users.avatarUrl,
      surveyAskedAt: conversations.surveyAskedAt,
      ratedAt: conversations.ratedAt,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assigneeId))
    .leftJoin(conversations, eq(conversations.ticketId, tickets.id))
    .where(eq(tickets.id, ticketId));
  if (!row) return { status: 'none', agent: null, survey_pending: false };
  return {
    status: isUnsolved(row.status) ? 'open' : 'resolved',
    agent: row.agentName ? { name: row.agentName, avatar_url: row.agentAvatar ?? null } : null,
    survey_pending: !!row.surveyAskedAt && !row.ratedAt,
  };
}

/** `GET /v2/livechat/{channelId}/conversation`. */
export async function visitorConversation(
  platform: Platform,
  visitor: Visitor,
): Promise<VisitorConversationView> {
  const status = await visitorStatus(platform, visitor.ticketId);
  const list = visitor.ticketId
    ? await visitorMessages(platform, visitor.channelId, visitor.ticketId)
    : [];
  return { ...status, messages: list };
}

/** Another message of the visitor opened a conversation first (on another instance). */
class OpenedMeanwhile extends Error {}

/**
 * The conversation a visitor's message goes to: their current one while it is not closed (a
 * solved one reopens, by the reply rules of tickets), else a new one, routed to the channel's
 * department. The new one is the visitor's only if nobody gave them one meanwhile: the ticket,
 * its conversation row and the visitor's pointer are one transaction, which a concurrent opening
 * (another instance) undoes, and this reads again.
 */
async function conversationFor(
  platform: Platform,
  channel: WidgetChannel,
  visitor: Visitor,
  firstText: string,
): Promise<string> {
  for (;;) {
    // Every message of a visitor asks it: built and prepared once.
    const [current] = await builtOnce(platform.db, 'livechat-visitor-conversation', () =>
      platform.db
        .select({ ticketId: livechatVisitors.ticketId, status: tickets.status })
        .from(livechatVisitors)
        .leftJoin(tickets, eq(tickets.id, livechatVisitors.ticketId))
        .where(eq(livechatVisitors.id, sql.placeholder('visitorId'))),
    ).execute({ visitorId: visitor.id });
    const previous = current?.ticketId ?? null;
    visitor.ticketId = previous;
    if (previous && current?.status && current.status !== 'closed') return previous;
    try {
      const { _id: ticketId } = await startConversation(
        platform,
        {
          tenantId: channel.tenantId,
          channelId: channel.id,
          groupId: channel.groupId,
          customerId: visitor.customerId,
          subject: firstText || 'Livechat',
          source: 'chat',
        },
        async (tx, id) => {
          const taken = await tx
            .update(livechatVisitors)
            .set({ ticketId: id })
            .where(
              and(
                eq(livechatVisitors.id, visitor.id),
                previous
                  ? eq(livechatVisitors.ticketId, previous)
                  : isNull(livechatVisitors.ticketId),
              ),
            )
            .returning({ id: livechatVisitors.id });
          if (taken.length === 0) throw new OpenedMeanwhile();
        },
      );
      visitor.ticketId = ticketId;
      followConversation(platform, visitor.id, previous, ticketId);
      return ticketId;
    } catch (error) {
      if (!(error instanceof OpenedMeanwhile)) throw error;
    }
  }
}

/**
 * A visitor's message (`POST .../messages`, the socket's `livechat:send`): written once per
 * client message id, whatever the number of resends.
 */
export function sendVisitorMessage(
  platform: Platform,
  channel: WidgetChannel,
  visitor: Visitor,
  body: VisitorMessageBody,
  files: UploadedFile[] = [],
): Promise<VisitorMessageView> {
  return oneAtATime(visitor.id, () => writeVisitorMessage(platform, channel, visitor, body, files));
}

/**
 * A visitor's messages are written one after the other on this instance, in the order they
 * came (across instances, `conversationFor` and the ticket's lock keep one conversation and one
 * copy of each message).
 */
const visitorTurns = new Map<string, Promise<unknown>>();
function oneAtATime<T>(visitorId: string, work: () => Promise<T>): Promise<T> {
  const turn = (visitorTurns.get(visitorId) ?? Promise.resolve()).catch(() => undefined).then(work);
  visitorTurns.set(visitorId, turn);
  void turn
    .catch(() => undefined)
    .finally(() => {
      if (visitorTurns.get(visitorId) === turn) visitorTurns.delete(visitorId);
    });
  return turn;
}

async function writeVisitorMessage(
  platform: Platform,
  channel: WidgetChannel,
  visitor: Visitor,
  body: VisitorMessageBody,
  files: UploadedFile[],
): Promise<VisitorMessageView> {
  const ticketId = await conversationFor(platform, channel, visitor, body.body);
  const reply = await writeCustomerReply(platform, channel.tenantId, ticketId, {
    body: body.body,
    customerId: visitor.customerId,
    clientMessageId: body.client_message_id,
    channelId: channel.id,
    format: 'text',
    files,
  });
  if ('written' in reply) {
    // Acknowledged from what was written: the widget needs no second read.
    const { written } = reply;
    return visitorView(
      {
        ...written,
        authorName: null,
        authorAvatar: null,
        seen: false,
        attachments: written.attachments.map((file) => ({
          _id: file.id,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.size,
        })),
      },
      channel.id,
    );
  }
  const [view] = await visitorMessages(platform, channel.id, ticketId, [reply.twinId]);
  if (!view) throw notFound(M.visitorExpired);
  return view;
}

/**
 * `POST .../seen`: the team's messages up to this one are seen by the visitor; the staff on the
 * conversation are told (its record's viewers read its messages again).
 */
export async function markSeenByVisitor(platform: Platform, visitor: Visitor, messageId: string) {
  const ticketId = visitor.ticketId;
  if (!ticketId) return;
  const seen = await platform.db
    .execute(sql`update ${messages} m set seen_at = now(), delivery = 'seen'
    where m.ticket_id = ${ticketId} and m.direction = 'out' and m.public
      and m.seen_at is null
      and m.created_at <= (select created_at from ${messages} where id = ${messageId}
        and ticket_id = ${ticketId})`);
  if (seen.rowCount) await tellDeliveryChanged(platform, visitor.tenantId, ticketId);
}

/** `POST .../rating`: the survey's answer, once, on a resolved conversation. */
export async function rateConversation(
  platform: Platform,
  visitor: Visitor,
  body: VisitorRatingBody,
) {
  const status = await visitorStatus(platform, visitor.ticketId);
  if (!visitor.ticketId || status.status !== 'resolved')
    throw fieldError('score', M.noConversation);
  const ticketId = visitor.ticketId;
  await platform.db.transaction(async (tx) => {
    await tx
      .update(conversations)
      .set({ rating: body.score, ratingComment: body.comment ?? null, ratedAt: new Date() })
      .where(eq(conversations.ticketId, ticketId));
    // The staff on the conversation read the answer live; the reports count it.
    await appendEvent(tx, {
      tenantId: visitor.tenantId,
      aggregate: 'ticket',
      aggregateId: ticketId,
      type: 'ticket.rated',
      payload: { rating: body.score, comment: body.comment ?? null },
      actorId: null,
    });
  });
}

/** `POST .../offline`: outside working time, the visitor's message becomes a ticket. */
export async function leaveOfflineMessage(
  platform: Platform,
  channel: WidgetChannel,
  body: OfflineMessageBody,
) {
  const contact = checkContact(channel, body);
  if (!contact.phone && !contact.email) throw fieldError('phone', M.phoneRequired);
  const customer = await matchOrCreateCustomer(platform, channel.tenantId, {
    ...contact,
    source: 'web',
  });
  // A conversation of the channel whose first message is what was left: the chat and the
  // ticket show it as the customer's message.
  const ticket = await startConversation(platform, {
    tenantId: channel.tenantId,
    channelId: channel.id,
    groupId: channel.groupId,
    customerId: customer.id,
    subject: `Tin nhắn ngoài giờ từ ${customer.name}`,
    source: 'web',
  });
  await writeCustomerReply(platform, channel.tenantId, ticket._id, {
    body: body.body,
    customerId: customer.id,
    channelId: channel.id,
    format: 'text',
  });
  return ticket;
}

/** Who holds a conversation now (the customer's typing is shown to them). */
export async function assigneeOf(platform: Platform, ticketId: string) {
  const [row] = await platform.db
    .select({ assigneeId: tickets.assigneeId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row?.assigneeId ?? null;
}

/** A resolve with the survey on asks the visitor once (the widget shows the rating form). */
export async function askSurveyIfResolved(platform: Platform, tenantId: string, ticketId: string) {
  const chat = await getChatConfig(platform.db, tenantId);
  if (!chat.survey_on_resolve) return;
  await platform.db.execute(sql`update ${conversations} c set survey_asked_at = now()
    where c.ticket_id = ${ticketId} and c.survey_asked_at is null and c.channel_id is not null
      and exists (select 1 from ${tickets} t where t.id = c.ticket_id
        and t.status in ('solved', 'closed'))`);
}
