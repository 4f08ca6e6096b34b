import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  RecordChanged,
  RecordViewer,
  WatchableKind,
} from '@omnicare/shared/realtime/record-presence';
import { reportTyping, watchRecord } from '@/lib/realtime';
import { useCurrentUser } from '@/stores/session-store';

/** After this long without a keystroke the user no longer counts as typing. */
export const TYPING_IDLE_MS = 4_000;

/**
 * Who else is on the record while this screen shows it, the last change saved (`lastChange`, by
 * anyone: the screen reads the record again) and the last one someone else saved, and
 * `typed()` to call on every keystroke of a reply (it reports typing, then stops after a pause;
 * `stoppedTyping()` when the reply is sent or dropped).
 */
export function useRecordPresence(kind: WatchableKind, id: string | undefined) {
  const me = useCurrentUser()?._id;
  // Kept with the record they belong to, so another record's never shows after a switch.
  const [heard, setHeard] = useState<{
    id: string;
    viewers: RecordViewer[];
    lastChange: RecordChanged | null;
  } | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!id) return undefined;
    const stop = watchRecord(
      { kind, id },
      {
        onViewers: ({ viewers }) =>
          setHeard((last) => ({
            id,
            viewers,
            lastChange: last?.id === id ? last.lastChange : null,
          })),
        onChanged: (lastChange) =>
          setHeard((last) => ({ id, viewers: last?.id === id ? last.viewers : [], lastChange })),
      },
    );
    return () => {
      if (typingTimer.current) reportTyping({ kind, id }, false);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = null;
      stop();
    };
  }, [kind, id]);

  const stoppedTyping = useCallback(() => {
    if (!id || !typingTimer.current) return;
    clearTimeout(typingTimer.current);
    typingTimer.current = null;
    reportTyping({ kind, id }, false);
  }, [kind, id]);

  const typed = useCallback(() => {
    if (!id) return;
    if (typingTimer.current) clearTimeout(typingTimer.current);
    else reportTyping({ kind, id }, true);
    typingTimer.current = setTimeout(() => {
      typingTimer.current = null;
      reportTyping({ kind, id }, false);
    }, TYPING_IDLE_MS);
  }, [kind, id]);

  const current = heard?.id === id ? heard : null;
  const viewers = current?.viewers ?? [];
  const lastChange = current?.lastChange ?? null;
  return {
    others: viewers.filter((viewer) => viewer.user_id !== me),
    lastChange,
    // A change nobody is named for (the customer saw the team's messages) is read, not shown.
    changedByOther:
      lastChange && lastChange.by.name && lastChange.by.user_id !== me ? lastChange : null,
    typed,
    stoppedTyping,
  };
}
