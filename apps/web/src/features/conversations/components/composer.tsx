import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Macro } from '@omnicare/shared/macros/macros.schemas';
import { Lock, Paperclip, Send, X } from 'lucide-react';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPE,
  TICKET_CONVERSATION_MESSAGES,
} from '@omnicare/shared/tickets/ticket-comments.schemas';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/stores/session-store';
import { useReplyMacro } from '@/features/macros/use-reply-macro';
import { CHAT_TEXT } from '../conversations-text';
import { showTicketChange, useSendMessage } from '../conversations.queries';
import type { PendingMessage } from '../live/pending-messages';
import { formatFileSize } from './message-attachments';
import { useTextSlash } from './use-text-slash';
import { WhatsAppTemplates } from './whatsapp-templates';

/** What is being written in each conversation, kept while the agent looks at another. */
const drafts = new Map<string, string>();
/** The macro chosen in each conversation for its next public message. */
const chosenMacros = new Map<string, Macro>();

const EXTENSION_ALIASES: Record<string, string> = { jpeg: 'jpg' };
/** The file's kind by its name (the server checks the content itself). */
const allowedType = (file: File) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TICKET_ATTACHMENT_TYPE.is(EXTENSION_ALIASES[extension] ?? extension);
};

/** The files to attach after these are added, or the reason they are refused. */
export function checkFiles(current: readonly File[], added: readonly File[]): File[] | string {
  if (added.some((file) => !allowedType(file))) return TICKET_CONVERSATION_MESSAGES.attachmentType;
  if (added.some((file) => file.size > TICKET_ATTACHMENT_MAX_BYTES))
    return TICKET_CONVERSATION_MESSAGES.attachmentSize;
  const next = [...current, ...added];
  if (next.length > TICKET_ATTACHMENT_MAX_FILES)
    return TICKET_CONVERSATION_MESSAGES.attachmentCount;
  return next;
}

/**
 * The chat's composer: plain text (Enter sends, Shift+Enter breaks the line), files by the
 * button, a paste or a drop, '/' for macros and templates filled for this conversation (a
 * macro's changes made with the next public message, as in the ticket's reply box), and the
 * internal-note mode. A message shows at once and is sent with its own client id.
 */
export function Composer({
  ticketId,
  source,
  disabled,
  onTyping,
  onSent,
}: {
  ticketId: string;
  /** The conversation's channel: WhatsApp adds its approved templates. */
  source?: string;
  disabled: boolean;
  onTyping: () => void;
  onSent: () => void;
}) {
  const [text, setTextState] = useState(() => drafts.get(ticketId) ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState(false);
  const [dragging, setDragging] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const send = useSendMessage(ticketId);
  const queryClient = useQueryClient();
  const me = useCurrentUser()?._id;
  // The '/' list puts a macro's text in the box and keeps the macro for the next public message,
  // as the ticket's reply box does.
  const reply = useReplyMacro({
    ticketId,
    mode: note ? 'internal' : 'public',
    format: 'text',
    store: {
      read: () => chosenMacros.get(ticketId) ?? null,
      write: (macro) => (macro ? chosenMacros.set(ticketId, macro) : chosenMacros.delete(ticketId)),
    },
  });
  const setText = (next: string) => {
    setTextState(next);
    if (next) drafts.set(ticketId, next);
    else drafts.delete(ticketId);
  };
  const slash = useTextSlash({ area, value: text, onChange: setText, commands: reply.palette });

  const addFiles = (added: File[]) => {
    if (added.length === 0) return;
    const checked = checkFiles(files, added);
    if (typeof checked === 'string') toast.error(checked);
    else setFiles(checked);
  };
  const submit = () => {
    const body = text.trim();
    if (disabled || (!body && files.length === 0 && !reply.applies)) return;
    const message: PendingMessage | null =
      body || files.length > 0
        ? {
            clientId: crypto.randomUUID(),
            ticketId,
            body,
            public: !note,
            files,
            created_at: new Date().toISOString(),
            state: 'sending',
          }
        : null;
    setText('');
    setFiles([]);
    onSent();
    if (!reply.applies) {
      if (message) send.mutate(message);
      return;
    }
    // The message goes as every chat message does (its bubble, its client id), then the
    // macro's changes; a message that failed says so on its bubble and applies nothing.
    let messageFailed = false;
    reply
      .send({
        post: message
          ? () =>
              send.mutateAsync(message).catch((error: unknown) => {
                messageFailed = true;
                throw error;
              })
          : null,
      })
      .then(({ applied }) => {
        if (!applied) return;
        showTicketChange(queryClient, applied.ticket, me);
        toast.success(applied.message);
      })
      .catch((error: unknown) => {
        if (!messageFailed) toast.error(errorMessage(error));
      });
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return;
    event.preventDefault();
    addFiles(pasted);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles([...event.dataTransfer.files]);
  };

  if (disabled)
    return (
      <p className="border-t border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-500">
        {CHAT_TEXT.closedComposer}
      </p>
    );
  return (
    <div
      className={cn(
        'relative flex flex-col gap-2 border-t px-3 py-2',
        note ? 'border-amber-300 bg-amber-50/70' : 'border-slate-200 bg-white',
      )}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="chat-composer"
    >
      {dragging && (
        <div className="pointer-events-none absolute inset-1 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-teal-500 bg-teal-50/90 text-sm font-medium text-teal-800">
          {CHAT_TEXT.dropHere}
        </div>
      )}
      {slash.menu && (
        <div className="absolute right-3 bottom-full left-3 z-20 mb-1">
          {reply.palette.render(slash.menu)}
        </div>
      )}
      {reply.chip}
      {files.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="inline-flex max-w-60 items-center gap-1 rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-xs text-slate-700"
            >
              <Paperclip className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-slate-400">{formatFileSize(file.size)}</span>
              <button
                type="button"
                aria-label={CHAT_TEXT.removeFile(file.name)}
                className="shrink-0 text-slate-400 hover:text-slate-700"
                onClick={() => setFiles(files.filter((_, at) => at !== index))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <textarea
        ref={area}
        rows={3}
        value={text}
        aria-label={note ? CHAT_TEXT.noteMode : CHAT_TEXT.composer}
        placeholder={note ? CHAT_TEXT.notePlaceholder : CHAT_TEXT.replyPlaceholder}
        className="max-h-40 min-h-16 w-full resize-none bg-transparent text-sm text-slate-900 outline-none placeholder:text-slate-400"
        onChange={(event) => {
          setText(event.target.value);
          slash.track(event.target.selectionStart);
          onTyping();
        }}
        onSelect={(event) => slash.track(event.currentTarget.selectionStart)}
        onPaste={onPaste}
        onKeyDown={(event) => {
          // A word still being composed by the input method (Telex, VNI) is not a send.
          if (event.nativeEvent.isComposing) return;
          if (slash.onKeyDown(event)) return event.preventDefault();
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div className="flex items-center gap-3">
        <input
          ref={picker}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button
          variant="ghost"
          size="sm"
          className="size-8 p-0 text-slate-500"
          aria-label={CHAT_TEXT.attach}
          title={CHAT_TEXT.attach}
          onClick={() => picker.current?.click()}
        >
          <Paperclip aria-hidden />
        </Button>
        <label className="inline-flex cursor-pointer items-center gap-2 text-xs text-slate-600">
          <Switch checked={note} onCheckedChange={setNote} aria-label={CHAT_TEXT.noteMode} />
          <span
            className={cn('inline-flex items-center gap-1', note && 'font-medium text-amber-800')}
          >
            <Lock className="size-3" aria-hidden />
            {CHAT_TEXT.noteMode}
          </span>
        </label>
        {source === 'whatsapp' && <WhatsAppTemplates ticketId={ticketId} disabled={disabled} />}
        <span className="flex-1" />
        <Button
          size="sm"
          onClick={submit}
          disabled={!text.trim() && files.length === 0 && !reply.applies}
          className={cn(note && 'bg-amber-600 hover:bg-amber-700')}
        >
          <Send aria-hidden />
          {note ? CHAT_TEXT.saveNote : CHAT_TEXT.send}
        </Button>
      </div>
    </div>
  );
}
