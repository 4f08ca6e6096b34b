import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import type { Blocker, BlockerFunction } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { UI_TEXT } from '@/lib/web-constants';

const noBlocker = (_when: BlockerFunction): Blocker | undefined => undefined;

/**
 * Guards a form holding unsaved changes: leaving for another screen of the app asks first
 * (react-router's blocker; a change of the address's query on the same screen passes), and
 * closing or reloading the browser tab gets the browser's own question. Render what it returns.
 */
export function useUnsavedChanges(dirty: boolean) {
  // The blocker needs a data router; a screen rendered without one (a unit test) keeps the
  // browser's question only. Whether there is one never changes while the screen lives.
  const useRouterBlocker = useContext(UNSAFE_DataRouterContext) ? useBlocker : noBlocker;
  const blocker = useRouterBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker?.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker?.state === 'blocked') blocker.reset();
      }}
      title={UI_TEXT.unsavedTitle}
      description={UI_TEXT.unsavedDescription}
      confirmText={UI_TEXT.unsavedLeave}
      cancelText={UI_TEXT.unsavedStay}
      onConfirm={() => blocker?.proceed?.()}
    />
  );
}
