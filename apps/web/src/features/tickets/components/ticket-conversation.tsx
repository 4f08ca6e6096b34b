import { MESSAGE_SENDER } from '@omnicare/shared/conversations/message-enums';
import { useImperativeHandle, useState, type Ref } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, MessageSquareReply, Paperclip, Send, Split, X } from 'lucide-react';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_CONVERSATION_MESSAGES,
  type TicketCommentView,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { formatDateTime } from '@omnicare/shared/platform/time';
import type { Macro } from '@omnicare/shared/macros/macros.schemas';
import type { TicketDetail } from '@omnicare/shared/tickets/tickets.schemas';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { STAFF_SOURCE } from '@/features/users/components/staff-picker';
import { readTabDraft, saveTabDraft } from '@/stores/record-tabs-store';
import { useReplyMacro } from '@/features/macros/use-reply-macro';
import { Delivery } from '@/features/conversations/components/message-bubble';
import { fetchTicketComments, postTicketComment } from '../tickets.api';
import { ticketKeys } from '../tickets.queries';

export const CONVERSATION_TEXT = {
  publicReply: 'Trả lời công khai',
  internalNote: 'Ghi chú nội bộ',
  replyPlaceholder:
    'Nhập nội dung trả lời khách hàng… (gõ / để dùng macro hoặc mẫu tin, @ để nhắc tên đồng nghiệp)',
  notePlaceholder: 'Ghi chú chỉ nhân viên thấy… (gõ / để chèn mẫu tin, @ để nhắc tên đồng nghiệp)',
  send: 'Gửi',
  attach: 'Đính kèm tệp',
  removeFile: (name: string) => `Bỏ tệp ${name}`,
  empty: 'Chưa có trao đổi nào trong ticket này.',
  internalBadge: 'Nội bộ',
  customer: 'Khách hàng',
  split: 'Tách thành ticket mới',
  splitTitle: 'Tách bình luận này thành ticket mới?',
  splitDescription:
    'Ticket mới lấy nội dung bình luận làm mô tả, cùng khách hàng, mức độ ưu tiên, loại, dịch vụ, bộ phận và người xử lý, và được liên kết với ticket này. Bình luận vẫn giữ lại ở đây.',
  splitConfirm: 'Tách ticket',
} as const;

export type CommentMode = 'public' | 'internal';
type Mode = CommentMode;

function CommentItem({
  comment,
  onSplit,
}: {
  comment: TicketCommentView;
  onSplit?: (comment: TicketCommentView) => Promise<unknown>;
}) {
  // A person by name; otherwise the customer, or who sent it (the bot's ZNS notification).
  const name =
    comment.author?.name ??
    (comment.author_type === 'customer'
      ? CONVERSATION_TEXT.customer
      : MESSAGE_SENDER.label(comment.author_type));
  return (
    <li
      className={cn(
        'flex gap-3 rounded-lg border p-3',
        comment.public ? 'border-slate-200 bg-white' : 'border-amber-200 bg-amber-50',
      )}
      data-testid="ticket-comment"
    >
      <Avatar name={name} url={comment.author?.avatar_url} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-900">{name}</span>
          {!comment.public && (
            <span className="inline-flex items-center gap-1 rounded bg-amber-200/70 px-1.5 text-xs font-medium text-amber-900">
              <Lock className="size-3" aria-hidden />
              {CONVERSATION_TEXT.internalBadge}
            </span>
          )}
          <time className="text-xs text-slate-500" dateTime={comment.created_at}>
            {formatDateTime(comment.created_at)}
          </time>
          {comment.delivery && (
            <span className="text-xs text-slate-500" data-testid="comment-delivery">
              <Delivery delivery={comment.delivery} />
            </span>
          )}
          {onSplit && (
            <span className="ml-auto">
              <ConfirmDialog
                title={CONVERSATION_TEXT.splitTitle}
                description={CONVERSATION_TEXT.splitDescription}
                confirmText={CONVERSATION_TEXT.splitConfirm}
                destructive={false}
                onConfirm={() => onSplit(comment).catch(() => undefined)}
                trigger={
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs text-slate-500"
                    aria-label={`${CONVERSATION_TEXT.split}: ${name}, ${formatDateTime(comment.created_at)}`}
                  >
                    <Split aria-hidden="true" />
                    {CONVERSATION_TEXT.split}
                  </Button>
                }
              />
            </span>
          )}
        </div>
        <RichTextView html={comment.body} className="mt-1 text-sm text-slate-800" />
        {comment.attachments.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {comment.attachments.map((file) => (
              <li key={file._id}>
                <a
                  href={file.url}
                  className="inline-flex items-center gap-1 rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700 hover:bg-slate-100"
                  download={file.file_name}
                >
                  <Paperclip className="size-3" aria-hidden />
                  {file.file_name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * The conversation of a ticket, oldest first, and the composer below it: a public reply or an
 * internal note, rich text with @mentions and attachments. What is being written is the tab's
 * 'comment' draft, so it survives switching tabs and a reload.
 */
export function TicketConversation({
  ticketId,
  tabKey,
  closed,
  onTyping,
  onSent,
  onSplit,
  ref,
}: {
  /** 'Tách thành ticket mới' on each customer message (left out on a closed ticket). */
  onSplit?: (comment: TicketCommentView) => Promise<unknown>;
  /** `compose(mode)`: write in this mode, with the cursor in the editor (a shortcut asks). */
  ref?: Ref<{ compose: (mode: Mode) => void }>;
  ticketId: string;
  tabKey: string;
  closed: boolean;
  onTyping: () => void;
  /** After sending; with the ticket as a macro left it. */
  onSent: (ticket?: TicketDetail) => void;
}) {
  const queryClient = useQueryClient();
  const comments = useQuery({
    queryKey: ticketKeys.comments(ticketId),
    queryFn: ({ signal }) => fetchTicketComments(ticketId, 1, signal),
  });
  const [body, setBody] = useState(() => readTabDraft(tabKey).comment ?? '');
  const [mode, setMode] = useState<Mode>(() =>
    readTabDraft(tabKey).extraFields?.commentMode === 'internal' ? 'internal' : 'public',
  );
  const [files, setFiles] = useState<File[]>([]);
  // The '/' list and the macro whose changes the next public reply makes (kept in the tab).
  const reply = useReplyMacro({
    ticketId,
    mode,
    store: {
      read: () => (readTabDraft(tabKey).extraFields?.macro as Macro | undefined) ?? null,
      write: (value) =>
        saveTabDraft(tabKey, 'extraFields', {
          ...readTabDraft(tabKey).extraFields,
          macro: value ?? undefined,
        }),
    },
  });
  const chooseMode = (value: Mode) => {
    setMode(value);
    saveTabDraft(tabKey, 'extraFields', {
      ...readTabDraft(tabKey).extraFields,
      commentMode: value,
    });
  };
  useImperativeHandle(ref, () => ({
    compose: (value: Mode) => {
      chooseMode(value);
      document.querySelector<HTMLElement>('[data-ticket-composer] [contenteditable]')?.focus();
    },
  }));
  const writeBody = (html: string) => {
    setBody(html);
    saveTabDraft(tabKey, 'comment', html);
  };
  const send = useMutation({
    // With a macro, the reply and its changes go in one request; attachments go in a comment
    // of their own first, the macro then making its changes only.
    mutationFn: () =>
      reply.send({
        post: () => postTicketComment(ticketId, { body, public: mode === 'public' }, files),
        inMacro: files.length > 0 ? undefined : body,
      }),
    onSuccess: ({ posted, applied }) => {
      toast.success(applied?.message || posted?.message || TICKET_CONVERSATION_MESSAGES.commented);
      writeBody('');
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.comments(ticketId) });
      onSent(applied?.ticket);
    },
  });
  const addFiles = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (picked.some((file) => file.size > TICKET_ATTACHMENT_MAX_BYTES))
      return void toast.error(TICKET_CONVERSATION_MESSAGES.attachmentSize);
    const next = [...files, ...picked];
    if (next.length > TICKET_ATTACHMENT_MAX_FILES)
      return void toast.error(TICKET_CONVERSATION_MESSAGES.attachmentCount);
    setFiles(next);
  };
  const rows = comments.data?.data ?? [];

  return (
    <section aria-label="Trao đổi" className="flex flex-col gap-3">
      {comments.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">{CONVERSATION_TEXT.empty}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {rows.map((comment) => (
            <CommentItem
              key={comment._id}
              comment={comment}
              // Only what the customer wrote becomes a ticket of its own (the server says so too).
              onSplit={closed || comment.author_type !== 'customer' ? undefined : onSplit}
            />
          ))}
        </ol>
      )}
      {!closed && (
        <form
          data-ticket-composer
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!send.isPending && (body || reply.applies)) send.mutate();
          }}
        >
          <div role="tablist" className="flex gap-1 text-sm">
            {(['public', 'internal'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={mode === value}
                onClick={() => chooseMode(value)}
                className={cn(
                  'inline-flex items-center gap-1 rounded-t-md border-b-2 px-3 py-1.5',
                  mode === value
                    ? value === 'public'
                      ? 'border-teal-700 font-medium text-teal-900'
                      : 'border-amber-600 font-medium text-amber-900'
                    : 'border-transparent text-slate-500',
                )}
              >
                {value === 'public' ? (
                  <MessageSquareReply className="size-4" aria-hidden />
                ) : (
                  <Lock className="size-4" aria-hidden />
                )}
                {value === 'public'
                  ? CONVERSATION_TEXT.publicReply
                  : CONVERSATION_TEXT.internalNote}
              </button>
            ))}
          </div>
          {reply.chip}
          <RichTextEditor
            slashCommands={reply.palette}
            label={
              mode === 'public' ? CONVERSATION_TEXT.publicReply : CONVERSATION_TEXT.internalNote
            }
            value={body}
            onChange={writeBody}
            onKeystroke={onTyping}
            mentionSource={STAFF_SOURCE}
            placeholder={
              mode === 'public'
                ? CONVERSATION_TEXT.replyPlaceholder
                : CONVERSATION_TEXT.notePlaceholder
            }
            className={mode === 'internal' ? 'bg-amber-50/60' : undefined}
          />
          {files.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {files.map((file, index) => (
                <li
                  key={`${file.name}-${index}`}
                  className="inline-flex items-center gap-1 rounded border bg-slate-50 px-2 py-1 text-xs"
                >
                  <Paperclip className="size-3" aria-hidden />
                  {file.name}
                  <button
                    type="button"
                    aria-label={CONVERSATION_TEXT.removeFile(file.name)}
                    onClick={() => setFiles(files.filter((_, at) => at !== index))}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-center gap-2">
            <label className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
              <Paperclip className="size-4" aria-hidden />
              {CONVERSATION_TEXT.attach}
              <input
                type="file"
                multiple
                className="sr-only"
                onChange={(event) => {
                  addFiles(event.target.files);
                  event.target.value = '';
                }}
              />
            </label>
            <span className="flex-1" />
            <Button type="submit" disabled={!(body || reply.applies) || send.isPending}>
              <Send aria-hidden="true" />
              {CONVERSATION_TEXT.send}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
