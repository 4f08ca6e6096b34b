import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { withChunkReload } from '@/lib/chunk-reload';
import { queryClient } from './query-client';

/** Sonner and its host: loaded once the first screen shows; toasts raised before wait. */
const LazyToastHost = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await withChunkReload(() => import('./toast-host'))()).ToastHost };
  } catch {
    // A chunk that fails after its one reload: the app works on, without toasts.
    return { default: () => null };
  }
});

function DeferredToastHost() {
  const shown = useAfterFirstScreen();
  return shown ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null;
}

/** Query cache, tooltips and the toast host mounted for the whole app (spec section 2). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={300}>
        {children}
        <DeferredToastHost />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
