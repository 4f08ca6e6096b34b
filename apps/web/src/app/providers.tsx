import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ShellNavigationContext } from '@/components/layout/shell-navigation';
import { TooltipProvider } from '@/components/ui/tooltip';
import { withChunkReload } from '@/lib/chunk-reload';
import { onToastWanted } from '@/lib/toast';
import { SHELL_NAVIGATION } from './navigation';
import { queryClient } from './query-client';

/** Sonner and its host: loaded with the first toast, which waits for it (lib/toast.ts). */
const LazyToastHost = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await withChunkReload(() => import('./toast-host'))()).ToastHost };
  } catch {
    // A chunk that fails after its one reload: the app works on, without toasts.
    return { default: () => null };
  }
});

function ToastHostOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null;
}

/**
 * Query cache, tooltips, the shell's navigation for the screens and the toast host, mounted for
 * the whole app (spec section 2).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellNavigationContext value={SHELL_NAVIGATION}>
        <TooltipProvider delayDuration={300}>
          {children}
          <ToastHostOnDemand />
        </TooltipProvider>
      </ShellNavigationContext>
    </QueryClientProvider>
  );
}
