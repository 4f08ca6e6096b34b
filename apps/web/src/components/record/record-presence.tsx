import { Eye, PencilLine } from 'lucide-react';
import type {
  RecordChanged,
  RecordViewer,
  WatchableKind,
} from '@omnicare/shared/realtime/record-presence';
import { Avatar } from '@/components/ui/avatar';

/**
 * The other staff on the same record: their avatars, who is typing a reply, and who else just
 * saved a change and to what (the screen shows the change already: this says where it came
 * from, so nobody answers twice or undoes a fresh change unknowingly).
 */
const THIS_RECORD: Record<WatchableKind, string> = { ticket: 'ticket này' };

export function RecordPresence({
  kind,
  others,
  changedByOther,
  describeFields,
}: {
  kind: WatchableKind;
  others: RecordViewer[];
  changedByOther: RecordChanged | null;
  /** The changed fields as people name them ('Trạng thái, Người xử lý'); '' when none known. */
  describeFields?: (fields: string[]) => string;
}) {
  const typing = others.filter((viewer) => viewer.typing);
  if (others.length === 0 && !changedByOther) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
      {others.length > 0 && (
        <div className="flex items-center gap-2" data-testid="record-viewers">
          <Eye className="size-4 text-muted-foreground" aria-hidden />
          <div className="flex -space-x-2">
            {others.map((viewer) => (
              <span
                key={viewer.user_id}
                title={viewer.name}
                className="rounded-full ring-2 ring-background"
              >
                <Avatar name={viewer.name} url={viewer.avatar_url} />
              </span>
            ))}
          </div>
          <span className="text-muted-foreground">
            {others.map((viewer) => viewer.name).join(', ')} đang xem
          </span>
        </div>
      )}
      {typing.length > 0 && (
        <span className="flex items-center gap-1 font-medium text-amber-700" role="status">
          <PencilLine className="size-4" aria-hidden />
          {typing.map((viewer) => viewer.name).join(', ')} đang soạn trả lời…
        </span>
      )}
      {changedByOther && (
        <span
          className="flex items-center gap-2 rounded-md bg-amber-50 px-2 py-1 text-amber-800"
          role="alert"
        >
          {changedByOther.by.name} vừa cập nhật{' '}
          {describeFields?.(changedByOther.fields) || THIS_RECORD[kind]}.
        </span>
      )}
    </div>
  );
}
