import { z } from 'zod';
import { CHANNEL_KIND } from '../channels/channels.schemas.js';
import { isoDateTime } from '../platform/envelope.js';
import { TICKET_STATUS } from '../tickets/ticket-enums.js';
import { MESSAGE_KIND, MESSAGE_SENDER } from './message-enums.js';

/**
 * The agent's chat workspace (`/chat`): conversations are tickets whose source is a chat channel
 * (`CHAT_SOURCES`); their messages are the ticket's (`GET`/`POST /v2/tickets/{id}/comments`, with
 * `format: 'text'`), their assignment, tags and status the ticket's (`PUT /v2/tickets/{id}`).
 * What is the workspace's own: the list with its boxes, unread counts and waiting times, the read
 * marker, the transfer with a note, and the live rows.
 */

/** Ticket sources that make a ticket a conversation (the spec's 'Chat' target). */
export const CHAT_SOURCES = ['web', 'chat', 'zalo', 'facebook', 'whatsapp'] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];
export const isChatSource = (source: string): source is ChatSource =>
  (CHAT_SOURCES as readonly string[]).includes(source);

/** The list's boxes: assigned to me, waiting for someone, everything the caller may see. */
export const CONVERSATION_BOX = ['mine', 'unassigned', 'all'] as const;
export type ConversationBox = (typeof CONVERSATION_BOX)[number];
export const CONVERSATION_BOX_LABEL: Record<ConversationBox, string> = {
  mine: 'Của tôi',
  unassigned: 'Chưa phân công',
  all: 'Tất cả',
};

/** Open (new, open, pending) or resolved (solved, closed): the list's status filter. */
export const CONVERSATION_STATE = ['open', 'resolved'] as const;
export type ConversationState = (typeof CONVERSATION_STATE)[number];

export const CONVERSATIONS_PAGE_SIZE = 30;

export const CONVERSATION_MESSAGES = {
  notFound: 'Không tìm thấy cuộc trò chuyện',
  /** The bell of the agent holding a conversation the customer wrote in. */
  newMessageFrom: (who: string) => `Tin nhắn mới từ ${who}`,
  boxInvalid: 'Hộp thư không hợp lệ',
  stateInvalid: 'Trạng thái không hợp lệ',
  sourceInvalid: 'Kênh không hợp lệ',
  cursorInvalid: 'Vị trí trang không hợp lệ',
  transferTargetRequired: 'Vui lòng chọn chuyên viên hoặc phòng ban nhận',
  transferNoteTooLong: 'Ghi chú chuyển tối đa 1000 ký tự',
  transferred: 'Đã chuyển cuộc trò chuyện',
  transferNote: (target: string, note: string) =>
    note ? `Chuyển cho ${target}: ${note}` : `Chuyển cho ${target}`,
} as const;
const M = CONVERSATION_MESSAGES;

/** `GET /v2/conversations`: newest activity first; `cursor` is the previous page's `next_cursor`. */
export const conversationListQuery = z.object({
  box: z.enum(CONVERSATION_BOX, { error: M.boxInvalid }).default('mine'),
  state: z.enum(CONVERSATION_STATE, { error: M.stateInvalid }).default('open'),
  source: z.enum(CHAT_SOURCES, { error: M.sourceInvalid }).optional(),
  group_id: z.uuid('Phòng ban không hợp lệ').optional(),
  tag_id: z.uuid('Nhãn không hợp lệ').optional(),
  /** The customer's name, phone or email, or the conversation's code. */
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200, M.cursorInvalid).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PAGE_SIZE),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

const namedRef = z.object({ _id: z.string(), name: z.string() });

/**
 * Where a conversation came from when the customer's first message followed an ad, a post or a
 * link with a ref (Messenger's and WhatsApp's `referral`), as the ad-funnel report counts it.
 * `ad_id` is Messenger's ad id or WhatsApp's `source_id` of an ad.
 */
export const CONVERSATION_REFERRAL_KIND = ['ad', 'post', 'link'] as const;
export const conversationReferralView = z.object({
  kind: z.enum(CONVERSATION_REFERRAL_KIND),
  ad_id: z.string().nullable(),
  /** The ad's title or headline. */
  title: z.string().nullable(),
  /** The ad's or post's address. */
  url: z.string().nullable(),
  /** A link's `ref` (m.me/…?ref=…). */
  ref: z.string().nullable(),
});
export type ConversationReferral = z.infer<typeof conversationReferralView>;
export const CONVERSATION_REFERRAL_LABEL: Record<ConversationReferral['kind'], string> = {
  ad: 'Từ quảng cáo',
  post: 'Từ bài viết',
  link: 'Từ liên kết',
};

/** One row of the list, and what the live `conversation:upsert` event carries. */
export const conversationRowView = z.object({
  _id: z.string(),
  code: z.string(),
  number: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUS.values),
  source: z.string(),
  channel: z
    .object({ _id: z.string(), name: z.string(), kind: z.enum(CHANNEL_KIND.values) })
    .nullable(),
  customer: z
    .object({ _id: z.string(), name: z.string(), avatar_url: z.string().nullable() })
    .nullable(),
  assignee: namedRef.nullable(),
  group: namedRef.nullable(),
  priority: z.object({ _id: z.string(), name: z.string(), color: z.string() }).nullable(),
  tags: z.array(namedRef),
  /** The last public message or note: its first 140 characters as text. */
  last_message: z
    .object({
      author_type: z.enum(MESSAGE_SENDER.values),
      kind: z.enum(MESSAGE_KIND.values),
      public: z.boolean(),
      preview: z.string(),
      created_at: isoDateTime,
    })
    .nullable(),
  /** The customer's oldest message no one has answered yet (null: nothing waits). */
  waiting_since: isoDateTime.nullable(),
  referral: conversationReferralView.nullable(),
  /** Customer messages after the caller's read marker. */
  unread: z.number().int(),
  last_activity_at: isoDateTime,
  created_at: isoDateTime,
});
export type ConversationRow = z.infer<typeof conversationRowView>;

export const conversationListAnswer = z.object({
  data: z.array(conversationRowView),
  next_cursor: z.string().nullable(),
  /** Conversations with unread messages in each box (open ones). */
  unread: z.object({ mine: z.number().int(), unassigned: z.number().int(), all: z.number().int() }),
});
export type ConversationListAnswer = z.infer<typeof conversationListAnswer>;

/** `POST /v2/conversations/{id}/transfer`: to an agent or a department, with a note for them. */
export const conversationTransferBody = z
  .object({
    assignee_id: z.uuid(M.transferTargetRequired).nullish(),
    group_id: z.uuid(M.transferTargetRequired).nullish(),
    note: z.string().trim().max(1000, M.transferNoteTooLong).default(''),
  })
  .refine((body) => !!body.assignee_id || !!body.group_id, {
    path: ['assignee_id'],
    message: M.transferTargetRequired,
  });
export type ConversationTransferBody = z.infer<typeof conversationTransferBody>;

/** Staff socket events of the workspace. */
export const CONVERSATION_EVENTS = {
  /**
   * A row changed or appeared (`ConversationRow`); its `unread` is the assignee's count (the
   * receiver who is not the assignee keeps its own, counting `message` events).
   */
  upsert: 'conversation:upsert',
  /** A row the receiver may no longer see (moved away, deleted): `{_id}`. */
  remove: 'conversation:remove',
  /** A message written in a conversation the receiver may see: `{conversation_id, message}`. */
  message: 'conversation:message',
  /** The visitor is typing: `{conversation_id, typing}`. */
  customerTyping: 'conversation:customer-typing',
} as const;

/**
 * `GET /v2/conversations/{id}/survey`: the satisfaction survey of a conversation, as the visitor
 * answered it after a resolve (asked: the resolve asked for it; rating 1–5 and the comment once
 * answered; all null when it was never asked).
 */
export const conversationSurveyView = z.object({
  asked_at: isoDateTime.nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  comment: z.string().nullable(),
  rated_at: isoDateTime.nullable(),
});
export type ConversationSurvey = z.infer<typeof conversationSurveyView>;
