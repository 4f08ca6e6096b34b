import { toSearchKey } from '@omnicare/shared/customers/normalize';
import {
  CONVERSATION_EVENTS,
  CONVERSATION_MESSAGES as M,
  isChatSource,
  type ConversationListAnswer,
  type ConversationListQuery,
  type ConversationRow,
  type ConversationTransferBody,
} from '@omnicare/shared/conversations/conversations.schemas';
import type { ChannelKind } from '@omnicare/shared/channels/channels.schemas';
import { LIVECHAT_EVENTS } from '@omnicare/shared/conversations/livechat.schemas';
import type { MessageKind, MessageSender } from '@omnicare/shared/conversations/message-enums';
import { formatTicketCode, type TicketStatus } from '@omnicare/shared/tickets/ticket-enums';
import type { AuthContext } from '../../platform/auth.js';
import type { Platform } from '../../platform/context.js';
import { dataScopeOf } from '../../platform/data-scope.js';
import { fieldError, notFound } from '../../platform/errors.js';
import type { DeliveredEvent } from '../../platform/outbox.js';
import {
  addComment,
  commentViews,
  type CommentKey,
  type commentView,
} from '../tickets/ticket-comments.service.js';
import { createBatcher } from '../../platform/batcher.js';
import { notify } from '../notifications/notifications.service.js';
import { updateTicket } from '../tickets/ticket-changes.js';
import {
  getVisibleTicketRow,
  ticketScope,
  ticketVisibleTo,
  type TicketVisibilityFacts,
} from '../tickets/ticket-queries.js';
import * as repo from './conversations.repository.js';
import { tellVisitors } from './livechat-rooms.js';
import {
  askSurveyIfResolved,
  htmlToText,
  visitorStatus,
  visitorViewOfComment,
} from './livechat.service.js';

const PREVIEW_LENGTH = 140;

/** A message's body as one line of text (HTML tags and entities dropped). */
export function previewOf(body: string, format: string): string {
  const text = format === 'html' ? htmlToText(body) : body;
  return text.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
}

const encodeCursor = (row: { lastMessageAt: Date; id: string }) =>
  Buffer.from(`${row.lastMessageAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime()))
    throw fieldError('cursor', M.cursorInvalid);
  return { at: date, id };
}

function toRow(row: repo.ConversationListRow): ConversationRow {
  const last = row.lastMessage as {
    author_type: MessageSender;
    kind: MessageKind;
    public: boolean;
    preview: string;
  } | null;
  return {
    _id: row.id,
    code: formatTicketCode(row.number),
    number: row.number,
    subject: row.subject,
    status: row.status as TicketStatus,
    source: row.source,
    channel:
      row.channelId && row.channelName
        ? { _id: row.channelId, name: row.channelName, kind: row.channelKind as ChannelKind }
        : null,
    customer: row.customerId
      ? { _id: row.customerId, name: row.customerName ?? '', avatar_url: row.customerAvatar }
      : null,
    assignee: row.assigneeId ? { _id: row.assigneeId, name: row.assigneeName ?? '' } : null,
    group: row.groupId ? { _id: row.groupId, name: row.groupName ?? '' } : null,
    priority: row.priorityId
      ? { _id: row.priorityId, name: row.priorityName ?? '', color: row.priorityColor ?? '' }
      : null,
    tags: row.tags,
    last_message: last ? { ...last, created_at: row.lastMessageAt.toISOString() } : null,
    waiting_since: row.waitingSince?.toISOString() ?? null,
    referral: row.referral ?? null,
    unread: row.unread,
    last_activity_at: row.lastMessageAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** 'web' and 'chat' are both the livechat (one label, 'Livechat'): either filter finds both. */
const sourcesShownAs = (source: string) =>
  source === 'web' || source === 'chat' ? ['web', 'chat'] : [source];

function searchOf(q: string | undefined) {
  const text = q?.trim();
  if (!text) return undefined;
  const code = /^#?(\d{1,9})$/.exec(text);
  return { key: toSearchKey(text).replace(/^#/, ''), number: code ? Number(code[1]) : undefined };
}

/** `GET /v2/conversations`: the caller's box, within their ticket data scope. */
export async function listConversations(
  platform: Platform,
  auth: AuthContext,
  query: ConversationListQuery,
): Promise<ConversationListAnswer> {
  const scope = ticketScope(auth);
  const filter: repo.ConversationFilter = {
    tenantId: auth.tenantId,
    userId: auth.userId,
    box: query.box,
    state: query.state,
    sources: query.source ? sourcesShownAs(query.source) : undefined,
    groupId: query.group_id,
    tagId: query.tag_id,
    search: searchOf(query.q),
    scope,
  };
  const [rows, unread] = await Promise.all([
    repo.listConversations(platform.db, filter, {
      size: query.page_size,
      after: decodeCursor(query.cursor),
    }),
    repo.unreadByBox(platform.db, { tenantId: auth.tenantId, userId: auth.userId, scope }),
  ]);
  const page = rows.slice(0, query.page_size);
  const last = page.at(-1);
  return {
    data: page.map(toRow),
    next_cursor: rows.length > query.page_size && last ? encodeCursor(last) : null,
    unread,
  };
}

/** A conversation the caller may see (404 otherwise, and for a ticket that is not one). */
async function visibleConversation(platform: Platform, auth: AuthContext, id: string) {
  const ticket = await getVisibleTicketRow(platform, auth, { id });
  if (!(await repo.isConversation(platform.db, auth.tenantId, ticket.id)))
    throw notFound(M.notFound);
  return ticket;
}

/** `PUT /v2/conversations/{id}/read`: the caller has read it up to now. */
export async function markConversationRead(platform: Platform, auth: AuthContext, id: string) {
  const ticket = await visibleConversation(platform, auth, id);
  await repo.markRead(platform.db, auth.tenantId, ticket.id, auth.userId);
}

/**
 * `POST /v2/conversations/{id}/transfer`: to an agent and/or a department, as one change of the
 * ticket (the assignee rules of tickets apply), with the note left for the receiver.
 */
export async function transferConversation(
  platform: Platform,
  auth: AuthContext,
  id: string,
  body: ConversationTransferBody,
) {
  const ticket = await visibleConversation(platform, auth, id);
  const updated = await updateTicket(platform, auth, ticket.id, {
    ...(body.group_id ? { group_id: body.group_id } : {}),
    assignee_id: body.assignee_id ?? null,
  });
  const target = [updated.assignee?.name, updated.group?.name].filter(Boolean).join(' · ');
  await addComment(platform, auth, ticket.id, {
    body: M.transferNote(target, body.note),
    public: false,
    files: [],
    format: 'text',
  });
  return updated;
}

/** The changes of a ticket that can change who may see it (its visibility facts). */
const SIGHT_CHANGES = [
  'assignee_id',
  'group_id',
  'organization_id',
  'requester_id',
  'follower_ids',
];

type SubscriberWaves = {
  message: (key: CommentKey) => Promise<MessageView | undefined>;
  refresh: (wanted: { ticketId: string; last: repo.LastMessage | undefined }) => Promise<boolean>;
  row: (wanted: {
    tenantId: string;
    ticketId: string;
  }) => Promise<Awaited<ReturnType<typeof repo.conversationRows>>[number]>;
};
const subscriberWaves = new WeakMap<Platform, SubscriberWaves>();

/**
 * What the subscriber reads and writes for each event, shared by the conversations it handles
 * side by side (createBatcher): under load, a wave of messages costs one statement of each.
 */
function subscriberWavesOf(platform: Platform): SubscriberWaves {
  let waves = subscriberWaves.get(platform);
  if (!waves) {
    waves = {
      message: createBatcher((keys: CommentKey[]) => commentViews(platform, keys)),
      refresh: createBatcher((wanted: Parameters<SubscriberWaves['refresh']>[0][]) =>
        repo.refreshConversations(platform.db, wanted),
      ),
      row: createBatcher((wanted: Parameters<SubscriberWaves['row']>[0][]) =>
        repo.conversationRows(platform.db, wanted),
      ),
    };
    subscriberWaves.set(platform, waves);
  }
  return waves;
}

/**
 * The list row of one conversation, `unread` as its assignee reads it, and who may see it
 * (undefined: not one).
 */
async function rowAndFacts(platform: Platform, tenantId: string, ticketId: string) {
  const found = await subscriberWavesOf(platform).row({ tenantId, ticketId });
  return found && { row: toRow(found), facts: found.facts };
}

type MessageView = Awaited<ReturnType<typeof commentView>>;

/**
 * The outbox's `conversations` subscriber, per ticket in order: a chat ticket gets its row, a
 * message refreshes it, and everyone connected who may see the conversation hears the row (and
 * the message), whoever wrote it and on whichever instance; those who may no longer see it hear
 * it leave. The widgets of the conversation hear its public messages and its status.
 */
export async function onTicketEvent(platform: Platform, event: DeliveredEvent) {
  const ticketId = event.aggregateId;
  if (event.type === 'ticket.deleted') {
    platform.realtime.toTenant(event.tenantId, CONVERSATION_EVENTS.remove, { _id: ticketId });
    return;
  }
  if (event.type === 'ticket.created') {
    const source = (event.payload.ticket as { source?: string } | undefined)?.source ?? '';
    if (!isChatSource(source)) return;
    await platform.db.transaction((tx) =>
      repo.insertConversation(tx, {
        tenantId: event.tenantId,
        ticketId,
        channelId: null,
        at: new Date(event.createdAt),
      }),
    );
  }
  let message: MessageView | undefined;
  if (event.type === 'ticket.created') {
    const last = await repo.lastMessage(platform.db, ticketId);
    const preview = last && {
      at: last.createdAt,
      preview: {
        author_type: last.authorType,
        kind: last.kind,
        public: last.public,
        preview: previewOf(last.body, last.bodyFormat),
      },
    };
    if (!(await subscriberWavesOf(platform).refresh({ ticketId, last: preview || undefined })))
      return;
  } else if (event.type === 'ticket.commented') {
    const commentId = String(event.payload.comment_id);
    // A message deleted since is left out; any other failure is the delivery's to try again.
    message = await subscriberWavesOf(platform).message({ tenantId: event.tenantId, commentId });
    // The message is the newest of its ticket when its event is delivered (each ticket's events
    // come in order); one deleted since leaves the row as the next event finds it.
    const preview = message && {
      at: new Date(message.created_at),
      preview: {
        author_type: message.author_type,
        kind: message.kind,
        public: message.public,
        preview: previewOf(message.body, message.body_format),
      },
    };
    if (!(await subscriberWavesOf(platform).refresh({ ticketId, last: preview || undefined })))
      return;
  } else if (!(await repo.isConversation(platform.db, event.tenantId, ticketId))) return;
  const changes = event.type === 'ticket.updated' ? (event.payload.changes ?? {}) : {};
  if ('assignee_id' in changes)
    await repo.giveOwnerlessRequester(platform.db, event.tenantId, ticketId);
  // Linked to another customer: the widget's visitor is that customer from now on.
  if ('requester_id' in changes) await repo.followRequester(platform.db, ticketId);
  // Only a change of who holds it, where it is or whose it is can take it out of someone's
  // sight (a new conversation was in nobody's).
  const moved = SIGHT_CHANGES.some((key) => key in changes);
  const pushed = await pushConversation(platform, event.tenantId, ticketId, message, moved);
  await tellWidgets(platform, event, message, pushed?.row.channel?._id);
  if (message?.author_type === 'customer' && pushed?.facts.assigneeId)
    await notifyHolder(platform, event, pushed.facts.assigneeId, pushed.row, message);
}

/**
 * The bell of the agent holding the conversation: a customer wrote. One unread notification per
 * conversation at a time (its next messages add none until it is read).
 */
function notifyHolder(
  platform: Platform,
  event: DeliveredEvent,
  assigneeId: string,
  row: ConversationRow,
  message: MessageView,
) {
  return notify(platform, {
    tenantId: event.tenantId,
    userIds: [assigneeId],
    kind: 'conversation.message',
    title: M.newMessageFrom(row.customer?.name ?? row.code),
    body: previewOf(message.body, message.body_format),
    link: `/chat/${row._id}`,
    sourceEventId: event.id,
    unlessUnread: true,
  });
}

/** The widgets of the conversation hear its public messages and its status. */
async function tellWidgets(
  platform: Platform,
  event: DeliveredEvent,
  message: MessageView | undefined,
  channelId: string | undefined,
) {
  const ticketId = event.aggregateId;
  if (message?.public && channelId)
    tellVisitors(
      platform,
      ticketId,
      LIVECHAT_EVENTS.message,
      visitorViewOfComment(message, channelId),
    );
  const changes = event.type === 'ticket.updated' ? Object.keys(event.payload.changes ?? {}) : [];
  if (!changes.includes('status') && !changes.includes('assignee_id')) return;
  if (changes.includes('status')) await askSurveyIfResolved(platform, event.tenantId, ticketId);
  tellVisitors(platform, ticketId, LIVECHAT_EVENTS.status, await visitorStatus(platform, ticketId));
}

/**
 * The row to everyone connected, on every instance, who may see it (and its message); the row
 * and its facts.
 */
async function pushConversation(
  platform: Platform,
  tenantId: string,
  ticketId: string,
  message: MessageView | undefined,
  moved: boolean,
) {
  const found = await rowAndFacts(platform, tenantId, ticketId);
  if (!found) return undefined;
  platform.realtime.fanOut(CONVERSATION_FAN_OUT, tenantId, { ...found, message, moved });
  return found;
}

const CONVERSATION_FAN_OUT = 'conversations';
interface ConversationPush {
  row: ConversationRow;
  facts: TicketVisibilityFacts;
  message: MessageView | undefined;
  moved: boolean;
}

/**
 * Each instance's part of a conversation's push, for its own staff sockets: who may see it hears
 * the row (and the message); who may not hears it leave when it moved.
 */
export function hearConversationPushes(platform: Platform) {
  platform.realtime.registerFanOut<ConversationPush>(
    CONVERSATION_FAN_OUT,
    (auth, { row, facts, message, moved }) => {
      if (!mayWatch(auth, facts))
        return moved ? [[CONVERSATION_EVENTS.remove, { _id: row._id }]] : [];
      return [
        [CONVERSATION_EVENTS.upsert, row],
        ...(message
          ? [[CONVERSATION_EVENTS.message, { conversation_id: row._id, message }] as const]
          : []),
      ];
    },
  );
}

const mayWatch = (auth: AuthContext, facts: TicketVisibilityFacts) =>
  ticketVisibleTo(dataScopeOf(auth), facts);
