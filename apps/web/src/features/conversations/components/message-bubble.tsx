import { AlertCircle, Check, CheckCheck, Clock, Lock, RotateCcw, X } from 'lucide-react';
import type { TicketCommentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { DELIVERY_STATE, MESSAGE_SENDER } from '@omnicare/shared/conversations/message-enums';
import { formatDateTime, formatRelative } from '@omnicare/shared/platform/time';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { CHAT_TEXT } from '../conversations-text';
import type { PendingMessage } from '../live/pending-messages';
import { LocalFile, MessageAttachments } from './message-attachments';

/** Within three hours the spec's 'Vừa xong', 'N phút trước'...; older, the Bangkok clock time. */
export function messageTime(at: string, now: number): string {
  const relative = formatRelative(at, now);
  if (relative === 'Vừa xong' || relative.endsWith('trước')) return relative;
  return formatDateTime(at).slice(11);
}

type Side = 'in' | 'out' | 'note';
const sideOf = (message: Pick<TicketCommentView, 'author_type' | 'public'>): Side =>
  !message.public ? 'note' : message.author_type === 'customer' ? 'in' : 'out';

const BUBBLE: Record<Side, string> = {
  in: 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
  out: 'rounded-br-sm bg-teal-700 text-white',
  note: 'rounded-br-sm border border-dashed border-amber-300 bg-amber-50 text-amber-950',
};

function Body({ message }: { message: Pick<TicketCommentView, 'body' | 'body_format'> }) {
  if (!message.body) return null;
  if (message.body_format === 'html')
    return <RichTextView html={message.body} className="text-sm [&_p]:my-0" />;
  return <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>;
}

const DELIVERY_ICON = { queued: Clock, sent: Check, delivered: CheckCheck, seen: CheckCheck };

/** How far an outgoing message got, as the channel reported it. */
export function Delivery({ delivery }: { delivery: TicketCommentView['delivery'] }) {
  if (!delivery) return null;
  if (delivery.state === 'failed')
    return (
      <span className="inline-flex items-center gap-1 text-red-600" title={delivery.error ?? ''}>
        <AlertCircle className="size-3" aria-hidden />
        {DELIVERY_STATE.label('failed')}
        {delivery.error ? `: ${delivery.error}` : ''}
      </span>
    );
  const Icon = DELIVERY_ICON[delivery.state];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5',
        delivery.state === 'seen' && 'text-teal-700',
      )}
    >
      <Icon className="size-3" aria-hidden />
      {DELIVERY_STATE.label(delivery.state)}
    </span>
  );
}

/** A line of the conversation's own (assigned, transferred, resolved): centred, small. */
function EventLine({ message, now }: { message: TicketCommentView; now: number }) {
  return (
    <li className="flex justify-center" data-testid="chat-message">
      <span className="rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-500">
        {message.body_format === 'html' ? (
          <RichTextView html={message.body} className="inline [&_p]:inline" />
        ) : (
          message.body
        )}{' '}
        · {messageTime(message.created_at, now)}
      </span>
    </li>
  );
}

/** One message: the customer's on the left, ours on the right, a note set apart in amber. */
export function MessageBubble({
  message,
  channel,
  now,
}: {
  message: TicketCommentView;
  /** The conversation's channel, named beside a message it carried. */
  channel: string;
  now: number;
}) {
  if (message.kind === 'event' || message.author_type === 'system')
    return <EventLine message={message} now={now} />;
  const side = sideOf(message);
  const name =
    message.author?.name ??
    (message.author_type === 'customer'
      ? CHAT_TEXT.unknownCustomer
      : MESSAGE_SENDER.label(message.author_type));
  return (
    <li
      className={cn('flex items-end gap-2', side === 'in' ? 'justify-start' : 'justify-end')}
      data-testid="chat-message"
      data-side={side}
    >
      {side === 'in' && <Avatar name={name} url={message.author?.avatar_url} />}
      <div className={cn('flex max-w-[75%] flex-col gap-1', side !== 'in' && 'items-end')}>
        <span className="flex items-center gap-1.5 px-1 text-[11px] text-slate-500">
          {side === 'note' && (
            <span className="inline-flex items-center gap-0.5 font-medium text-amber-700">
              <Lock className="size-3" aria-hidden />
              {CHAT_TEXT.internalNote}
            </span>
          )}
          <span className="font-medium text-slate-600">{name}</span>
          {message.channel_id && <span>· {channel}</span>}
        </span>
        <div className={cn('flex flex-col gap-1.5 rounded-2xl px-3 py-2', BUBBLE[side])}>
          <Body message={message} />
          <MessageAttachments
            files={message.attachments}
            tone={side === 'out' ? 'dark' : 'light'}
          />
        </div>
        <span className="flex items-center gap-2 px-1 text-[11px] text-slate-400">
          <time dateTime={message.created_at} title={formatDateTime(message.created_at)}>
            {messageTime(message.created_at, now)}
          </time>
          {side === 'out' && <Delivery delivery={message.delivery} />}
        </span>
      </div>
    </li>
  );
}

/** A message on its way: 'Đang gửi…', or 'Gửi lỗi' with 'Gửi lại' (same client id). */
export function PendingBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const side: Side = message.public ? 'out' : 'note';
  const failed = message.state === 'failed';
  return (
    <li
      className="flex justify-end"
      data-testid="chat-message"
      data-side={side}
      data-pending={message.state}
    >
      <div className="flex max-w-[75%] flex-col items-end gap-1">
        {side === 'note' && (
          <span className="inline-flex items-center gap-0.5 px-1 text-[11px] font-medium text-amber-700">
            <Lock className="size-3" aria-hidden />
            {CHAT_TEXT.internalNote}
          </span>
        )}
        <div
          className={cn(
            'flex flex-col gap-1.5 rounded-2xl px-3 py-2',
            BUBBLE[side],
            !failed && 'opacity-70',
            failed && 'ring-2 ring-red-300',
          )}
        >
          {message.body && (
            <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
          )}
          {message.files.map((file, index) => (
            <LocalFile
              key={`${file.name}-${index}`}
              file={file}
              tone={side === 'out' ? 'dark' : 'light'}
            />
          ))}
        </div>
        {failed ? (
          <span className="flex items-center gap-2 px-1 text-[11px] text-red-600" role="alert">
            <AlertCircle className="size-3" aria-hidden />
            <span title={message.error}>
              {CHAT_TEXT.failed}
              {message.error ? `: ${message.error}` : ''}
            </span>
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex items-center gap-0.5 font-medium text-teal-700 hover:underline"
            >
              <RotateCcw className="size-3" aria-hidden />
              {CHAT_TEXT.retry}
            </button>
            <button
              type="button"
              onClick={onDiscard}
              aria-label={CHAT_TEXT.discard}
              title={CHAT_TEXT.discard}
              className="text-slate-400 hover:text-slate-700"
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ) : (
          <span className="px-1 text-[11px] text-slate-400">{CHAT_TEXT.sending}</span>
        )}
      </div>
    </li>
  );
}
