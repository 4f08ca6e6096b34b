import {
  ArrowRight,
  FileInput,
  FolderMinus,
  FolderPlus,
  GitMerge,
  History,
  ImageIcon,
  PencilLine,
  Tag,
  TagX,
  Ticket as TicketIcon,
  Trash2,
  UserCog,
  UserPlus,
} from 'lucide-react';
import { auditActionLabel, type AuditAction } from '@omnicare/shared/audit/audit-actions';
import { SYSTEM_ACTOR_NAME, type ActivityEntry } from '@omnicare/shared/audit/activity.schemas';
import { formatDateTime, formatRelative } from '@omnicare/shared/platform/time';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export const ACTIVITY_TEXT = {
  empty: 'Chưa có hoạt động nào',
  /** An empty value on either side of a change. */
  none: '—',
  failed: 'Không tải được lịch sử hoạt động.',
  retry: 'Thử lại',
  system: SYSTEM_ACTOR_NAME,
} as const;

/** Icons by the verb of `<entity>.<verb>`; a kind not listed gets the clock. */
const VERB_ICON: Record<string, typeof History> = {
  create: UserPlus,
  update: PencilLine,
  avatar: ImageIcon,
  add_group: FolderPlus,
  remove_group: FolderMinus,
  add_tag: Tag,
  remove_tag: TagX,
  assign_owner: UserCog,
  merge: GitMerge,
  delete: Trash2,
  import_create: FileInput,
  import_update: FileInput,
  ticket_created: TicketIcon,
};
function ActivityIcon({ kind }: { kind: string }) {
  const Icon = VERB_ICON[kind.split('.').at(-1) ?? ''] ?? History;
  return <Icon className="size-3 text-teal-700" aria-hidden="true" />;
}

/** One entry: its label from the shared action list, what it involved, and what it changed. */
export function ActivityItem({ entry, note }: { entry: ActivityEntry; note?: string }) {
  return (
    <li className="relative text-sm" data-kind={entry.kind}>
      <span className="absolute top-0 -left-[31px] flex size-5 items-center justify-center rounded-full border border-slate-200 bg-white">
        <ActivityIcon kind={entry.kind} />
      </span>
      <p className="font-medium text-slate-800">
        {entry.via?.kind === 'macro'
          ? entry.via.label
          : auditActionLabel(entry.kind as AuditAction)}
        {entry.objects.length > 0 && (
          <span className="font-normal text-slate-600">: {entry.objects.join(', ')}</span>
        )}
      </p>
      {entry.changes.length > 0 && (
        <dl className="mt-1 flex flex-col gap-0.5 text-[13px]">
          {entry.changes.map((change) => (
            <div key={change.field} className="flex min-w-0 flex-wrap items-baseline gap-x-1.5">
              <dt className="text-slate-500">{change.label}:</dt>
              <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-slate-800">
                <span className="break-words text-slate-500">
                  {change.from ?? ACTIVITY_TEXT.none}
                </span>
                <ArrowRight
                  className="size-3 shrink-0 self-center text-slate-400"
                  aria-label="thành"
                />
                <span className="break-words">{change.to ?? ACTIVITY_TEXT.none}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-0.5 text-xs text-slate-500">
        {/* A workflow or a job acts without a person: it is named instead. */}
        {entry.actor?.name ?? entry.via?.label ?? ACTIVITY_TEXT.system}
        {note && ` ${note}`} ·{' '}
        <time dateTime={entry.at} title={formatDateTime(entry.at)}>
          {formatRelative(entry.at)}
        </time>
      </p>
    </li>
  );
}

/**
 * A record's activity, newest first: the customer timeline and the staff history now, tickets'
 * activity log later. The caller loads the entries; this shows them, the loading and failed
 * states included. `title` names the section and its list; `showTitle: false` leaves the
 * heading to a surrounding dialog.
 */
export function ActivityTimeline({
  title,
  titleId,
  showTitle = true,
  entries,
  pending,
  failed,
  onRetry,
  emptyText = ACTIVITY_TEXT.empty,
  noteOf,
}: {
  title: string;
  titleId: string;
  showTitle?: boolean;
  entries: ActivityEntry[];
  pending: boolean;
  failed: boolean;
  onRetry?: () => void;
  emptyText?: string;
  /** Said beside an entry's actor (who was behind a view-as session). */
  noteOf?: (entry: ActivityEntry) => string | undefined;
}) {
  return (
    <section
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : title}
      className="flex flex-col gap-3"
    >
      {showTitle && (
        <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <History className="size-4 text-teal-700" aria-hidden="true" />
          {title}
        </h2>
      )}
      {pending && (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      {!pending && failed && (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm text-red-700">
          {ACTIVITY_TEXT.failed}
          {onRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {ACTIVITY_TEXT.retry}
            </Button>
          )}
        </div>
      )}
      {!pending && !failed && entries.length === 0 && (
        <p className="text-sm text-slate-500">{emptyText}</p>
      )}
      {entries.length > 0 && (
        <ol
          aria-label={title}
          className="relative flex flex-col gap-4 border-l border-slate-200 pl-5"
        >
          {entries.map((entry) => (
            <ActivityItem key={entry._id} entry={entry} note={noteOf?.(entry)} />
          ))}
        </ol>
      )}
    </section>
  );
}
