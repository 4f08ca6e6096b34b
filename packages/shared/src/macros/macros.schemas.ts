import { z } from 'zod';
import { isoDateTime } from '../platform/envelope.js';
import { requiredText } from '../platform/validation.js';
import { placeholderProblem } from '../templates/placeholders.js';
import { TICKET_STATUS, type TicketStatus } from '../tickets/ticket-enums.js';
import {
  TICKET_COMMENT_MAX_LENGTH,
  ticketCommentView,
} from '../tickets/ticket-comments.schemas.js';
import { ticketDetailView } from '../tickets/tickets.schemas.js';
import { recordRefParam } from '../platform/record-ref.js';

/**
 * Macros (Zendesk's macros, Chatwoot's canned responses): one action that writes a public reply
 * (its placeholders filled for the ticket, the closed list of message templates) and sets fields
 * of the ticket, as one change. Personal macros are their owner's; shared ones are the tenant's,
 * made and changed by administrators and team leaders (`macro.share`).
 */

export const MACRO_LIMITS = { name: 100, body: 5_000, tags: 20 } as const;

export const MACRO_MESSAGES = {
  created: 'Tạo mới macro thành công',
  updated: 'Cập nhật macro thành công',
  deleted: 'Xóa macro thành công',
  notFound: 'Không tìm thấy macro',
  nameTaken: 'Tên macro đã tồn tại',
  subject: 'Macro',
  invalidId: 'Macro không hợp lệ',
  applied: (name: string) => `Đã áp dụng macro ${name}`,
  /** The activity log's line for the change a macro made. */
  appliedEntry: (name: string) => `Áp dụng macro ${name}`,
  sharedForbidden: 'Chỉ quản trị viên và trưởng nhóm được tạo macro dùng chung',
  emptyMacro: 'Macro cần có nội dung trả lời hoặc ít nhất một thay đổi',
  tagBothWays: 'Một tag không thể vừa được thêm vừa được gỡ',
} as const;

// No transforms in what a view answers too: the answers are encoded with the same schema.
const uuidList = (message: string) =>
  z.array(z.uuid(message)).max(MACRO_LIMITS.tags, `Tối đa ${MACRO_LIMITS.tags} tag`);

/** Who the ticket goes to: the person applying the macro, a staff member, or nobody. */
export const MACRO_ASSIGNEE_ME = 'me';
const assigneeChoice = z.union(
  [z.literal(MACRO_ASSIGNEE_ME), z.uuid(), z.null()],
  'Người xử lý không hợp lệ',
);

/** What a macro changes on the ticket; a field left out is left as it is. */
export const macroActions = z
  .object({
    status: z
      .enum(TICKET_STATUS.values as [TicketStatus, ...TicketStatus[]], 'Trạng thái không hợp lệ')
      .optional(),
    priority_id: z.uuid('Mức độ ưu tiên không hợp lệ').nullable().optional(),
    type_id: z.uuid('Loại ticket không hợp lệ').nullable().optional(),
    assignee: assigneeChoice.optional(),
    group_id: z.uuid('Bộ phận không hợp lệ').nullable().optional(),
    add_tag_ids: uuidList('Tag không hợp lệ').optional(),
    remove_tag_ids: uuidList('Tag không hợp lệ').optional(),
  })
  .strict()
  .superRefine((actions, ctx) => {
    const removed = new Set(actions.remove_tag_ids ?? []);
    if ((actions.add_tag_ids ?? []).some((id) => removed.has(id)))
      ctx.addIssue({
        code: 'custom',
        path: ['remove_tag_ids'],
        message: MACRO_MESSAGES.tagBothWays,
      });
  });
export type MacroActions = z.infer<typeof macroActions>;

export const macroBody = z
  .object({
    name: requiredText('Tên macro', MACRO_LIMITS.name),
    /** The reply, plain text with placeholders (`{{customer.name}}`); empty: no reply. */
    body: z
      .string({ error: 'Nội dung không hợp lệ' })
      .max(MACRO_LIMITS.body, `Nội dung không được vượt quá ${MACRO_LIMITS.body} ký tự`)
      .default('')
      .superRefine((body, ctx) => {
        const problem = placeholderProblem(body);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    actions: macroActions.default({}),
    shared: z.boolean({ error: 'Dùng chung không hợp lệ' }).default(false),
  })
  .superRefine((macro, ctx) => {
    const changes = Object.values(macro.actions).filter(
      (value) => value !== undefined && !(Array.isArray(value) && value.length === 0),
    );
    if (!macro.body.trim() && changes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['body'], message: MACRO_MESSAGES.emptyMacro });
  });
export type MacroBody = z.input<typeof macroBody>;

const named = z.object({ _id: z.string(), name: z.string() });

export const macroView = z.object({
  _id: z.string(),
  name: z.string(),
  body: z.string(),
  actions: macroActions,
  shared: z.boolean(),
  owner: named.nullable(),
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  /** How many times it has been applied. */
  usage_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Macro = z.infer<typeof macroView>;

/**
 * POST /v2/tickets/{id}/macros/{macroId}: `body` is the reply as the agent edited it in the reply
 * box (rich text, as a comment's body; placeholders already filled there); left out, the macro's
 * own text with its placeholders filled on the server.
 */
export const macroApplyBody = z
  .object({
    body: z
      .string({ error: 'Nội dung không hợp lệ' })
      .max(
        TICKET_COMMENT_MAX_LENGTH,
        `Nội dung không được vượt quá ${TICKET_COMMENT_MAX_LENGTH} ký tự`,
      )
      .optional(),
  })
  .default({});
export type MacroApplyBody = z.input<typeof macroApplyBody>;

export const macroApplyParams = z.object({
  id: recordRefParam('Mã ticket không hợp lệ'),
  macroId: z.uuid(MACRO_MESSAGES.invalidId),
});
export const ticketPlaceholdersParams = z.object({ id: recordRefParam('Mã ticket không hợp lệ') });

export const macroApplied = z.object({
  ticket: ticketDetailView,
  /** The public reply it posted; null when it had none. */
  comment: ticketCommentView.nullable(),
});
export type MacroApplied = z.infer<typeof macroApplied>;

/**
 * GET /v2/tickets/{id}/placeholders: the values of the placeholders for a ticket (its requester,
 * assignee, code, subject...), so the reply box previews a macro or a message template as it
 * will be sent.
 */
export const ticketPlaceholderValues = z.record(z.string(), z.string());
export type TicketPlaceholderValues = z.infer<typeof ticketPlaceholderValues>;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A macro's reply (plain text, placeholders filled) as the reply box's rich text: a paragraph a line. */
export const replyHtml = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `<p>${line.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? '')}</p>`)
    .join('');
