import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@omnicare/shared/platform/constants';
import { TooltipProvider } from '@/components/ui/tooltip';
import { markToastHostListening } from '@/lib/toast';
import { queryClient } from './query-client';

/** Query cache, tooltips and the toast host mounted for the whole app (spec section 2). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={300}>
        {children}
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
      </TooltipProvider>
    </QueryClientProvider>
  );
}

/** After the Toaster's own effect (siblings' effects run in order): it is subscribed now. */
function ToastHostListening() {
  useEffect(markToastHostListening, []);
  return null;
}
