import { useQuery } from '@tanstack/react-query';
import { FileText, ImageOff } from 'lucide-react';
import type { TicketAttachmentView } from '@omnicare/shared/tickets/ticket-comments.schemas';
import { downloadFile, http } from '@/lib/http';
import { cn } from '@/lib/cn';
import { CHAT_TEXT } from '../conversations-text';

/** '512 B', '34 KB', '2,5 MB' (Vietnamese decimal comma). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace('.', ',');
  return `${shown.replace(/,0$/, '')} ${units[unit]}`;
}

export const isImage = (contentType: string) => contentType.startsWith('image/');

const objectUrls = new WeakMap<Blob, string>();

/**
 * An address the browser can show for a file in memory (a local file, or the server's read with
 * the session): one per file, kept while the page lives (the file is kept with it anyway).
 */
function objectUrlOf(source: Blob | null | undefined): string | null {
  if (!source) return null;
  let url = objectUrls.get(source);
  if (!url) {
    url = URL.createObjectURL(source);
    objectUrls.set(source, url);
  }
  return url;
}

/** A picture of the conversation, read with the session's header (a plain <img> has none). */
function ServerImage({ file }: { file: TicketAttachmentView }) {
  const blob = useQuery({
    queryKey: ['conversations', 'attachment', file.url],
    queryFn: async ({ signal }) =>
      (await http.request<Blob>({ url: file.url, responseType: 'blob', signal })).data,
    staleTime: Infinity,
    meta: { silent: true },
  });
  const url = objectUrlOf(blob.data);
  return <Picture url={url} name={file.file_name} failed={blob.isError} />;
}

export function Picture({
  url,
  name,
  failed = false,
}: {
  url: string | null;
  name: string;
  failed?: boolean;
}) {
  if (failed)
    return (
      <span className="flex h-24 w-40 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
        <ImageOff className="size-5" aria-label={name} />
      </span>
    );
  if (!url) return <span className="block h-32 w-48 animate-pulse rounded-lg bg-slate-200/70" />;
  return (
    <img
      src={url}
      alt={name}
      className="max-h-60 max-w-full rounded-lg border border-black/5 object-contain"
    />
  );
}

/** A file not shown inline: its name and size, downloaded with the session on a click. */
export function FileChip({
  name,
  size,
  onOpen,
  tone = 'light',
}: {
  name: string;
  size: number;
  onOpen?: () => void;
  tone?: 'light' | 'dark';
}) {
  const body = (
    <>
      <FileText className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
      <span className="shrink-0 opacity-70">{formatFileSize(size)}</span>
    </>
  );
  const className = cn(
    'flex w-64 max-w-full items-center gap-2 rounded-md border px-2.5 py-1.5 text-left text-xs',
    tone === 'dark'
      ? 'border-white/30 bg-white/10 text-white hover:bg-white/20'
      : 'border-slate-200 bg-slate-50 text-slate-700 hover:bg-slate-100',
  );
  if (!onOpen) return <span className={className}>{body}</span>;
  return (
    <button
      type="button"
      className={className}
      onClick={onOpen}
      aria-label={CHAT_TEXT.download(name)}
    >
      {body}
    </button>
  );
}

/** A message's files: pictures inline, the others as chips with their size. */
export function MessageAttachments({
  files,
  tone,
}: {
  files: readonly TicketAttachmentView[];
  tone?: 'light' | 'dark';
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5">
      {files.map((file) => (
        <li key={file._id}>
          {isImage(file.content_type) ? (
            <ServerImage file={file} />
          ) : (
            <FileChip
              name={file.file_name}
              size={file.size}
              tone={tone}
              onOpen={() => void downloadFile({ url: file.url }, file.file_name)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The files of a message on its way, shown from the disk. */
export function LocalFile({ file, tone }: { file: File; tone?: 'light' | 'dark' }) {
  const url = isImage(file.type) ? objectUrlOf(file) : null;
  if (isImage(file.type)) return <Picture url={url} name={file.name} />;
  return <FileChip name={file.name} size={file.size} tone={tone} />;
}
