import { z } from 'zod';
import { PRE_CHAT_FIELD_MODE, WIDGET_POSITION } from '../channels/livechat-settings.js';
import { isoDateTime } from '../platform/envelope.js';
import { MESSAGE_ID_MAX, MESSAGE_KIND } from './message-enums.js';

/**
 * The livechat widget's side (a site's visitor, no staff account): every request and response of
 * `/v2/livechat/{channelId}/...` and the socket.io namespace `/livechat`. A visitor is known by
 * the token `POST .../visitors` gives (kept in the page's local storage, sent as the
 * `X-Visitor-Token` header and the socket's `auth.visitor_token`): it opens that visitor's own
 * conversation and nothing else. Requests come from the embedding page's origin, which the
 * channel's allowed domains must include.
 */

export const VISITOR_TOKEN_HEADER = 'x-visitor-token';
/** The socket.io namespace of widgets (staff sockets live on the default one). */
export const LIVECHAT_NAMESPACE = '/livechat';

export const LIVECHAT_LIMITS_VISITOR = {
  /** Longest text message, in characters. */
  message: 5_000,
  name: 100,
  /** Largest file a visitor sends, in bytes. */
  fileBytes: 10 * 1024 * 1024,
  comment: 1_000,
} as const;

export const LIVECHAT_MESSAGES = {
  channelNotFound: 'Không tìm thấy kênh chat',
  originRefused: 'Trang web này không được phép dùng khung chat',
  visitorExpired: 'Phiên chat đã hết hạn, vui lòng bắt đầu lại',
  nameRequired: 'Vui lòng nhập họ tên',
  nameTooLong: `Họ tên tối đa ${LIVECHAT_LIMITS_VISITOR.name} ký tự`,
  phoneRequired: 'Vui lòng nhập số điện thoại',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  emailRequired: 'Vui lòng nhập email',
  emailInvalid: 'Email không hợp lệ',
  bodyRequired: 'Vui lòng nhập tin nhắn',
  bodyTooLong: `Tin nhắn tối đa ${LIVECHAT_LIMITS_VISITOR.message} ký tự`,
  clientMessageIdInvalid: 'Mã tin nhắn không hợp lệ',
  fileType: 'Chỉ gửi được ảnh (PNG, JPEG, GIF, WEBP), PDF, Word, Excel, TXT hoặc CSV',
  fileSize: `Mỗi tệp tối đa ${LIVECHAT_LIMITS_VISITOR.fileBytes / 1024 / 1024} MB`,
  scoreInvalid: 'Vui lòng chọn từ 1 đến 5 sao',
  commentTooLong: `Nhận xét tối đa ${LIVECHAT_LIMITS_VISITOR.comment} ký tự`,
  noConversation: 'Chưa có cuộc trò chuyện nào để đánh giá',
  offlineSent: 'Cảm ơn anh/chị, chúng tôi sẽ liên hệ lại sớm nhất',
  rated: 'Cảm ơn anh/chị đã đánh giá',
  tooMany: 'Anh/chị gửi quá nhanh, vui lòng thử lại sau ít phút',
} as const;

const M = LIVECHAT_MESSAGES;
const L = LIVECHAT_LIMITS_VISITOR;

/** `GET /v2/livechat/{channelId}/config`: what the widget draws and asks (public). */
export const livechatConfigView = z.object({
  channel_id: z.string(),
  title: z.string(),
  color: z.string(),
  position: z.enum(WIDGET_POSITION.values),
  avatar_url: z.string().nullable(),
  greeting: z.string(),
  offline_message: z.string(),
  pre_chat: z.object({
    name: z.enum(PRE_CHAT_FIELD_MODE.values),
    phone: z.enum(PRE_CHAT_FIELD_MODE.values),
    email: z.enum(PRE_CHAT_FIELD_MODE.values),
  }),
  /** Inside working time with someone AVAILABLE in the channel's department: chat; else the offline form. */
  online: z.boolean(),
  survey: z.object({ enabled: z.boolean(), question: z.string() }),
});
export type LivechatConfigView = z.infer<typeof livechatConfigView>;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** The pre-chat form; which fields are required is the channel's setting (checked by the server). */
export const visitorBody = z.object({
  name: optionalText(L.name, M.nameTooLong),
  phone: optionalText(20, M.phoneInvalid),
  email: optionalText(254, M.emailInvalid),
});
export type VisitorBody = z.infer<typeof visitorBody>;

/** `POST /v2/livechat/{channelId}/visitors` (201): the token to keep. */
export const visitorView = z.object({
  visitor_token: z.string(),
  name: z.string(),
});
export type VisitorView = z.infer<typeof visitorView>;

export const visitorAttachmentView = z.object({
  _id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** `GET /v2/livechat/{channelId}/attachments/{_id}` with the visitor's token header. */
  url: z.string(),
});

/** A message as the visitor sees it: public messages only; staff by their display name. */
export const visitorMessageView = z.object({
  _id: z.string(),
  /** The widget's own id of a message it sent (how a resend is recognised). */
  client_message_id: z.string().nullable(),
  /** `in`: the visitor's; `out`: the team's (an agent, the bot, the greeting). */
  direction: z.enum(['in', 'out']),
  author_name: z.string().nullable(),
  author_avatar_url: z.string().nullable(),
  kind: z.enum(MESSAGE_KIND.values),
  body: z.string(),
  attachments: z.array(visitorAttachmentView),
  /** For the visitor's messages: whether an agent has read it. */
  seen: z.boolean(),
  created_at: isoDateTime,
});
export type VisitorMessageView = z.infer<typeof visitorMessageView>;

export const VISITOR_CONVERSATION_STATUS = ['none', 'open', 'resolved'] as const;

/** `GET /v2/livechat/{channelId}/conversation`: the visitor's current conversation, oldest first. */
export const visitorConversationView = z.object({
  status: z.enum(VISITOR_CONVERSATION_STATUS),
  /** Set once an agent takes it. */
  agent: z.object({ name: z.string(), avatar_url: z.string().nullable() }).nullable(),
  messages: z.array(visitorMessageView),
  /** After a resolve with the survey on and no rating yet: the widget asks. */
  survey_pending: z.boolean(),
});
export type VisitorConversationView = z.infer<typeof visitorConversationView>;

/** `POST /v2/livechat/{channelId}/messages`, and the socket's `livechat:send` (same body). */
export const visitorMessageBody = z.object({
  client_message_id: z
    .string({ error: M.clientMessageIdInvalid })
    .trim()
    .min(1, M.clientMessageIdInvalid)
    .max(MESSAGE_ID_MAX, M.clientMessageIdInvalid),
  body: z
    .string({ error: M.bodyRequired })
    .trim()
    .min(1, M.bodyRequired)
    .max(L.message, M.bodyTooLong),
});
export type VisitorMessageBody = z.infer<typeof visitorMessageBody>;

/** `POST /v2/livechat/{channelId}/offline` (201): outside working time, the message becomes a ticket. */
export const offlineMessageBody = visitorBody.extend({
  body: visitorMessageBody.shape.body,
});
export type OfflineMessageBody = z.infer<typeof offlineMessageBody>;

/** `POST /v2/livechat/{channelId}/rating`: the survey after a resolve. */
export const visitorRatingBody = z.object({
  score: z
    .number({ error: M.scoreInvalid })
    .int(M.scoreInvalid)
    .min(1, M.scoreInvalid)
    .max(5, M.scoreInvalid),
  comment: optionalText(L.comment, M.commentTooLong),
});
export type VisitorRatingBody = z.infer<typeof visitorRatingBody>;

/** `POST /v2/livechat/{channelId}/seen`: the visitor has read up to this message of the team's. */
export const visitorSeenBody = z.object({ message_id: z.uuid(M.clientMessageIdInvalid) });

/** Socket events of the `/livechat` namespace (visitor side). */
export const LIVECHAT_EVENTS = {
  /** server → visitor: a message of the conversation (the visitor's own from another tab too). */
  message: 'livechat:message',
  /** both ways: `{typing: boolean}` (server → visitor: an agent is typing). */
  typing: 'livechat:typing',
  /** server → visitor: `{message_ids}` of the visitor's an agent has read. */
  seen: 'livechat:seen',
  /** server → visitor: the conversation's status or agent changed (`VisitorConversationView` minus messages). */
  status: 'livechat:status',
  /** visitor → server, with an ack: `VisitorMessageBody` → `{ok: true, message}` or `{ok: false, message: string}`. */
  send: 'livechat:send',
} as const;
