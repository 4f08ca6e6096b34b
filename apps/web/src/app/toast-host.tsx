import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@omnicare/shared/platform/constants';
import { markToastHostListening } from '@/lib/toast';

/** The toasts' host (spec section 2): sonner's Toaster, its own chunk (see Providers). */
export function ToastHost() {
  return (
    <>
      <Toaster
        // Top centre, below the 56 px header: never over the bell, presence or account menu,
        // nor over a page's own actions, which sit at its right (save, publish, add).
        position="top-center"
        offset={{ top: 64 }}
        richColors
        closeButton
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_VISIBLE_MAX}
        toastOptions={{ className: 'font-sans' }}
      />
      <ToastHostListening />
    </>
  );
}

/** After the Toaster's own effect (siblings' effects run in order): it is subscribed now. */
function ToastHostListening() {
  useEffect(() => markToastHostListening(toast), []);
  return null;
}
