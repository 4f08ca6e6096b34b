import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';

/**
 * A form's submit handler that runs once at a time: a second submit (a double click, Enter
 * pressed twice) while the first is still running is dropped, so saving twice never creates
 * two records. Give it a handler that returns its work's promise (react-hook-form's
 * `handleSubmit` around a `mutateAsync`); `busy` is true until that promise settles.
 */
export function useGuardedSubmit(onSubmit: (event: FormEvent<HTMLFormElement>) => unknown) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (running.current) {
        event.preventDefault();
        return;
      }
      running.current = true;
      setBusy(true);
      const release = () => {
        running.current = false;
        setBusy(false);
      };
      let result: unknown;
      try {
        result = onSubmit(event);
      } catch (error) {
        release();
        throw error;
      }
      void Promise.resolve(result).finally(release);
    },
    [onSubmit],
  );
  return { submit, busy };
}
