import { z } from 'zod';
import {
  DELIVERY_STATE,
  MESSAGE_DIRECTION,
  MESSAGE_FORMAT,
  MESSAGE_KIND,
  MESSAGE_SENDER,
  MESSAGE_ID_MAX,
} from '../conversations/message-enums.js';
import { isoDateTime } from '../platform/envelope.js';
import { labelled } from '../platform/labelled.js';
import { recordRefParam } from '../platform/record-ref.js';
import { TICKET_STATUS } from './ticket-enums.js';
import { TICKET_BULK_MESSAGES, TICKET_MESSAGES } from './tickets.schemas.js';

/**
 * The conversation inside a ticket (public replies and internal notes with attachments and
 * @mentions), merging, splitting and linking tickets: each operation's request and response.
 */

/** Largest body of one comment, in characters of sanitised HTML. */
export const TICKET_COMMENT_MAX_LENGTH = 100_000;
/** Comments per page of `GET /v2/tickets/{id}/comments` (oldest first): default and largest. */
export const TICKET_COMMENTS_PAGE_SIZE = 50;
export const TICKET_COMMENTS_MAX_PAGE_SIZE = 200;
/** Largest attached file, in bytes, and files per comment. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_ATTACHMENT_MAX_FILES = 5;

/**
 * The file types a comment may carry, recognised by their content (magic bytes and structure),
 * never by the name or type the client gives; the value is the extension stored and served.
 */
export const TICKET_ATTACHMENT_TYPE = labelled({
  png: 'Ảnh PNG',
  jpg: 'Ảnh JPEG',
  gif: 'Ảnh GIF',
  webp: 'Ảnh WEBP',
  pdf: 'PDF',
  docx: 'Word',
  xlsx: 'Excel',
  pptx: 'PowerPoint',
  doc: 'Word 97-2003',
  xls: 'Excel 97-2003',
  txt: 'Văn bản',
  csv: 'CSV',
});
export type TicketAttachmentType = (typeof TICKET_ATTACHMENT_TYPE.values)[number];

/** Who wrote a comment: a staff user, or the customer (replies arriving through a channel). */

/** How two tickets are linked. */
export const TICKET_LINK_KIND = labelled({
  related: 'Liên quan',
  merged: 'Đã gộp',
  split: 'Tách ra',
});
export type TicketLinkKind = (typeof TICKET_LINK_KIND.values)[number];

const mb = TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024;

export const TICKET_CONVERSATION_MESSAGES = {
  ticketNotFound: TICKET_MESSAGES.notFound,
  commentNotFound: 'Không tìm thấy bình luận',
  attachmentNotFound: 'Không tìm thấy tệp đính kèm',
  customerNotFound: 'Không tìm thấy khách hàng',
  invalidTicketId: 'Mã ticket không hợp lệ',
  invalidCommentId: 'Mã bình luận không hợp lệ',
  invalidAttachmentId: 'Mã tệp đính kèm không hợp lệ',
  bodyRequired: 'Nội dung không được bỏ trống',
  bodyTooLong: `Nội dung không được vượt quá ${TICKET_COMMENT_MAX_LENGTH} ký tự`,
  publicRequired: 'Vui lòng chọn trả lời công khai hoặc ghi chú nội bộ',
  clientMessageIdInvalid: 'Mã tin nhắn của người gửi không hợp lệ',
  formatInvalid: 'Định dạng nội dung không hợp lệ',
  closed: 'Ticket đã đóng, không thể thêm bình luận',
  attachmentType:
    'Tệp đính kèm phải là ảnh (PNG, JPEG, GIF, WEBP), PDF, Word, Excel, PowerPoint, TXT hoặc CSV',
  attachmentSize: `Mỗi tệp đính kèm tối đa ${mb} MB`,
  attachmentCount: `Mỗi bình luận có tối đa ${TICKET_ATTACHMENT_MAX_FILES} tệp đính kèm`,
  commented: 'Đã gửi bình luận',
  targetRequired: TICKET_BULK_MESSAGES.targetRequired,
  mergeSelf: 'Không thể gộp ticket vào chính nó',
  alreadyMerged: 'Ticket này đã được gộp vào ticket khác',
  sourceClosed: 'Ticket đã đóng, không thể gộp',
  targetClosed: 'Ticket đích đã đóng, không thể gộp vào',
  targetNotFound: 'Không tìm thấy ticket đích',
  merged: 'Gộp ticket thành công',
  splitClosed: 'Ticket đã đóng, không thể tách',
  splitCommentNotFound: 'Không tìm thấy bình luận trong ticket này',
  /** Only what the customer wrote is split off (a reply or note of staff stays in its ticket). */
  splitNotCustomer: 'Chỉ tách được tin nhắn của khách hàng thành ticket mới',
  split: 'Tách ticket thành công',
  relatedRequired: 'Vui lòng chọn ticket liên quan',
  relatedNotFound: 'Không tìm thấy ticket liên quan',
  linkSelf: 'Không thể liên kết ticket với chính nó',
  linkExists: 'Hai ticket này đã được liên kết',
  linkNotFound: 'Không tìm thấy liên kết',
  linkFixed: 'Không thể gỡ liên kết gộp hoặc tách ticket',
  linked: 'Đã liên kết ticket',
  unlinked: 'Đã gỡ liên kết ticket',
  mentionTitle: (author: string, code: string) => `${author} đã nhắc đến bạn trong ticket ${code}`,
  mergedIntoNote: (code: string) => `Đã gộp vào ticket ${code}`,
  mergedFromNote: (code: string) => `Đã gộp ticket ${code} vào ticket này`,
  splitIntoNote: (code: string) => `Đã tách bình luận thành ticket ${code}`,
  splitFromNote: (code: string) => `Tách từ ticket ${code}`,
  templateNotHere: 'Mẫu WhatsApp chỉ gửi được trong hội thoại WhatsApp',
} as const;

const M = TICKET_CONVERSATION_MESSAGES;

/** `/v2/tickets/:id`: the ticket's id (UUID). */
/** A ticket's conversation, merge, split and links: by its id or its number, as its detail. */
export const ticketConversationParams = z.object({ id: recordRefParam(M.invalidTicketId) });
/** An attachment's address, as the server writes it (the ticket's id). */
export const ticketAttachmentParams = z.object({
  id: z.uuid(M.invalidTicketId),
  attachmentId: z.uuid(M.invalidAttachmentId),
});
export const ticketLinkParams = ticketConversationParams.extend({
  linkedId: z.uuid(M.invalidTicketId),
});

/** `GET /v2/tickets/{id}/comments`: oldest first, a page at a time. */
export const ticketCommentsQuery = z.object({
  page: z.coerce
    .number({ error: 'Trang không hợp lệ' })
    .int()
    .min(1, 'Trang không hợp lệ')
    .default(1),
  page_size: z.coerce
    .number({ error: 'Số bản ghi mỗi trang không hợp lệ' })
    .int()
    .min(1, 'Số bản ghi mỗi trang không hợp lệ')
    .max(
      TICKET_COMMENTS_MAX_PAGE_SIZE,
      `Số bản ghi mỗi trang tối đa là ${TICKET_COMMENTS_MAX_PAGE_SIZE}`,
    )
    .default(TICKET_COMMENTS_PAGE_SIZE),
});
export type TicketCommentsQuery = z.infer<typeof ticketCommentsQuery>;

/**
 * `POST /v2/tickets/{id}/comments`, as JSON or as multipart (fields `body` and `public`, files in
 * `files`). The body is HTML, sanitised by the server; staff are mentioned with
 * `<span data-mention="<user id>">@Name</span>`.
 */
export const ticketCommentBody = z.object({
  body: z
    .string({ error: M.bodyRequired })
    .trim()
    .min(1, M.bodyRequired)
    .max(TICKET_COMMENT_MAX_LENGTH, M.bodyTooLong),
  public: z.boolean({ error: M.publicRequired }),
  /** `html` (the ticket's reply box, sanitised) or `text` (a chat message, stored as written). */
  format: z.enum(MESSAGE_FORMAT.values, { error: M.formatInvalid }).default('html'),
  /**
   * The sender's own id for this message (a uuid the composer makes): the same id sent again
   * (a retry after a dropped connection) answers the message already written, not a second one.
   */
  client_message_id: z
    .string({ error: M.clientMessageIdInvalid })
    .trim()
    .min(1, M.clientMessageIdInvalid)
    .max(MESSAGE_ID_MAX, M.clientMessageIdInvalid)
    .optional(),
});
export type TicketCommentBody = z.infer<typeof ticketCommentBody>;

export const personRef = z.object({
  _id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
});

export const ticketAttachmentView = z.object({
  _id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** `GET /v2/tickets/{ticketId}/attachments/{_id}`. */
  url: z.string(),
  created_at: isoDateTime,
});
export type TicketAttachmentView = z.infer<typeof ticketAttachmentView>;

/** How far a message a channel carried out got, with the provider's reason when it failed. */
export const messageDeliveryView = z.object({
  state: z.enum(DELIVERY_STATE.values),
  error_code: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * A message of the ticket's conversation (`messages`): a reply or note written here, or a
 * message that came or went through a channel (`channel_id`).
 */
export const ticketCommentView = z.object({
  _id: z.string(),
  ticket_id: z.string(),
  channel_id: z.string().nullable(),
  author_type: z.enum(MESSAGE_SENDER.values),
  author: personRef.nullable(),
  direction: z.enum(MESSAGE_DIRECTION.values),
  kind: z.enum(MESSAGE_KIND.values),
  body_format: z.enum(MESSAGE_FORMAT.values),
  body: z.string(),
  public: z.boolean(),
  mentions: z.array(z.object({ _id: z.string(), name: z.string() })),
  attachments: z.array(ticketAttachmentView),
  /** The provider's id of the message (an email's Message-ID, Zalo's msg_id). */
  provider_message_id: z.string().nullable(),
  /** The sender's own id of it (the composer's, the widget's): how a live copy is matched. */
  client_message_id: z.string().nullable(),
  delivery: messageDeliveryView.nullable(),
  created_at: isoDateTime,
});
export type TicketCommentView = z.infer<typeof ticketCommentView>;

/** A ticket as a link, a merge or a split names it. */
export const ticketRefView = z.object({
  _id: z.string(),
  code: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUS.values),
});
export type TicketRefView = z.infer<typeof ticketRefView>;

/** `POST /v2/tickets/{id}/merge`: this ticket (the source) goes into `target_id`. */
export const ticketMergeBody = z.object({
  target_id: z.uuid({ error: M.targetRequired }),
});
export const ticketMergeView = z.object({
  source: ticketRefView,
  target: ticketRefView,
  moved_comments: z.number().int(),
  moved_attachments: z.number().int(),
  moved_links: z.number().int(),
});
export type TicketMergeView = z.infer<typeof ticketMergeView>;

/** `POST /v2/tickets/{id}/split`: the comment becomes a new ticket (it stays here too). */
export const ticketSplitBody = z.object({
  comment_id: z.uuid({ error: M.splitCommentNotFound }),
});

/** `POST /v2/tickets/{id}/links`: a 'related' link, made by hand. */
export const ticketLinkBody = z.object({
  related_id: z.uuid({ error: M.relatedRequired }),
});
export const ticketLinkView = z.object({
  kind: z.enum(TICKET_LINK_KIND.values),
  ticket: ticketRefView,
  created_at: isoDateTime,
});
export type TicketLinkView = z.infer<typeof ticketLinkView>;

/**
 * What `record:changed` names when messages' delivery states moved (a provider sent or refused
 * them, the customer saw them): the screens showing them read them again.
 */
export const MESSAGE_DELIVERY_FIELD = 'delivery';
